import type { ActiveChat } from '../../domain/kpi/chat-kpi-period';
import type { ChatRef, SdrChat } from '../../domain/sdr/chat';
import type {
  Contact,
  ContactFilter,
  ContactSortField,
  MetricsTally,
  SortOrder,
  StoredContact,
} from '../../domain/sdr/contact';
import { token, type Token } from '../shared/token';

/**
 * A read-model document's claim (CONTRACT 10.1): its id and the generation a refresh read before it
 * read the sources (null: no document yet). Every refresh claims first (the generation goes up), then
 * reads the sources, then writes only if the generation is still the one it claimed. So of refreshes
 * racing on one document the last to claim writes, and it read the sources after every write that
 * came before its claim; a later write has its own refresh. A refresh that finds the document gone or
 * claimed again since writes nothing: a fresher one is under way.
 */
export interface ReadModelClaim {
  readonly id: string;
  readonly generation: number | null;
}

/**
 * What a batch of writes did: `retry` lists the ids whose first document another refresh inserted first (they need a
 * claim and a read again).
 */
export interface ReadModelWriteOutcome {
  readonly written: number;
  readonly superseded: number;
  readonly retry: readonly string[];
}

/** The write side shared by both read models. */
export interface VersionedReadModel<T> {
  /**
   * Claims these documents (the existing ones' generation goes up and they are marked dirty since `at`); absent ones
   * answer generation null.
   */
  // Crash consistency (CONTRACT 10.2): (d) claim, read, conditional write: a refresh killed between leaves dirtySince,
  // refreshed again by serve a minute later.
  claim(ids: readonly string[], at: Date): Promise<ReadModelClaim[]>;
  /**
   * The documents as they are, with their generation, without claiming them (the rebuild compares
   * and writes only what differs; a write on a generation read this way is superseded by any claim
   * made since). Absent ones answer generation null and no value.
   */
  snapshot(ids: readonly string[]): Promise<(ReadModelClaim & { readonly value: T | undefined })[]>;
  /** Writes each value (undefined: the document goes) where its claim still holds; one round trip per kind of write. */
  // Crash consistency (CONTRACT 10.2): (d) conditional on the claimed generation, idempotent: running it again writes
  // the same documents.
  put(
    entries: readonly { readonly claim: ReadModelClaim; readonly value: T | undefined }[],
  ): Promise<ReadModelWriteOutcome>;
  /** Every document id, streamed (the rebuild and the sweep revisit them all). */
  ids(): AsyncIterable<string>;
  /** Documents claimed before `before` and never written since (a refresh that died half-way). */
  dirtyIds(before: Date, limit: number): Promise<string[]>;
}

export interface ContactPageQuery {
  readonly filter: ContactFilter;
  readonly now: Date;
  readonly sortBy: ContactSortField;
  readonly sortOrder: SortOrder;
  readonly skip: number;
  readonly limit: number;
}

/**
 * The contact read model (CONTRACT 8.2, 10.1): one document per contact, filtered, sorted and counted by the database.
 */
export interface ContactReadModel extends VersionedReadModel<StoredContact> {
  /** One page of the filtered contacts in the list's order. */
  page(query: ContactPageQuery): Promise<Contact[]>;
  /** The metric sums over every contact the filter keeps (counted by the database, nothing streamed). */
  tally(filter: ContactFilter, now: Date): Promise<MetricsTally>;
  /** The page and the tally of one query together (one round trip where the database can: GET /sdr/contacts). */
  pageWithTally(query: ContactPageQuery): Promise<{ readonly items: Contact[]; readonly tally: MetricsTally }>;
  /** The contacts of these keys (absent ones are left out). */
  findByIds(ids: readonly string[]): Promise<StoredContact[]>;
  /** The contacts holding a phone with this match key (DDD + last 8 digits), most recent lastInteraction first. */
  withPhoneKey(phoneKey: string, limit: number): Promise<Contact[]>;
  /** The keys of the contacts these persons belong to, or that hold a phone with one of these match keys. */
  idsOfPersons(personIds: readonly string[], phoneKeys: readonly string[]): Promise<string[]>;
  /** The contacts whose conversion falls between `from` and `to` (inclusive), streamed. */
  conversionsBetween(from: Date, to: Date): AsyncIterable<{ readonly sessionId: string; readonly at: Date }>;
  /** The web-session contacts whose first interaction falls between `from` and `to` (inclusive), streamed. */
  webContactsFirstBetween(from: Date, to: Date): AsyncIterable<Contact>;
}
export const ContactReadModel: Token<ContactReadModel> = token('ContactReadModel');

