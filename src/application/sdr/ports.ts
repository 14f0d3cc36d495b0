import type { Person, Sale } from '../../domain/sales/sale';
import type { Cpf } from '../../domain/shared/cpf';
import type { PersonSales } from '../../domain/sdr/contact';
import type { InteractionWrites, SdrInteraction, SdrNote, SdrStatus } from '../../domain/sdr/interaction';
import { token, type Token } from '../shared/token';

export interface InteractionWithNotes {
  readonly interaction: SdrInteraction;
  readonly notes: readonly SdrNote[];
}

/**
 * Fields a create-or-update replaces on an existing interaction. `convertedAt`: the conversion time
 * when this write converts (else null); it is stored only on an interaction that has none yet.
 */
export type InteractionRefresh = Pick<
  SdrInteraction,
  'channel' | 'result' | 'status' | 'contact' | 'sent' | 'sentTo' | 'convertedToLead' | 'convertedAt' | 'updatedAt'
>;

/** What a recent interaction of the same lead may share with a new one (CONTRACT 3.4 dedupe). */
export interface RecentMatch {
  readonly personId?: string;
  readonly phoneKey?: string;
  readonly sessionId?: string;
}

/** The interaction a status update moved and the status that update replaced. */
export interface StatusChange {
  readonly interactionId: string;
  /** The contact of the interaction moved (contactKeyOfInteraction). */
  readonly contactKey: string;
  readonly personId: string;
  readonly previous: SdrStatus;
  /** The interaction's conversion time after this write (the stored one, or the write's time when it converts). */
  readonly convertedAt: Date | null;
  /** The moved interaction as this write left it (what its person's sale mirrors). */
  readonly interaction: SdrInteraction;
}

/** What inserting an interaction as its contact's current one did: 'taken' wrote nothing. */
export type CurrentInsert = 'inserted' | 'taken';

export interface SdrInteractionRepository {
  /**
   * Stores an interaction as it is, current for no contact (as those stored before insertCurrent existed); creations
   * use insertCurrent.
   */
  insert(interaction: SdrInteraction): Promise<void>;
  /**
   * Inserts `interaction` as the current interaction of its contact (creationContactKey: its phone's
   * match key, else its session id) unless another interaction of that contact created since `since` is
   * current: then nothing is written and the answer is 'taken'. A current one created before `since` is
   * released on the way. The database decides (a unique key per contact), so of any number of
   * concurrent inserts for one contact, from any number of copies of the service (CONTRACT 10.3),
   * exactly one is 'inserted' within a window. An interaction with no contact key is simply inserted.
   */
  // Crash consistency (CONTRACT 10.2): (a) one atomic write, the insert is its own claim; no crash leaves a claim
  // without its interaction.
  insertCurrent(interaction: SdrInteraction, since: Date): Promise<CurrentInsert>;
  /** The newest interaction created since `since` sharing the person, the phone key or the session id. */
  findRecent(match: RecentMatch, since: Date): Promise<SdrInteraction | undefined>;
  /**
   * Replaces the fields of the newest interaction `findRecent` would answer, in one atomic step, and
   * answers it as refreshed; undefined (nothing written) when there is none.
   */
  // Crash consistency (CONTRACT 10.2): (c) one findAndModify, and when it converts a second conditional write of
  // convertedAt (first wins); killed between, the converted interaction holds its conversion time as updatedAt
  // (storedConversionTime), which its next write or check-data --repair (sdr-conversion-times) stores.
  refreshRecent(match: RecentMatch, since: Date, fields: InteractionRefresh): Promise<SdrInteraction | undefined>;
  /**
   * Sets the status of the newest interaction of any of these persons and answers the status it
   * replaced, in one atomic step: under concurrent updates each one reports the status its own write
   * overwrote. Undefined when the persons have no interaction. A move to `converted` stores `at` as
   * the conversion time when the interaction has none yet (storedConversionTime: a converted one
   * left without it by a crash gets its updatedAt).
   */
  // Crash consistency (CONTRACT 10.2): (c) as refreshRecent: the status write, then when it converts the conditional
  // write of convertedAt, completed by the next write or check-data --repair (sdr-conversion-times).
  setStatusOfLatest(personIds: readonly string[], status: SdrStatus, at: Date): Promise<StatusChange | undefined>;
  /** Append-only: one record per note, so concurrent appends can never lose one. */
  // Crash consistency (CONTRACT 10.2): (a) one insert; a client retry after a crash past it appends the note again
  // (at-least-once).
  appendNote(interactionId: string, note: SdrNote): Promise<void>;
  /**
   * The interactions of these persons, newest first (the `limit` newest when given), each with its notes oldest first.
   */
  listOfPersons(personIds: readonly string[], limit?: number): Promise<InteractionWithNotes[]>;
  /**
   * Every interaction, streamed in bounded batches (the rebuild of the read models reads them; never all in memory at
   * once).
   */
  streamAll(): AsyncIterable<SdrInteraction>;
  /**
   * The interactions of these contacts (contactKeyOfInteraction is one of `keys`): keyed lookups by phone, web session
   * or id.
   */
  ofContacts(keys: readonly string[]): Promise<SdrInteraction[]>;
  /**
   * The interactions created, updated or converted between `from` and `to` (inclusive), by their indexed times,
   * streamed: only their contact and write times.
   */
  writtenBetween(from: Date, to: Date): AsyncIterable<InteractionWrites>;
}
export const SdrInteractionRepository: Token<SdrInteractionRepository> = token('SdrInteractionRepository');

