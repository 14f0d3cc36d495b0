import type { Cpf } from '../../domain/shared/cpf';
import type { SaleEnvelope } from '../../domain/sales/envelope';
import type { Person, Sale, SaleEntry, SaleStatusEvent, Vendor } from '../../domain/sales/sale';
import { token, type Token } from '../shared/token';
import type { Page } from '../shared/page';

export interface EligibilityWindow {
  readonly now: Date;
  /** Sales created before this are eligible only when forced (CONTRACT 3.3: 7 days by default). */
  readonly eligibleSince: Date;
  /** Sales attempted at or after this time are not taken again in the same pass. */
  readonly notAttemptedSince: Date;
}

export interface ClaimRequest extends EligibilityWindow {
  readonly limit: number;
  readonly leaseMs: number;
  readonly owner: string;
}

export interface DeliveryOutcome {
  readonly at: Date;
  /** `200`, `500`, `302`, `timeout`, `ECONNREFUSED`... */
  readonly outcome: string;
}

export interface SaleListFilter {
  readonly processed?: boolean;
  readonly dateFrom?: Date;
  readonly dateTo?: Date;
  /** The customer's CPF. */
  readonly cpf?: Cpf;
  /** Part of the customer's name, any case (the assistant's sales search). */
  readonly name?: string;
}

export interface SaleRepository {
  insert(sale: Sale): Promise<void>;
  findEntry(id: string): Promise<SaleEntry | undefined>;
  list(filter: SaleListFilter, page: number, limit: number): Promise<Page<SaleEntry>>;
  /**
   * Atomically leases up to `limit` eligible sales to `owner` (not processed; created since
   * `eligibleSince` or forced; vendor without webhookEnabled=false; lease free; not attempted in this
   * pass). Two concurrent callers never receive the same sale.
   */
  // Crash consistency (CONTRACT 10.2): (c) one updateMany, atomic per sale; a crash leaves leases that expire after
  // leaseMs, and the next pass takes the sales.
  claimEligible(request: ClaimRequest): Promise<SaleEntry[]>;
  /** What `claimEligible` would take, changing nothing (dry run). */
  peekEligible(window: EligibilityWindow, limit: number): Promise<SaleEntry[]>;
  /** How many sales `claimEligible` could take now (the progress total of a pass). */
  countEligible(window: EligibilityWindow): Promise<number>;
  /** Sales the window would take but whose vendor has webhookEnabled=false. */
  countSkipped(window: EligibilityWindow): Promise<number>;
  /** Sets forceReprocess=true and webhookProcessed=false; false when the sale does not exist. */
  force(id: string): Promise<boolean>;
  /** Leases one sale regardless of eligibility; 'busy' when another run holds it, undefined when unknown. */
  claimOne(id: string, now: Date, leaseMs: number, owner: string): Promise<SaleEntry | 'busy' | undefined>;
  /** 2xx: processed, forceReprocess cleared, lease released, attempt counted (only sales still leased to `owner`). */
  // Crash consistency (CONTRACT 10.2): (c) one updateMany while still leased to `owner`, atomic per sale; callers
  // record the attempt before it (DispatchPass, ResendSale), so a crash before it leaves the attempt recorded and the
  // sales sent again after the lease (at-least-once).
  markDelivered(ids: readonly string[], owner: string, outcome: DeliveryOutcome): Promise<void>;
  /** Failure: stays pending (flags untouched), lease released, attempt counted. */
  // Crash consistency (CONTRACT 10.2): (c) as markDelivered: the lease expires and the next pass retries.
  markFailed(ids: readonly string[], owner: string, outcome: DeliveryOutcome): Promise<void>;
  /**
   * Never sent (the pass reached its deadline, CONTRACT 9.5): lease released and nothing else changed,
   * so the next pass takes the sales at once (only sales still leased to `owner`).
   */
  // Crash consistency (CONTRACT 10.2): (c) as markDelivered: without it the leases simply expire.
  releaseLeases(ids: readonly string[], owner: string): Promise<void>;
  /**
   * Stores the event on the sale (webhook_received also sets webhookProcessed) and appends it to the
   * sale's status-event log; undefined when unknown. The event it replaces gets its log row first if
   * its own write died before it, so every event the sale ever showed ends up in the log.
   */
  // Crash consistency (CONTRACT 10.2): (c) the replaced event's row if missing, the sale (conditional on its last
  // event, the commit point), then the event's row under the id the sale holds; a crash before the row leaves it to the
  // sale's next event or check-data --repair (sale-status-events).
  recordEvent(id: string, event: SaleStatusEvent): Promise<Sale | undefined>;
}
export const SaleRepository: Token<SaleRepository> = token('SaleRepository');

export interface PersonRepository {
  /**
   * Inserts the person, or updates the one with the same CPF (keeping its id and createdAt); returns the stored person.
   */
  // Crash consistency (CONTRACT 10.2): (a) one upsert keyed by the unique CPF; a manual sale writes it before its sale,
  // a legal state the retry repeats.
  saveByCpf(person: Person): Promise<Person>;
}
export const PersonRepository: Token<PersonRepository> = token('PersonRepository');

/** The fields a vendor update sets; an omitted vendorId, store or phone keeps the stored one (CONTRACT 3.3). */
export type VendorChanges = Pick<Vendor, 'name' | 'isActive' | 'webhookEnabled' | 'updatedAt'> &
  Partial<Pick<Vendor, 'vendorId' | 'store' | 'phone'>>;

export interface VendorRepository {
  /** Refuses a second vendor with the same business code (vendorId). */
  insert(vendor: Vendor): Promise<void>;
  findById(id: string): Promise<Vendor | undefined>;
  /** Sets the changes in one atomic step and answers the vendor as updated; undefined when unknown. */
  update(id: string, changes: VendorChanges): Promise<Vendor | undefined>;
  /** By name, then id. */
  list(page: number, limit: number): Promise<Page<Vendor>>;
}
export const VendorRepository: Token<VendorRepository> = token('VendorRepository');

export interface DeliveryAttempt {
  readonly id: string;
  readonly at: Date;
  readonly trigger: 'dispatch' | 'manual';
  readonly saleIds: readonly string[];
  readonly status: number | null;
  readonly error: string | null;
  readonly durationMs: number;
}

/** Every attempt, for operators (CONTRACT 3.3). */
export interface DeliveryAttemptLog {
  // Crash consistency (CONTRACT 10.2): (a) one insert, made right after the POST and before the sales are marked, so an
  // attempt the sale counts is always in the log.
  record(attempt: DeliveryAttempt): Promise<void>;
}
export const DeliveryAttemptLog: Token<DeliveryAttemptLog> = token('DeliveryAttemptLog');

export type DeliveryResult =
  | { readonly ok: true; readonly status: number; readonly durationMs: number }
  | { readonly ok: false; readonly status: number | null; readonly error: string | null; readonly durationMs: number };

export interface SendOptions {
  /**
   * Aborts the delivery in flight (the dispatch pass reached its deadline, CONTRACT 9.5): it ends at
   * once as a failed delivery without status, error `aborted`.
   */
  readonly signal?: AbortSignal;
}

/** POSTs an envelope to the one destination (spec part 6). Never throws for a destination failure. */
export interface SaleWebhookSender {
  send(envelope: SaleEnvelope, options?: SendOptions): Promise<DeliveryResult>;
}
