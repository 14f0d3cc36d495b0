import type { SaleStatusEvent } from '../../../domain/sales/sale';
import type { SdrInteraction } from '../../../domain/sdr/interaction';
import type { SaleQualification } from '../../sdr/ports';
import { token, type Token } from '../token';

/**
 * What `check-data` reads and the few conditional writes its repairs make, one port per store. Each
 * reads its collection in `_id` order (the `_id` index serves it: a full read by design, streamed in
 * cursor batches of `batchSize`), and each write is conditional on the state the check read, so a
 * repair never overwrites a concurrent write of the service.
 */

/** A chat session's stored counters (CONTRACT 8.4). */
export interface ChatSessionCounters {
  readonly id: string;
  readonly messageCount: number;
  /** The last message number handed out (the next append takes the one after). */
  readonly messageSeq: number;
  readonly preview: string;
  readonly lastActivityAt: Date;
  readonly createdAt: Date;
}

/** What a session's stored messages say: how many, and the last of the history. */
export interface ChatMessageTally {
  readonly sessionId: string;
  readonly count: number;
  readonly last: { readonly seq: number; readonly content: string; readonly at: Date };
}

export type ChatCountersChange = Pick<
  ChatSessionCounters,
  'messageCount' | 'messageSeq' | 'preview' | 'lastActivityAt'
> & {
  /** The number of the last message counted (0 without messages): what the appends' recounts compare with. */
  readonly countedSeq: number;
};

export interface ChatCounterStore {
  /** Every session's counters, batch by batch. */
  sessions(batchSize: number): AsyncIterable<readonly ChatSessionCounters[]>;
  /** The tallies of these sessions' messages (sessions without messages are left out). */
  tallies(sessionIds: readonly string[]): Promise<ChatMessageTally[]>;
  /** Sets the counters while the session's count and number are still those of `seen`; false otherwise. */
  setCounters(seen: ChatSessionCounters, next: ChatCountersChange): Promise<boolean>;
}
export const ChatCounterStore: Token<ChatCounterStore> = token('ChatCounterStore');

/** A document that names another one (a message its session, a note its interaction). */
export interface Reference {
  readonly id: string;
  readonly target: string;
  /** What the target must share with it (a lead event's organization and provider); absent: nothing. */
  readonly scope?: string;
}

/** One kind of reference: the referencing documents, and the documents they name. */
export interface ReferenceStore {
  /** Every referencing document, batch by batch. */
  references(batchSize: number): AsyncIterable<readonly Reference[]>;
  /** Which of these targets exist, each with its scope (undefined when the reference has none). */
  targets(ids: readonly string[]): Promise<ReadonlyMap<string, string | undefined>>;
}
/**
 * A reference whose documents belong to their target (a chat session's messages): once the target is
 * gone, removing them completes its delete (CONTRACT 10.2 class (c)); no source data is lost.
 */
export interface OwnedReferenceStore extends ReferenceStore {
  /** Deletes these documents while they still name these (missing) targets; answers how many went. */
  deleteOrphans(references: readonly Reference[]): Promise<number>;
}
export const ChatMessageSessions: Token<OwnedReferenceStore> = token('ChatMessageSessions');
export const SdrNoteInteractions: Token<ReferenceStore> = token('SdrNoteInteractions');
export const LeadEventLeads: Token<ReferenceStore> = token('LeadEventLeads');
export const ApiKeyUsers: Token<ReferenceStore> = token('ApiKeyUsers');

/** A policy's status and the moves of its history, oldest first (CONTRACT 8.6). */
export interface PolicyStatusRecord {
  readonly id: string;
  readonly status: string;
  readonly history: readonly { readonly from: string; readonly to: string }[];
}

export interface PolicyStatusStore {
  policies(batchSize: number): AsyncIterable<readonly PolicyStatusRecord[]>;
}
export const PolicyStatusStore: Token<PolicyStatusStore> = token('PolicyStatusStore');

/** A sale's dispatch lease (CONTRACT 3.3): its holder and its deadline. */
export interface SaleLease {
  readonly saleId: string;
  readonly owner: string | null;
  readonly until: Date | null;
}

export interface SaleLeaseStore {
  /** The sales that carry any part of a lease (a holder or a deadline), batch by batch. */
  leased(batchSize: number): AsyncIterable<readonly SaleLease[]>;
  /** Releases the lease while it is still exactly `seen` (a newer claim is left alone); false otherwise. */
  release(seen: SaleLease): Promise<boolean>;
}
export const SaleLeaseStore: Token<SaleLeaseStore> = token('SaleLeaseStore');

/** A hub refresh-rotation claim (the rotated token's id) and the state of the token it claimed. */
export interface RefreshClaim {
  readonly tokenId: string;
  readonly successorId: string;
  /** The claimed token, absent when it is gone (removed after its expiry). */
  readonly claimed: { readonly revokedAt: Date | null; readonly expiresAt: Date } | undefined;
}

