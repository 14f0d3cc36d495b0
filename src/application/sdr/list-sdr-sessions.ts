import * as E from 'fp-ts/Either';
import { chatIdOf, newestChatFirst } from '../../domain/sdr/chat';
import { contactPersonOrder, phoneKeysOfPerson } from '../../domain/sdr/contact';
import { phoneOfJid, type GatewayMessage } from '../../domain/sdr/gateway-message';
import { phoneMatchKey, type CanonicalPhone } from '../../domain/shared/phone';
import type { ContactDirectory, GatewaySessions } from './ports';
import type { ChatReadModel, ChatTotals, ReadModelFreshness } from './read-model-ports';

export interface ListSdrSessionsInput {
  readonly page: number;
  readonly limit: number;
  readonly instance?: string;
  readonly dateFrom?: Date;
  readonly dateTo?: Date;
}

/** One gateway chat as GET /sdr/sessions lists it (CONTRACT 8.1). */
export interface SdrSession {
  readonly id: string;
  readonly instance: string;
  readonly remoteJid: string;
  readonly phone: string | null;
  readonly pushName: string | null;
  readonly messageCount: number;
  readonly firstMessageAt: Date;
  readonly lastMessage: GatewayMessage;
  readonly personId: string | null;
}

export interface ListSdrSessionsOutput {
  readonly items: readonly SdrSession[];
  readonly total: number;
}

export type ListSdrSessionsError = { readonly _tag: 'InvalidDateRange' };

interface PageChat {
  /** The chat's all-time pushName when the page came from the chat model (a range's page looks it up). */
  readonly pushName?: string | null;
  /** The person the chat model keeps for the chat's phone (a range's page looks it up). */
  readonly personId?: string | null;
  readonly id: string;
  readonly instance: string;
  readonly remoteJid: string;
  readonly messageCount: number;
  readonly firstAt: Date;
  readonly last: GatewayMessage;
}

/**
 * GET /sdr/sessions (CONTRACT 8.1, 10.1). Without a date range the page comes from the chat read model
 * (paged by the database, with the person kept on each chat; the total from ChatTotals). With one, the
 * counts and the order are those of the range's messages: they are grouped per chat by the database over
 * the messages of the range only (the index on the message time), and only the chats that can still be
 * on the page are kept (a buffer of page x limit). The page's pushNames (all time) and persons come from
 * the chat model (a chat it does not hold: its person looked up by phone).
 */
export class ListSdrSessions {
  constructor(
    private readonly chats: ChatReadModel,
    private readonly freshness: ReadModelFreshness,
    private readonly gateway: GatewaySessions,
    private readonly directory: ContactDirectory,
    /** The total without a range, kept between changes of the chat model (default: counted per request). */
    private readonly totals: ChatTotals = { chatTotal: (instance) => chats.count(instance) },
  ) {}

  async execute(input: ListSdrSessionsInput): Promise<E.Either<ListSdrSessionsError, ListSdrSessionsOutput>> {
    if (input.dateFrom !== undefined && input.dateTo !== undefined && input.dateFrom > input.dateTo)
      return E.left({ _tag: 'InvalidDateRange' });
    await this.freshness.catchUp();
    const { page, total } =
      input.dateFrom === undefined && input.dateTo === undefined
        ? await this.fromModel(input)
        : await this.ofRange(input);
    // A range's page comes from the messages: its all-time pushNames and persons from the chat model.
    const unnamed = page.filter((c) => c.pushName === undefined).map((c) => c.id);
    const stored = new Map(unnamed.length === 0 ? [] : (await this.chats.findByIds(unnamed)).map((c) => [c.id, c]));
    const phones = page.map((chat) => phoneOfJid(chat.remoteJid));
    const personOf = await this.personsOfPhones(
      page.flatMap((chat, i) => {
        const phone = phones[i];
        const known = chat.personId !== undefined || stored.has(chat.id);
        return known || phone === undefined ? [] : [phone];
      }),
    );
    const items = page.map((chat, i): SdrSession => {
      const phone = phones[i];
      return {
        id: chat.id,
        instance: chat.instance,
        remoteJid: chat.remoteJid,
        phone: phone ?? null,
        pushName: chat.pushName ?? stored.get(chat.id)?.pushName ?? null,
        messageCount: chat.messageCount,
        firstMessageAt: chat.firstAt,
        lastMessage: chat.last,
        personId:
          chat.personId ??
          stored.get(chat.id)?.personId ??
          (phone === undefined ? null : (personOf.get(phoneMatchKey(phone))?.id ?? null)),
      };
    });
    return E.right({ items, total });
  }

  private async fromModel(input: ListSdrSessionsInput): Promise<{ page: PageChat[]; total: number }> {
    const [page, total] = await Promise.all([
      this.chats.page({
        ...(input.instance === undefined ? {} : { instance: input.instance }),
        skip: (input.page - 1) * input.limit,
        limit: input.limit,
      }),
      this.totals.chatTotal(input.instance),
    ]);
    return { page, total };
  }

  /** The person of each phone of a page chat the chat model does not hold (the rule of CONTRACT 8.2). */
  private async personsOfPhones(
    phones: readonly CanonicalPhone[],
  ): Promise<Map<string, { id: string; updatedAt: Date }>> {
    const keys = [...new Set(phones.map((p) => phoneMatchKey(p)))];
    const persons = keys.length === 0 ? [] : await this.directory.findByPhoneKeys(keys);
    const personOf = new Map<string, { id: string; updatedAt: Date }>();
    for (const person of persons) {
      for (const key of phoneKeysOfPerson(person)) {
        const held = personOf.get(key);
        if (held === undefined || contactPersonOrder(person, held) < 0) personOf.set(key, person);
      }
    }
    return personOf;
  }

  private async ofRange(input: ListSdrSessionsInput): Promise<{ page: PageChat[]; total: number }> {
    const keep = input.page * input.limit;
    let kept: PageChat[] = [];
    let total = 0;
    const range = {
      ...(input.instance === undefined ? {} : { instance: input.instance }),
      ...(input.dateFrom === undefined ? {} : { from: input.dateFrom }),
      ...(input.dateTo === undefined ? {} : { to: input.dateTo }),
    };
    for await (const chat of this.gateway.chats(range)) {
      total += 1;
      kept.push({
        id: chatIdOf(chat),
        instance: chat.instance,
        remoteJid: chat.remoteJid,
        messageCount: chat.messageCount,
        firstAt: chat.firstAt,
        last: chat.last,
      });
      // Trim to the page's reach now and then: the buffer stays within 2 x page x limit.
      if (kept.length >= 2 * keep) kept = kept.sort(newestChatFirst).slice(0, keep);
    }
    return { page: kept.sort(newestChatFirst).slice((input.page - 1) * input.limit, keep), total };
  }
}
