import * as E from 'fp-ts/Either';
import type { Cpf } from '../../domain/shared/cpf';
import { phoneMatchKey, type CanonicalPhone } from '../../domain/shared/phone';
import { leadPersonAmong, minimalLeadPerson } from '../../domain/sdr/lead-person';
import {
  conversionTimeAfterWrite,
  type SdrChannel,
  type SdrInteraction,
  type SdrStatus,
  type WebSessionId,
} from '../../domain/sdr/interaction';
import type { Clock, IdGenerator } from '../shared/ports';
import { contactKeyOfInteraction, phonesOfMatchKey } from '../../domain/sdr/contact';
import type {
  InteractionRefresh,
  RecentMatch,
  SaleQualificationSync,
  SdrInteractionRepository,
  SdrPersonDirectory,
} from './ports';
import type { ContactChanges } from './read-model-ports';

/** How the lead was reached (spec part 4): a phone, a web chat session, or both; never neither. */
export type LeadContact =
  | { readonly phone: CanonicalPhone; readonly sessionId?: WebSessionId }
  | { readonly phone?: undefined; readonly sessionId: WebSessionId };

export type CreateSdrInteractionInput = LeadContact & {
  readonly channel: SdrChannel;
  readonly result: SdrStatus;
  readonly contact?: boolean;
  readonly sent?: boolean;
  readonly sentTo?: string | null;
  readonly convertedToLead?: boolean;
  readonly name?: string;
  readonly cpf?: Cpf;
  readonly email?: string;
  readonly notes?: string;
};

export interface CreateSdrInteractionOutput {
  readonly id: string;
  readonly personId: string;
  readonly status: SdrStatus;
  readonly created: boolean;
}

/** CONTRACT 3.4 default: an interaction of the same lead within 24 h is updated instead of duplicated. */
export const DEFAULT_SDR_DEDUPE_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Refresh-then-insert rounds before a creation gives up (each lost insert means a winner to refresh). */
const WRITE_ATTEMPTS = 3;

/** The person a first contact stored (a minimal one): the chats of its phone get it too. */
const storedPersons = (lead: { readonly id: string; readonly inserted: boolean }): string[] =>
  lead.inserted ? [lead.id] : [];

/** Create SDR interaction (spec part 4, CONTRACT 3.4); the input is already valid, so it cannot fail. */
export class CreateSdrInteraction {
  constructor(
    private readonly interactions: SdrInteractionRepository,
    private readonly people: SdrPersonDirectory,
    private readonly sales: SaleQualificationSync,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly windowMs: number = DEFAULT_SDR_DEDUPE_WINDOW_MS,
    /** The read models the interaction's contact is in (CONTRACT 10.1); absent in unit tests of the write alone. */
    private readonly readModels?: ContactChanges,
  ) {}

  async execute(input: CreateSdrInteractionInput): Promise<E.Either<never, CreateSdrInteractionOutput>> {
    const now = this.clock.now();
    const since = new Date(now.getTime() - this.windowMs);
    const phoneKey = input.phone === undefined ? undefined : phoneMatchKey(input.phone);
    const lead = await this.leadPerson(input, since, now);
    const convertedToLead = input.convertedToLead ?? false;
    const fields = {
      channel: input.channel,
      result: input.result,
      // The status starts as the result (CONTRACT 3.4); an update within the window starts it again.
      status: input.result,
      contact: input.contact ?? false,
      sent: input.sent ?? false,
      sentTo: input.sentTo ?? null,
      convertedToLead,
      // The conversion time if this write converts; a refreshed interaction keeps one it already has.
      convertedAt: conversionTimeAfterWrite(null, { convertedToLead, status: input.result }, now),
      updatedAt: now,
    };
    const match = {
      personId: lead.id,
      ...(phoneKey === undefined ? {} : { phoneKey }),
      ...(input.sessionId === undefined ? {} : { sessionId: input.sessionId }),
    };
    const fresh = (id: string): SdrInteraction => ({
      id,
      personId: lead.id,
      phone: input.phone ?? null,
      phoneKey: phoneKey ?? null,
      sessionId: input.sessionId ?? null,
      createdAt: now,
      ...fields,
    });
    const { interaction, created } = await this.refreshOrInsert(match, since, fields, fresh);
    const id = interaction.id;
    if (input.notes !== undefined && input.notes.trim() !== '')
      await this.interactions.appendNote(id, { at: now, text: input.notes });
    // The interaction refreshed may belong to another person than the one looked up (same phone key).
    const personId = interaction.personId;
    // A minimal person without a sale (created by this request or a racing one) has nothing to keep in sync.
    // The sale mirrors the interaction as this write left it (CONTRACT 10.2: derived, rewritten whole by
    // the next write; a crash before it is put right by that write or check-data --repair).
    if (!(lead.withoutSale && personId === lead.id)) await this.sales.mirrorOnLatestSale(interaction);
    // A minimal person this request stored holds the phone's match key: every contact of that key
    // (the landline and the mobile spelling are two contacts) now has a person, not only this one; so has every chat
    // of that key (the person kept on a chat).
    const holders = lead.inserted && phoneKey !== undefined ? phonesOfMatchKey(phoneKey) : [];
    await this.readModels?.contactsChanged([contactKeyOfInteraction(interaction), ...holders], storedPersons(lead));
    return E.right({ id, personId, status: fields.status, created });
  }

