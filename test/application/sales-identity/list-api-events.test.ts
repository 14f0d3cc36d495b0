import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { ListApiEvents } from '../../../src/application/sales-identity/list-api-events';
import { apiEvent } from '../../support/contracts/api-event-store-contract';
import { InMemoryApiEventStore } from '../../support/fakes/in-memory-api-event-store';

describe('ListApiEvents', () => {
  const at = (minute: number) => new Date(Date.UTC(2026, 10, 21, 10, minute));

  async function setUp() {
    const store = new InMemoryApiEventStore();
    const events = [1, 2, 3, 4, 5].map((minute) => apiEvent({ at: at(minute), status: minute % 2 === 0 ? 401 : 200 }));
    await store.append(events);
    const ids = (data: readonly { id: string }[]) => data.map((e) => e.id);
    return { events, ids, list: new ListApiEvents(store) };
  }

  it('answers one page, newest first, with the total and whether more follow', async () => {
    const { list, events, ids } = await setUp();
    const first = await list.execute({ filter: {}, page: 1, limit: 2 });
    if (E.isLeft(first)) throw new Error('unreachable');
    expect({ ...first.right, data: ids(first.right.data) }).to.deep.equal({
      data: [events[4]?.id, events[3]?.id],
      total: 5,
      page: 1,
      limit: 2,
      hasMore: true,
    });
    const last = await list.execute({ filter: {}, page: 3, limit: 2 });
    expect(E.isRight(last) && { data: ids(last.right.data), hasMore: last.right.hasMore }).to.deep.equal({
      data: [events[0]?.id],
      hasMore: false,
    });
  });

  it('answers an empty page past the end, with the total', async () => {
    const { list } = await setUp();
    expect(await list.execute({ filter: {}, page: 4, limit: 2 })).to.deep.equal(
      E.right({ data: [], total: 5, page: 4, limit: 2, hasMore: false }),
    );
  });

  it('applies the filter to the page and the total', async () => {
    const { list, events, ids } = await setUp();
    const result = await list.execute({ filter: { status: 401 }, page: 1, limit: 10 });
    expect(
      E.isRight(result) && { data: ids(result.right.data), total: result.right.total, hasMore: result.right.hasMore },
    ).to.deep.equal({
      data: [events[3]?.id, events[1]?.id],
      total: 2,
      hasMore: false,
    });
  });
});