/** The person side of SDR: lookups by the identifiers external systems know, and minimal persons. */
export interface SdrPersonDirectory {
  /** Persons with a phone whose match key (DDD + last 8 digits) is `key`. */
  findByPhoneKey(key: string): Promise<Person[]>;
  findByCpf(cpf: Cpf): Promise<Person | undefined>;
  /** In one lookup: the person holding `cpf` (when given) and every person with a phone matching `phoneKey`. */
  findByCpfOrPhoneKey(cpf: Cpf | undefined, phoneKey: string): Promise<Person[]>;
  /**
   * Inserts a minimal person; 'cpf-taken' when another person holds its CPF (unique index). A minimal
   * person with a phone is one per phone match key, decided by the database in one atomic step (so
   * racing first contacts of one phone make one person): when a minimal person already holds the key,
   * nothing is written and that holder is answered. A person saved for a sale (saveByCpf) releases
   * the key, so a holder never has a sale.
   */
  // Crash consistency (CONTRACT 10.2): (a) one upsert keyed by the unique minimalPhoneKey (or one insert for a web
  // lead); the next creation of the phone finds it.
  insertMinimal(person: Person): Promise<MinimalInsert>;
}
export type MinimalInsert =
  | { readonly outcome: 'inserted' }
  | { readonly outcome: 'cpf-taken' }
  | { readonly outcome: 'phone-taken'; readonly holder: Person };

export const SdrPersonDirectory: Token<SdrPersonDirectory> = token('SdrPersonDirectory');

/** The SDR data a sale mirrors: the interaction's flags and status, and what the sale derives from them. */
export type SaleQualification = Pick<
  SdrInteraction,
  'result' | 'status' | 'contact' | 'sent' | 'sentTo' | 'convertedToLead' | 'convertedAt'
> & {
  readonly interactionId: string;
  readonly qualified: boolean;
  readonly interested: boolean;
  readonly at: Date;
};

/**
 * Keeps the sell store in step with SDR (spec part 4, CONTRACT 3.4): a sale mirrors the SDR data of its
 * person's interaction written last (saleMirrorOf, mirroredInteractionOf in sale-mirror.ts).
 */
export interface SaleQualificationSync {
  /**
   * Writes saleMirrorOf(interaction) onto the newest sale of the interaction's person created at or
   * before `interaction.updatedAt` (mirrorTargetOf), with that time as the sale's updatedAt; the id of
   * the sale, undefined when there is none. The caller passes the interaction as its write left it.
   */
  // Crash consistency (CONTRACT 10.2): (d) one findAndModify writing a copy derived whole from one interaction: lost to
  // a crash, the person's next SDR write rewrites it whole and check-data --repair (sale-sdr-mirror) recomputes it.
  mirrorOnLatestSale(interaction: SdrInteraction): Promise<string | undefined>;
}
export const SaleQualificationSync: Token<SaleQualificationSync> = token('SaleQualificationSync');

export type {
  ChangedChats,
  ChatMessageTime,
  ChatPushName,
  ChatRange,
  ChatRef,
  ChatSummary,
  GatewayActivity,
  GatewayChatFacts,
  GatewayFollowerFeed,
  GatewayInsertCounts,
  GatewayMessageWriter,
  GatewaySessions,
} from './gateway-ports';
export { GatewayMessageStore } from './gateway-ports';

/** The people and sales side of the contacts: lookups in bounded batches. */
export interface ContactDirectory {
  /** Persons with a phone whose match key (DDD + last 8 digits) is one of `keys`. */
  findByPhoneKeys(keys: readonly string[]): Promise<Person[]>;
  findByIds(ids: readonly string[]): Promise<Person[]>;
  /** For each of these persons with at least one sale: how many, and the newest one's creation time. */
  salesOf(personIds: readonly string[]): Promise<PersonSales[]>;
}
export const ContactDirectory: Token<ContactDirectory> = token('ContactDirectory');

/** Bulk writes of demo data (`seed-demo`): many records per database round trip. */
export interface DemoDataSink {
  // Crash consistency (CONTRACT 10.2): (c) demo data, people then sales then interactions: every prefix is a valid
  // dataset; not re-runnable with the same seed.
  insertPeople(people: readonly Person[]): Promise<void>;
  insertSales(sales: readonly Sale[]): Promise<void>;
  insertInteractions(interactions: readonly SdrInteraction[]): Promise<void>;
}
export const DemoDataSink: Token<DemoDataSink> = token('DemoDataSink');
