import type {
  ClaimRequest,
  DeliveryOutcome,
  EligibilityWindow,
  SaleListFilter,
  SaleRepository,
} from '../../../src/application/sales/ports';
import type { SaleQualification } from '../../../src/application/sdr/ports';
import type { DeliveryState, Sale, SaleEntry, SaleStatusEvent } from '../../../src/domain/sales/sale';
import { compareBinary } from './binary-order';
import type { CrashSwitch } from './crash-switch';
import type { InMemoryPersonRepository } from './in-memory-person-repository';
import type { InMemoryVendorRepository } from './in-memory-vendor-repository';
import type { Page } from '../../../src/application/shared/page';

interface Stored {
  /** Its `delivery` is this fake's own object (copied in and out), so the dispatch transitions update it in place. */
  sale: Sale;
  /** The run holding the lease (the database keeps it beside the sale; the domain never sees it). */
  leaseOwner: string | null;
  /** The id of `sale.lastEvent`'s row in the status-event log (null: none, or recorded before rows had ids). */
  lastEventId: string | null;
}

/** A row of the status-event log (sale_status_events). */
export interface StatusEventRow {
  readonly id: string;
  readonly saleId: string;
  readonly event: SaleStatusEvent;
}

const oldestFirst = (a: Stored, b: Stored) =>
  a.sale.createdAt.getTime() - b.sale.createdAt.getTime() || compareBinary(a.sale.id, b.sale.id);

/**
 * Sales joined with the people and vendors of the fakes beside it, as the database joins them. The
 * status-event path writes in the adapter's order (CONTRACT 10.2), each write asking `crash` first
 * and yielding between writes: the replaced event's row when missing, the sale (while its last event
 * is the one read), the event's row. The dispatch's lease and marks ask it too.
 */
export class InMemorySaleRepository implements SaleRepository {
  private readonly sales = new Map<string, Stored>();
  /** The same sales oldest first (the claim's order), so a claim stops at its limit instead of sorting all. */
  private readonly ordered: Stored[] = [];
  /** The status-event log, in the order rows were written (the database keeps them in their own collection). */
  readonly statusEvents: StatusEventRow[] = [];
  private eventIds = 0;
  /** SDR data per sale id (SaleQualificationSync); not part of the domain sale. */
  readonly qualifications = new Map<string, Partial<SaleQualification>>();

  constructor(
    private readonly people: InMemoryPersonRepository,
    private readonly vendors: InMemoryVendorRepository,
    private readonly crash?: CrashSwitch,
  ) {}

  private async write(label: string): Promise<void> {
    if (this.crash === undefined) return;
    await Promise.resolve();
    this.crash.beforeWrite(label);
  }

  async insert(sale: Sale): Promise<void> {
    await this.write('sales.insertOne');
    if (this.sales.has(sale.id)) throw new Error(`duplicate sale id ${sale.id}`);
    const stored: Stored = { sale: { ...sale, delivery: { ...sale.delivery } }, leaseOwner: null, lastEventId: null };
    this.sales.set(sale.id, stored);
    // Sales usually arrive newest last: search from the end for the place that keeps the order.
    let at = this.ordered.length;
    while (at > 0 && oldestFirst(this.ordered[at - 1] as Stored, stored) > 0) at -= 1;
    this.ordered.splice(at, 0, stored);
  }

  async findEntry(id: string): Promise<SaleEntry | undefined> {
    const stored = this.sales.get(id);
    return stored === undefined ? undefined : this.entryOf(stored);
  }

  async list(filter: SaleListFilter, page: number, limit: number): Promise<Page<SaleEntry>> {
    const matching = [...this.sales.values()]
      .filter(({ sale }) => filter.processed === undefined || sale.delivery.webhookProcessed === filter.processed)
      .filter(({ sale }) => filter.dateFrom === undefined || sale.createdAt >= filter.dateFrom)
      .filter(({ sale }) => filter.dateTo === undefined || sale.createdAt <= filter.dateTo)
      .filter(({ sale }) => filter.cpf === undefined || this.people.stored(sale.personId)?.cpf === filter.cpf)
      .filter(
        ({ sale }) =>
          filter.name === undefined ||
          (this.people.stored(sale.personId)?.fullName.toLowerCase() ?? '').includes(filter.name.toLowerCase()),
      )
      .sort((a, b) => b.sale.createdAt.getTime() - a.sale.createdAt.getTime() || compareBinary(a.sale.id, b.sale.id));
    return {
      items: matching.slice((page - 1) * limit, page * limit).map((s) => this.entryOf(s)),
      total: matching.length,
    };
  }

