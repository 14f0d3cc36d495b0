import type { ApiEventStore } from '../../../src/application/sales-identity/ports';
import type { ApiEvent, ApiEventFilter } from '../../../src/domain/sales-identity/api-event';

export class InMemoryApiEventStore implements ApiEventStore {
  readonly events: ApiEvent[] = [];
  /** Each append call's size, to check batching. */
  readonly batches: number[] = [];

  async append(events: readonly ApiEvent[]): Promise<void> {
    this.batches.push(events.length);
    // Idempotent by id, like the Mongo store: a retried batch adds only what is not stored yet.
    const stored = new Set(this.events.map((e) => e.id));
    this.events.push(...events.filter((e) => !stored.has(e.id)));
  }

  async list(
    filter: ApiEventFilter,
    page: { skip: number; limit: number },
  ): Promise<{ items: readonly ApiEvent[]; total: number }> {
    const matching = this.events
      .filter(
        (e) =>
          (filter.dateFrom === undefined || e.at.getTime() >= filter.dateFrom.getTime()) &&
          (filter.dateTo === undefined || e.at.getTime() <= filter.dateTo.getTime()) &&
          (filter.status === undefined || e.status === filter.status) &&
          (filter.path === undefined || e.path === filter.path) &&
          (filter.userId === undefined || e.userId === filter.userId) &&
          (filter.requestId === undefined || e.requestId === filter.requestId),
      )
      .sort((a, b) => b.at.getTime() - a.at.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
    return { items: matching.slice(page.skip, page.skip + page.limit), total: matching.length };
  }

  async findById(id: string): Promise<ApiEvent | undefined> {
    return this.events.find((e) => e.id === id);
  }
}