/** The chat read model (CONTRACT 8.1, 10.1): one document per one-to-one chat. */
export interface ChatReadModel extends VersionedReadModel<SdrChat> {
  /** One page of the chats (of an instance), newest last message first, ties by id; without their KPI facts (empty). */
  page(query: { readonly instance?: string; readonly skip: number; readonly limit: number }): Promise<SdrChat[]>;
  count(instance?: string): Promise<number>;
  findByIds(ids: readonly string[]): Promise<SdrChat[]>;
  /**
   * The chats of these canonical phones, any instance; `kpi: false`: without their KPI facts (empty), as `page` (what
   * the contact projection and the eraser read of them).
   */
  ofPhones(phones: readonly string[], options?: { readonly kpi?: boolean }): Promise<SdrChat[]>;
  /** The ids of the chats whose person is one of these, or whose phone has one of these match keys (DDD + last 8). */
  idsOfPersons(personIds: readonly string[], phoneKeys: readonly string[]): Promise<string[]>;
  /**
   * The chats with a message on a UTC day from `from`'s to `to`'s (a KPI period, CONTRACT 8.3), with their
   * KPI facts; a few more at most (those active on those days outside the period), never fewer.
   */
  activeBetween(range: { readonly from: Date; readonly to: Date }): AsyncIterable<ActiveChat>;
}
export const ChatReadModel: Token<ChatReadModel> = token('ChatReadModel');

/** How many chats GET /sdr/sessions counts without a date range (of an instance, or all): ChatReadModel.count, kept. */
export interface ChatTotals {
  chatTotal(instance?: string): Promise<number>;
}
export const ChatTotals: Token<ChatTotals> = token('ChatTotals');

/**
 * SDR contacts written (an interaction created or updated): their read-model documents are recomputed. Best effort, as
 * PersonChanges.
 */
export interface ContactChanges {
  // Crash consistency (CONTRACT 10.2): (d) best effort after the source write; a crash before it leaves the contact
  // stale and not dirty until the reconciling sweep or check-data --repair (to improve: docs/decisions.md F10).
  /** `persons`: persons the write stored (a first contact's minimal person): the chats of their phones too. */
  contactsChanged(keys: readonly string[], persons?: readonly string[]): Promise<void>;
  /** Gateway chats written (gateway-import, seed-demo): the chats, then the contacts of their phones and `contacts`. */
  chatsChanged(chats: readonly ChatRef[], contacts?: readonly string[]): Promise<void>;
}
export const ContactChanges: Token<ContactChanges> = token('ContactChanges');

/** Brings the read models up to what the sources hold before an answer (the gateway follower's catch-up). */
export interface ReadModelFreshness {
  catchUp(): Promise<void>;
}
export const ReadModelFreshness: Token<ReadModelFreshness> = token('ReadModelFreshness');

/** Where the gateway follower is, shared by every instance (CONTRACT 10.1): a stored position, not process memory. */
export interface FollowerPosition {
  /** Every message up to this position (the gateway store's order) is in the chat model. */
  readonly head: string | null;
  /** Up to here the safety window was re-read too (late inserts with an older position are in). */
  readonly settled: string | null;
  /** When the models were last rebuilt whole (the initial build included). */
  readonly builtAt: Date | null;
}

/** The follower's stored state and its lease (one instance folds at a time; the others wait for it). */
export interface FollowerStateStore {
  read(): Promise<FollowerPosition | undefined>;
  /**
   * Takes the lease for `ttlMs` when no other holder's lease runs at `now`; true when taken (or renewed by its holder).
   */
  lease(holder: string, now: Date, ttlMs: number): Promise<boolean>;
  /** Stores these fields while `holder` holds the lease; false (nothing written) when it does not any more. */
  // Crash consistency (CONTRACT 10.2): (a) one conditional update, after the batch's refresh: a crash re-reads that
  // batch.
  save(holder: string, fields: Partial<FollowerPosition>): Promise<boolean>;
  /** Gives the lease back (a no-op when another holder has it). */
  release(holder: string): Promise<void>;
}
export const FollowerStateStore: Token<FollowerStateStore> = token('FollowerStateStore');