  async claimEligible(request: ClaimRequest): Promise<SaleEntry[]> {
    if (this.crash !== undefined) await this.write('sales.updateMany');
    const leaseUntil = new Date(request.now.getTime() + request.leaseMs);
    return this.eligible(request, request.limit).map((stored) => this.lease(stored, request.owner, leaseUntil));
  }

  async peekEligible(window: EligibilityWindow, limit: number): Promise<SaleEntry[]> {
    return this.eligible(window, limit).map((s) => this.entryOf(s));
  }

  async countEligible(window: EligibilityWindow): Promise<number> {
    return this.eligible(window, Number.POSITIVE_INFINITY).length;
  }

  async countSkipped(window: EligibilityWindow): Promise<number> {
    return [...this.sales.values()].filter(({ sale }) => pendingInWindow(sale, window) && this.vendorDisabled(sale))
      .length;
  }

  async force(id: string): Promise<boolean> {
    await this.write('sales.updateOne');
    const stored = this.sales.get(id);
    if (stored === undefined) return false;
    stored.sale = {
      ...stored.sale,
      delivery: { ...stored.sale.delivery, forceReprocess: true, webhookProcessed: false },
    };
    return true;
  }

  async claimOne(id: string, now: Date, leaseMs: number, owner: string): Promise<SaleEntry | 'busy' | undefined> {
    await this.write('sales.findOneAndUpdate');
    const stored = this.sales.get(id);
    if (stored === undefined) return undefined;
    if (!leaseFree(stored.sale, now)) return 'busy';
    return this.lease(stored, owner, new Date(now.getTime() + leaseMs));
  }

  async markDelivered(ids: readonly string[], owner: string, outcome: DeliveryOutcome): Promise<void> {
    await this.write('sales.updateMany');
    this.settle(ids, owner, outcome, { webhookProcessed: true, forceReprocess: false });
  }

  async markFailed(ids: readonly string[], owner: string, outcome: DeliveryOutcome): Promise<void> {
    await this.write('sales.updateMany');
    this.settle(ids, owner, outcome, {});
  }

  async releaseLeases(ids: readonly string[], owner: string): Promise<void> {
    await this.write('sales.updateMany');
    for (const id of ids) {
      const stored = this.sales.get(id);
      if (stored === undefined || stored.leaseOwner !== owner) continue;
      stored.leaseOwner = null;
      deliveryOf(stored).leaseUntil = null;
    }
  }

  async recordEvent(id: string, event: SaleStatusEvent): Promise<Sale | undefined> {
    this.eventIds += 1;
    const eventId = `event-${this.eventIds}`;
    for (;;) {
      const stored = this.sales.get(id);
      if (stored === undefined) return undefined;
      const previous = { id: stored.lastEventId, event: stored.sale.lastEvent };
      if (previous.id !== null && previous.event !== null) await this.ensureRow(previous.id, id, previous.event);
      await this.write('sales.findOneAndUpdate');
      if (stored.lastEventId !== previous.id) continue;
      const processed = event.event === 'webhook_received' ? { webhookProcessed: true } : {};
      stored.sale = {
        ...stored.sale,
        lastEvent: event,
        updatedAt: event.at,
        delivery: { ...stored.sale.delivery, ...processed },
      };
      stored.lastEventId = eventId;
      const sale = { ...stored.sale, delivery: { ...stored.sale.delivery } };
      await this.ensureRow(eventId, id, event);
      return sale;
    }
  }

  /** check-data's sale-status-events, on this fake: every sale's last event with the id of its row. */
  lastEvents(): { saleId: string; eventId: string; event: SaleStatusEvent }[] {
    return [...this.sales.values()].flatMap((s) =>
      s.lastEventId === null || s.sale.lastEvent === null
        ? []
        : [{ saleId: s.sale.id, eventId: s.lastEventId, event: s.sale.lastEvent }],
    );
  }

  private async ensureRow(eventId: string, saleId: string, event: SaleStatusEvent): Promise<void> {
    if (this.statusEvents.some((row) => row.id === eventId)) return;
    await this.write('sale_status_events.insertOne');
    if (this.statusEvents.some((row) => row.id === eventId)) return;
    this.statusEvents.push({ id: eventId, saleId, event });
  }

  /** The sales of these persons, copied (what the database's `by_person` index answers). */
  ofPersons(personIds: readonly string[]): Sale[] {
    const wanted = new Set(personIds);
    return this.ordered
      .filter((s) => wanted.has(s.sale.personId))
      .map((s) => ({ ...s.sale, delivery: { ...s.sale.delivery } }));
  }