export interface RefreshClaimStore {
  claims(batchSize: number): AsyncIterable<readonly RefreshClaim[]>;
  /** Revokes the claimed token if it is still active; false when it was not. */
  revokeClaimed(tokenId: string, now: Date): Promise<boolean>;
}
export const RefreshClaimStore: Token<RefreshClaimStore> = token('RefreshClaimStore');

/** A hub webhook receipt (CONTRACT 6): the raw event its accepted delivery stored, when it names one. */
export interface WebhookReceiptRecord {
  readonly id: string;
  /** Absent on receipts written before receipts named their event (those count as complete). */
  readonly eventId: string | undefined;
  readonly receivedAt: Date;
}

export interface WebhookReceiptStore {
  /** Every receipt, batch by batch. */
  receipts(batchSize: number): AsyncIterable<readonly WebhookReceiptRecord[]>;
  /** Which of these raw events exist. */
  existingEvents(ids: readonly string[]): Promise<ReadonlySet<string>>;
}
export const WebhookReceiptStore: Token<WebhookReceiptStore> = token('WebhookReceiptStore');

/** A hub membership (CONTRACT 5.2), as `hub-memberships-without-user` judges it. */
export interface HubMembershipRecord {
  readonly id: string;
  readonly userId: string;
  readonly orgId: string;
  readonly joinedAt: Date;
}

export interface HubMembershipStore {
  /** Every membership, batch by batch. */
  memberships(batchSize: number): AsyncIterable<readonly HubMembershipRecord[]>;
  /** Which of these users exist. */
  existingUsers(ids: readonly string[]): Promise<ReadonlySet<string>>;
  /**
   * Removes a membership whose user never came, while it is still as read, after the organization
   * that user's registration founded (`foundedBy`) when no other membership names it; false when the
   * membership was no longer there as read.
   */
  removeOrphan(membership: HubMembershipRecord): Promise<boolean>;
}
export const HubMembershipStore: Token<HubMembershipStore> = token('HubMembershipStore');

/** A sale's last status event as the sale holds it (CONTRACT 3.3), with the id its log row takes. */
export interface SaleLastEvent {
  readonly saleId: string;
  /** The row's id, drawn when the event was recorded. */
  readonly eventId: string;
  readonly event: SaleStatusEvent;
}

/** The sales' last events and their rows in the status-event log (sale_status_events). */
export interface SaleStatusEventStore {
  /** Every sale with a last event recorded under an id, batch by batch. */
  lastEvents(batchSize: number): AsyncIterable<readonly SaleLastEvent[]>;
  /** Which of these row ids are stored. */
  stored(eventIds: readonly string[]): Promise<ReadonlySet<string>>;
  /** Inserts the row of the sale's last event (nothing if its id is taken); true when it inserted it. */
  insertRow(last: SaleLastEvent): Promise<boolean>;
}
export const SaleStatusEventStore: Token<SaleStatusEventStore> = token('SaleStatusEventStore');

/** An SDR interaction as `sdr-conversion-times` judges it (CONTRACT 8.3, 10.2). */
export interface ConversionRecord {
  readonly id: string;
  /** Converted to a lead or in status `converted` (isConvertedInteraction). */
  readonly converted: boolean;
  /** The stored conversion time; null when none is stored (null or absent). */
  readonly convertedAt: Date | null;
  readonly updatedAt: Date;
  /** Its contact (contactKeyOfInteraction), whose read model the repair refreshes. */
  readonly contactKey: string;
}

export interface ConversionTimeStore {
  /** Every interaction, batch by batch. */
  interactions(batchSize: number): AsyncIterable<readonly ConversionRecord[]>;
  /** Stores `at` as the conversion time while none is stored and updatedAt is still `seen.updatedAt`; false otherwise. */
  storeConversionTime(seen: ConversionRecord, at: Date): Promise<boolean>;
}
export const ConversionTimeStore: Token<ConversionTimeStore> = token('ConversionTimeStore');

/** A sale with the SDR data it stores (`sdr`: absent when it was never mirrored). */
export interface SaleMirrorRecord {
  readonly id: string;
  readonly personId: string;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  readonly sdr: Partial<SaleQualification> | undefined;
}

export interface SaleMirrorStore {
  /** Every sale, batch by batch. */
  sales(batchSize: number): AsyncIterable<readonly SaleMirrorRecord[]>;
  /** Every sale of these persons (id, person and creation time matter). */
  salesOfPersons(personIds: readonly string[]): Promise<readonly SaleMirrorRecord[]>;
  /** Every SDR interaction of these persons. */
  interactionsOfPersons(personIds: readonly string[]): Promise<readonly SdrInteraction[]>;
  /** Writes `mirror` onto the sale while its updatedAt is still `seen.updatedAt` (its updatedAt becomes the later of that and mirror.at); false otherwise. */
  setMirror(seen: SaleMirrorRecord, mirror: SaleQualification): Promise<boolean>;
}
export const SaleMirrorStore: Token<SaleMirrorStore> = token('SaleMirrorStore');
