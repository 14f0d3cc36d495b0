// The API event log as in production (an entry per request, buffered, written in batches) with its
// batches going nowhere but a count. On this machine the embedded jongodb shares the two cores with
// the server, and its inserts slow down as a collection grows: a flood's log (2,000 entries a second)
// takes it over 1.5 cores, which a production database (elsewhere, with ordinary insert costs) does
// not take from the service. Benchmarks that measure the service, not the embedded database, use it.
import type { ApiEventStore } from '../../src/application/sales-identity/ports';

export interface DiscardingEventStore extends ApiEventStore {
  /** Entries the log handed over to be written. */
  readonly appended: () => number;
}

export function discardingEventStore(): DiscardingEventStore {
  let appended = 0;
  return {
    append: async (events) => {
      appended += events.length;
    },
    list: async () => ({ items: [], total: 0 }),
    findById: async () => undefined,
    appended: () => appended,
  };
}