  /**
   * The lead's interaction after this write (CONTRACT 3.4): its recent one refreshed, else a new one
   * (`fresh`, with an id drawn only then). The new one is inserted only as its contact's current
   * interaction, which the database gives to exactly one of any number of racing creations on any
   * copy of the service (CONTRACT 10.3); a loser refreshes the winner's interaction, visible by then,
   * as if it had come just after it.
   */
  private async refreshOrInsert(
    match: RecentMatch,
    since: Date,
    fields: InteractionRefresh,
    fresh: (id: string) => SdrInteraction,
  ): Promise<{ interaction: SdrInteraction; created: boolean }> {
    let interaction: SdrInteraction | undefined;
    for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt += 1) {
      const recent = await this.interactions.refreshRecent(match, since, fields);
      if (recent !== undefined) return { interaction: recent, created: false };
      interaction ??= fresh(this.ids.next());
      if ((await this.interactions.insertCurrent(interaction, since)) === 'inserted')
        return { interaction, created: true };
    }
    // 'taken' means a current interaction of the window exists, which the next refresh finds; only a
    // holder leaving the window between the two, every time, gets here.
    throw new Error(
      `no SDR interaction written after ${WRITE_ATTEMPTS} attempts: the contact's current interaction kept changing`,
    );
  }

  /**
   * The person the lead is, created when none is known; `withoutSale`: a minimal person no sale points at; `inserted`:
   * this request stored it.
   */
  private async leadPerson(
    input: CreateSdrInteractionInput,
    since: Date,
    now: Date,
  ): Promise<{ id: string; withoutSale: boolean; inserted: boolean }> {
    let known: string | undefined;
    if (input.phone === undefined) {
      // A web lead is known only by its session: the same session within the window is the same lead.
      known = (await this.interactions.findRecent({ sessionId: input.sessionId }, since))?.personId;
    } else {
      known = leadPersonAmong(
        await this.people.findByCpfOrPhoneKey(input.cpf, phoneMatchKey(input.phone)),
        input.cpf,
      )?.id;
    }
    return known === undefined
      ? this.createMinimalPerson(input, now)
      : { id: known, withoutSale: false, inserted: false };
  }

  private async createMinimalPerson(
    input: CreateSdrInteractionInput,
    now: Date,
  ): Promise<{ id: string; withoutSale: boolean; inserted: boolean }> {
    const person = minimalLeadPerson(input, this.ids.next(), now);
    const stored = await this.people.insertMinimal(person);
    if (stored.outcome === 'inserted') return { id: person.id, withoutSale: true, inserted: true };
    // A concurrent first contact of this phone stored its person first: that person is the lead, and
    // as a minimal person still holding its phone it has no sale to keep in sync.
    if (stored.outcome === 'phone-taken') return { id: stored.holder.id, withoutSale: true, inserted: false };
    // A concurrent request stored this CPF first: that person is the lead.
    const holder = input.cpf === undefined ? undefined : await this.people.findByCpf(input.cpf);
    if (holder === undefined) throw new Error('minimal person refused for its CPF but no holder found');
    return { id: holder.id, withoutSale: false, inserted: false };
  }
}
