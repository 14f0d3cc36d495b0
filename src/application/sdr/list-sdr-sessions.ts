import * as E from 'fp-ts/Either';
import { contactPersonOrder, phoneKeysOfPerson } from '../../domain/sdr/contact';
import { phoneOfJid, type GatewayMessage } from '../../domain/sdr/gateway-message';
import { phoneMatchKey } from '../../domain/shared/phone';
import type { ChatSummary, ContactDirectory, GatewayMessageStore } from './ports';

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

const sessionIdOf = (chat: { instance: string; remoteJid: string }): string => `${chat.instance}:${chat.remoteJid}`;

/** Newest last message first; the session id breaks ties so pages never overlap. */
function newestFirst(a: ChatSummary, b: ChatSummary): number {
  const byTime = b.last.at.getTime() - a.last.at.getTime();
  if (byTime !== 0) return byTime;
  const [x, y] = [sessionIdOf(a), sessionIdOf(b)];
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * GET /sdr/sessions: the chats are streamed from the gateway store, only the ones that can still be
 * on the requested page are kept (a bounded buffer of page x limit), then the page gets its pushNames
 * and persons.
 */
export class ListSdrSessions {
  constructor(
    private readonly gateway: GatewayMessageStore,
    private readonly directory: ContactDirectory,
  ) {}

  async execute(input: ListSdrSessionsInput): Promise<E.Either<ListSdrSessionsError, ListSdrSessionsOutput>> {
    if (input.dateFrom !== undefined && input.dateTo !== undefined && input.dateFrom > input.dateTo) return E.left({ _tag: 'InvalidDateRange' });
    const keep = input.page * input.limit;
    let kept: ChatSummary[] = [];
    let total = 0;
    const range = {
      ...(input.instance === undefined ? {} : { instance: input.instance }),
      ...(input.dateFrom === undefined ? {} : { from: input.dateFrom }),
      ...(input.dateTo === undefined ? {} : { to: input.dateTo }),
    };
    for await (const chat of this.gateway.chats(range)) {
      total += 1;
      kept.push(chat);
      // Trim to the page's reach now and then: the buffer stays within 2 x page x limit.
      if (kept.length >= 2 * keep) kept = kept.sort(newestFirst).slice(0, keep);
    }
    const page = kept.sort(newestFirst).slice((input.page - 1) * input.limit, keep);
    const names = page.length === 0 ? [] : await this.gateway.pushNamesOf(page.map(({ instance, remoteJid }) => ({ instance, remoteJid })));
    const nameOf = new Map(names.map((n) => [sessionIdOf(n), n.pushName]));
    const phones = page.map((chat) => phoneOfJid(chat.remoteJid));
    const keys = [...new Set(phones.flatMap((p) => (p === undefined ? [] : [phoneMatchKey(p)])))];
    const persons = keys.length === 0 ? [] : await this.directory.findByPhoneKeys(keys);
    // The contact's person among those holding the phone (the one rule of CONTRACT 8.2).
    const personOf = new Map<string, { id: string; updatedAt: Date }>();
    for (const person of persons) {
      for (const key of phoneKeysOfPerson(person)) {
        const held = personOf.get(key);
        if (held === undefined || contactPersonOrder(person, held) < 0) personOf.set(key, person);
      }
    }
    const items = page.map((chat, i): SdrSession => {
      const phone = phones[i];
      return {
        id: sessionIdOf(chat),
        instance: chat.instance,
        remoteJid: chat.remoteJid,
        phone: phone ?? null,
        pushName: nameOf.get(sessionIdOf(chat)) ?? null,
        messageCount: chat.messageCount,
        firstMessageAt: chat.firstAt,
        lastMessage: chat.last,
        personId: phone === undefined ? null : (personOf.get(phoneMatchKey(phone))?.id ?? null),
      };
    });
    return E.right({ items, total });
  }
}
