import { randomUUID } from 'node:crypto';
import type { Db, Filter } from 'mongodb';
import type {
  ClaimRequest,
  DeliveryOutcome,
  EligibilityWindow,
  SaleListFilter,
  SaleRepository,
} from '../../../application/sales/ports';
import type { Sale, SaleEntry, SaleStatusEvent } from '../../../domain/sales/sale';
import { isDuplicateKey } from '../shared/mongo-errors';
import { type PersonDocument, peopleCollection } from './people-collection';
import { saleEntries } from './sale-entries';
import { toSale, toSaleDocument } from './sale-mapper';
import { saleStatusEventsCollection, salesCollection, type SaleDocument } from './sales-collection';
import { vendorsCollection } from './vendors-collection';
import type { Page } from '../../../application/shared/page';

/** The people a name search looks at; their sales are then listed in the usual order. */
const MAX_PEOPLE_PER_SEARCH = 100;
const escapeRegex = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const leaseFree = (now: Date): Filter<SaleDocument> => ({ $or: [{ leaseUntil: null }, { leaseUntil: { $lte: now } }] });

export class MongoSaleRepository implements SaleRepository {
  constructor(private readonly db: Db) {}

  private get sales() {
    return salesCollection(this.db);
  }

  async insert(sale: Sale): Promise<void> {
    await this.sales.insertOne(toSaleDocument(sale));
  }

  async findEntry(id: string): Promise<SaleEntry | undefined> {
    const doc = await this.sales.findOne({ _id: id });
    return doc === null ? undefined : (await this.entries([doc]))[0];
  }

  async list(filter: SaleListFilter, page: number, limit: number): Promise<Page<SaleEntry>> {
    const query: Filter<SaleDocument> = {};
    if (filter.cpf !== undefined || filter.name !== undefined) {
      const personIds = await this.personIdsMatching(filter.cpf, filter.name);
      if (personIds.length === 0) return { items: [], total: 0 };
      query.personId = { $in: personIds };
    }
    if (filter.processed !== undefined) query.webhookProcessed = filter.processed;
    if (filter.dateFrom !== undefined || filter.dateTo !== undefined) {
      query.createdAt = {
        ...(filter.dateFrom === undefined ? {} : { $gte: filter.dateFrom }),
        ...(filter.dateTo === undefined ? {} : { $lte: filter.dateTo }),
      };
    }
    const [docs, total] = await Promise.all([
      this.sales.find(query, { sort: { createdAt: -1, _id: 1 }, skip: (page - 1) * limit, limit }).toArray(),
      this.sales.countDocuments(query),
    ]);
    return { items: await this.entries(docs), total };
  }

  /**
   * The people a CPF or a part of a name designates (at most a page of them: a name search is a hint, not an export).
   */
  private async personIdsMatching(cpf: string | undefined, name: string | undefined): Promise<string[]> {
    const query: Filter<PersonDocument> = {
      ...(cpf === undefined ? {} : { cpf }),
      ...(name === undefined ? {} : { fullName: { $regex: escapeRegex(name), $options: 'i' } }),
    };
    const people = await peopleCollection(this.db).find(query, { limit: MAX_PEOPLE_PER_SEARCH }).toArray();
    return people.map((doc) => doc._id);
  }