  /**
   * SaleQualificationSync's write: the newest sale of the person created by `qualification.at` gets the SDR data and
   * `at` as updatedAt.
   */
  recordMirrorOnLatest(personId: string, qualification: SaleQualification): string | undefined {
    const latest = this.latestOf(personId, qualification.at);
    if (latest === undefined) return undefined;
    latest.sale = { ...latest.sale, updatedAt: qualification.at };
    this.qualifications.set(latest.sale.id, { ...qualification });
    return latest.sale.id;
  }

  /**
   * check-data's repair of a mirror: only while the sale's updatedAt is still `seen`; its updatedAt becomes the later
   * of the two.
   */
  repairMirror(saleId: string, seen: Date, qualification: SaleQualification): boolean {
    const stored = this.sales.get(saleId);
    if (stored === undefined || stored.sale.updatedAt.getTime() !== seen.getTime()) return false;
    stored.sale = { ...stored.sale, updatedAt: new Date(Math.max(seen.getTime(), qualification.at.getTime())) };
    this.qualifications.set(saleId, { ...qualification });
    return true;
  }

  private latestOf(personId: string, createdBy: Date): Stored | undefined {
    return [...this.sales.values()]
      .filter(({ sale }) => sale.personId === personId && sale.createdAt.getTime() <= createdBy.getTime())
      .sort(
        (a, b) => b.sale.createdAt.getTime() - a.sale.createdAt.getTime() || compareBinary(b.sale.id, a.sale.id),
      )[0];
  }

  /** The first `limit` eligible sales, oldest first. */
  private eligible(window: EligibilityWindow, limit: number): Stored[] {
    const found: Stored[] = [];
    for (const stored of this.ordered) {
      if (found.length >= limit) break;
      const { sale } = stored;
      if (!pendingInWindow(sale, window) || !leaseFree(sale, window.now)) continue;
      if (sale.delivery.lastAttemptAt !== null && sale.delivery.lastAttemptAt >= window.notAttemptedSince) continue;
      if (!this.vendorDisabled(sale)) found.push(stored);
    }
    return found;
  }

  private vendorDisabled(sale: Sale): boolean {
    return sale.vendorId !== null && this.vendors.stored(sale.vendorId)?.webhookEnabled === false;
  }

  private lease(stored: Stored, owner: string, leaseUntil: Date): SaleEntry {
    stored.leaseOwner = owner;
    deliveryOf(stored).leaseUntil = leaseUntil;
    return this.entryOf(stored);
  }

  private settle(
    ids: readonly string[],
    owner: string,
    outcome: DeliveryOutcome,
    flags: { webhookProcessed?: boolean; forceReprocess?: boolean },
  ): void {
    for (const id of ids) {
      const stored = this.sales.get(id);
      if (stored === undefined || stored.leaseOwner !== owner) continue;
      const delivery = deliveryOf(stored);
      stored.leaseOwner = null;
      if (flags.webhookProcessed !== undefined) delivery.webhookProcessed = flags.webhookProcessed;
      if (flags.forceReprocess !== undefined) delivery.forceReprocess = flags.forceReprocess;
      delivery.leaseUntil = null;
      delivery.lastAttemptAt = outcome.at;
      delivery.lastOutcome = outcome.outcome;
      delivery.attempts += 1;
    }
  }

  private entryOf({ sale }: Stored): SaleEntry {
    const person = this.people.stored(sale.personId);
    if (person === undefined) throw new Error(`sale ${sale.id} references missing person ${sale.personId}`);
    const vendor = sale.vendorId === null ? null : (this.vendors.stored(sale.vendorId) ?? null);
    return {
      sale: { ...sale, delivery: { ...sale.delivery } },
      person: { ...person },
      vendor: vendor === null ? null : { ...vendor },
    };
  }
}

function pendingInWindow(sale: Sale, window: EligibilityWindow): boolean {
  return !sale.delivery.webhookProcessed && (sale.delivery.forceReprocess || sale.createdAt >= window.eligibleSince);
}

function leaseFree(sale: Sale, now: Date): boolean {
  return sale.delivery.leaseUntil === null || sale.delivery.leaseUntil <= now;
}

/** The stored delivery state, never shared outside this fake: updated in place (no copy of the sale per transition). */
function deliveryOf(stored: Stored): { -readonly [K in keyof DeliveryState]: DeliveryState[K] } {
  return stored.sale.delivery;
}
