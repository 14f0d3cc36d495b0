import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { ApiEventStore } from '../../../src/application/sales-identity/ports';
import type { ApiEvent } from '../../../src/domain/sales-identity/api-event';

export function apiEvent(overrides: Partial<ApiEvent> = {}): ApiEvent {
  return {
    id: randomUUID(),
    requestId: randomUUID(),
    method: 'GET',
    path: '/x',
    status: 200,
    durationMs: 1.5,
    userId: undefined,
    ip: '127.0.0.1',
    at: new Date('2026-11-21T10:00:00.000Z'),
    errorCode: undefined,
    errorMessages: undefined,
    ...overrides,
  };
}

export function apiEventStoreContract(make: () => Promise<ApiEventStore>): void {
  let store: ApiEventStore;
  beforeEach(async () => {
    store = await make();
  });

  it('appends a batch and reads an entry back by id, error details included', async () => {
    const plain = apiEvent();
    const failed = apiEvent({
      status: 400,
      userId: randomUUID(),
      errorCode: 'HTTP_EXCEPTION',
      errorMessages: ['email is required', 'password is required'],
    });
    await store.append([plain, failed]);
    await store.append([]);
    expect(await store.findById(plain.id)).to.deep.equal(plain);
    expect(await store.findById(failed.id)).to.deep.equal(failed);
    expect(await store.findById(randomUUID())).to.equal(undefined);
  });

  it('appending a batch again (a retried write) keeps what was stored and adds the rest, once each', async () => {
    const batch = Array.from({ length: 5 }, () => apiEvent());
    // A write that failed after part of the batch was inserted, then the whole batch again.
    await store.append([batch[1] as ApiEvent, batch[3] as ApiEvent]);
    await store.append(batch);
    await store.append(batch);
    const page = await store.list({}, { skip: 0, limit: 10 });
    expect(page.total).to.equal(5);
    expect(page.items.map((e) => e.id)).to.have.members(batch.map((e) => e.id));
    expect(await store.findById((batch[3] as ApiEvent).id)).to.deep.equal(batch[3]);
  });

  it('lists newest first with a total, and filters by every field', async () => {
    const userId = randomUUID();
    const at = (minute: number) => new Date(Date.UTC(2026, 10, 21, 10, minute));
    const events = [
      apiEvent({ at: at(1), status: 200, path: '/a', userId }),
      apiEvent({ at: at(2), status: 401, path: '/b' }),
      apiEvent({ at: at(3), status: 200, path: '/a' }),
    ];
    await store.append(events);
    const [e1, e2, e3] = events as [ApiEvent, ApiEvent, ApiEvent];
    const ids = async (filter: Parameters<ApiEventStore['list']>[0], skip = 0, limit = 10) => {
      const page = await store.list(filter, { skip, limit });
      return { ids: page.items.map((e) => e.id), total: page.total };
    };
    expect(await ids({})).to.deep.equal({ ids: [e3.id, e2.id, e1.id], total: 3 });
    expect(await ids({}, 1, 1)).to.deep.equal({ ids: [e2.id], total: 3 });
    expect(await ids({ status: 200 })).to.deep.equal({ ids: [e3.id, e1.id], total: 2 });
    expect(await ids({ path: '/b' })).to.deep.equal({ ids: [e2.id], total: 1 });
    expect(await ids({ userId })).to.deep.equal({ ids: [e1.id], total: 1 });
    expect(await ids({ requestId: e2.requestId })).to.deep.equal({ ids: [e2.id], total: 1 });
    expect(await ids({ dateFrom: at(2), dateTo: at(2) })).to.deep.equal({ ids: [e2.id], total: 1 });
    expect(await ids({ dateFrom: at(2) })).to.deep.equal({ ids: [e3.id, e2.id], total: 2 });
    expect(await ids({ dateTo: at(1) })).to.deep.equal({ ids: [e1.id], total: 1 });
    expect(await ids({ status: 200, path: '/a', dateFrom: at(2) })).to.deep.equal({ ids: [e3.id], total: 1 });
    expect(await ids({ status: 404 })).to.deep.equal({ ids: [], total: 0 });
    expect(await ids({}, 5, 10)).to.deep.equal({ ids: [], total: 3 });
  });

  it('pages tile the list when entries share one time: none twice, none missing', async () => {
    const events = Array.from({ length: 7 }, () => apiEvent());
    await store.append(events);
    const seen: string[] = [];
    for (let skip = 0; skip < 7; skip += 3) {
      const page = await store.list({}, { skip, limit: 3 });
      expect(page.total).to.equal(7);
      seen.push(...page.items.map((e) => e.id));
    }
    expect(seen).to.have.length(7);
    expect(seen).to.have.members(events.map((e) => e.id));
  });
}