  async claimEligible(request: ClaimRequest): Promise<SaleEntry[]> {
    const eligible = await this.eligibleFilter(request);
    const leaseUntil = new Date(request.now.getTime() + request.leaseMs);
    // Another run may take some candidates between our find and our update: the update re-checks the
    // whole filter per document (atomic per document), and we keep only what we actually leased. If a
    // competitor took every candidate, look again rather than end the pass early.
    for (;;) {
      const candidates = await this.sales
        .find(eligible, { sort: { createdAt: 1, _id: 1 }, limit: request.limit })
        .toArray();
      if (candidates.length === 0) return [];
      const ids = candidates.map((doc) => doc._id);
      const { modifiedCount } = await this.sales.updateMany(
        { $and: [eligible, { _id: { $in: ids } }] },
        { $set: { leaseOwner: request.owner, leaseUntil } },
      );
      // Usually every candidate was ours: no need to read them again.
      if (modifiedCount === candidates.length) {
        return this.entries(candidates.map((doc) => ({ ...doc, leaseOwner: request.owner, leaseUntil })));
      }
      const claimed = await this.sales.find({ _id: { $in: ids }, leaseOwner: request.owner, leaseUntil }).toArray();
      if (claimed.length > 0)
        return this.entries(claimed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()));
    }
  }

  async peekEligible(window: EligibilityWindow, limit: number): Promise<SaleEntry[]> {
    const docs = await this.sales
      .find(await this.eligibleFilter(window), { sort: { createdAt: 1, _id: 1 }, limit })
      .toArray();
    return this.entries(docs);
  }

  async countEligible(window: EligibilityWindow): Promise<number> {
    return this.sales.countDocuments(await this.eligibleFilter(window));
  }

  async countSkipped(window: EligibilityWindow): Promise<number> {
    const disabled = await this.disabledVendorIds();
    if (disabled.length === 0) return 0;
    return this.sales.countDocuments({ $and: [pendingInWindow(window), { vendorId: { $in: disabled } }] });
  }

  async force(id: string): Promise<boolean> {
    const result = await this.sales.updateOne({ _id: id }, { $set: { forceReprocess: true, webhookProcessed: false } });
    return result.matchedCount > 0;
  }

  async claimOne(id: string, now: Date, leaseMs: number, owner: string): Promise<SaleEntry | 'busy' | undefined> {
    // A conditional updateOne, then the sale by its new owner: a findAndModify would let concurrent claims all
    // through on jongodb, which does not re-check its filter as it writes (CONTRACT 1.1). The owner is the claim's own.
    const claimed = await this.sales.updateOne(
      { $and: [{ _id: id }, leaseFree(now)] },
      { $set: { leaseOwner: owner, leaseUntil: new Date(now.getTime() + leaseMs) } },
    );
    const leased = claimed.modifiedCount === 1 ? await this.sales.findOne({ _id: id, leaseOwner: owner }) : null;
    if (leased !== null) return (await this.entries([leased]))[0];
    return (await this.sales.countDocuments({ _id: id })) > 0 ? 'busy' : undefined;
  }

  async markDelivered(ids: readonly string[], owner: string, outcome: DeliveryOutcome): Promise<void> {
    await this.sales.updateMany(
      { _id: { $in: [...ids] }, leaseOwner: owner },
      {
        $set: { webhookProcessed: true, forceReprocess: false, ...released(outcome) },
        $inc: { attempts: 1 },
      },
    );
  }

  async markFailed(ids: readonly string[], owner: string, outcome: DeliveryOutcome): Promise<void> {
    await this.sales.updateMany(
      { _id: { $in: [...ids] }, leaseOwner: owner },
      { $set: released(outcome), $inc: { attempts: 1 } },
    );
  }

  async releaseLeases(ids: readonly string[], owner: string): Promise<void> {
    await this.sales.updateMany(
      { _id: { $in: [...ids] }, leaseOwner: owner },
      { $set: { leaseOwner: null, leaseUntil: null } },
    );
  }

  async recordEvent(id: string, event: SaleStatusEvent): Promise<Sale | undefined> {
    const eventId = randomUUID();
    for (;;) {
      const current = await this.sales.findOne({ _id: id });
      if (current === null) return undefined;
      // 1. The event this one replaces gets its row first, if the write that recorded it died before
      //    its row: so no event ever leaves the sale without its row. (A sale written before rows had
      //    ids has no lastEventId: its row was written by the same request, counted as stored.)
      const previousId = current.lastEventId ?? null;
      if (previousId !== null && current.lastEvent !== null)
        await this.ensureEventRow(previousId, id, current.lastEvent);
      // 2. The sale, the commit point, only while its last event is still the one read: a concurrent
      //    event that landed in between is judged again (its row is then the one to ensure).
      //    A conditional updateOne, not a findAndModify: jongodb does not re-check its filter as it writes
      //    (CONTRACT 1.1).
      const written: Partial<SaleDocument> = {
        lastEvent: event,
        lastEventId: eventId,
        updatedAt: event.at,
        ...(event.event === 'webhook_received' ? { webhookProcessed: true } : {}),
      };
      if ((await this.sales.updateOne({ _id: id, lastEventId: previousId }, { $set: written })).matchedCount === 0)
        continue;
      // The sale as this write left it: as read now, with this event's fields over those of any landed since.
      const after = await this.sales.findOne({ _id: id });
      if (after === null) return undefined;
      // 3. Its own row. A crash before it: the next event of the sale, or check-data --repair
      //    (sale-status-events), writes it from the sale's lastEvent.
      await this.ensureEventRow(eventId, id, event);
      return toSale({ ...after, ...written });
    }
  }

  /**
   * The event's row under its id, unless stored (a read first: on the common path the row is there, and a refused
   * insert costs more).
   */
  private async ensureEventRow(eventId: string, saleId: string, event: SaleStatusEvent): Promise<void> {
    const rows = saleStatusEventsCollection(this.db);
    if ((await rows.countDocuments({ _id: eventId }, { limit: 1 })) > 0) return;
    try {
      await rows.insertOne({ _id: eventId, saleId, ...event });
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
  }

  private async eligibleFilter(window: EligibilityWindow): Promise<Filter<SaleDocument>> {
    const disabled = await this.disabledVendorIds();
    return {
      $and: [
        pendingInWindow(window),
        leaseFree(window.now),
        { $or: [{ lastAttemptAt: null }, { lastAttemptAt: { $lt: window.notAttemptedSince } }] },
        ...(disabled.length === 0 ? [] : [{ vendorId: { $nin: disabled } }]),
      ],
    };
  }

  /** Few vendors ever disable webhooks, so excluding their ids beats a join on every claim. */
  private async disabledVendorIds(): Promise<string[]> {
    const docs = await vendorsCollection(this.db).find({ webhookEnabled: false }).toArray();
    return docs.map((doc) => doc._id);
  }

  private async entries(docs: readonly SaleDocument[]): Promise<SaleEntry[]> {
    return saleEntries(this.db, docs);
  }
}

function pendingInWindow(window: EligibilityWindow): Filter<SaleDocument> {
  return { webhookProcessed: false, $or: [{ forceReprocess: true }, { createdAt: { $gte: window.eligibleSince } }] };
}

function released(outcome: DeliveryOutcome) {
  return { leaseOwner: null, leaseUntil: null, lastAttemptAt: outcome.at, lastOutcome: outcome.outcome };
}
