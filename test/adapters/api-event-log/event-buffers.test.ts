import { expect } from 'chai';
import { EventBuffers } from '../../../src/adapters/api-event-log/event-buffers';
import type { ApiEvent } from '../../../src/domain/sales-identity/api-event';
import { apiEvent } from '../../support/contracts/api-event-store-contract';

const mine = (n: number): ApiEvent => apiEvent({ userId: 'u-1', requestId: `mine-${n}` });
const other = (n: number, count?: number): ApiEvent => apiEvent({ requestId: `other-${n}`, count });
const ids = (events: readonly ApiEvent[]) => events.map((event) => event.requestId);

describe('EventBuffers: the bounded two-priority buffer (CONTRACT 9.5)', () => {
  it('takes the entries of authenticated requests first, then the rest, in order', () => {
    const buffers = new EventBuffers(10);
    for (const event of [other(1), mine(1), other(2), mine(2), other(3)]) buffers.offer(event);
    expect(ids(buffers.take(3).entries)).to.deep.equal(['mine-1', 'mine-2', 'other-1']);
    buffers.written();
    expect(ids(buffers.take(3).entries)).to.deep.equal(['other-2', 'other-3']);
  });

  it('bounds each buffer on its own, the write under way included; a drop is counted per buffer', () => {
    const buffers = new EventBuffers(2);
    expect([other(1), other(2), other(3)].map((event) => buffers.offer(event))).to.deep.equal([true, true, false]);
    // A full anonymous buffer takes no room from the authenticated one.
    expect([mine(1), mine(2)].map((event) => buffers.offer(event))).to.deep.equal([true, true]);
    buffers.take(4);
    expect(buffers.offer(mine(3)), 'the entries being written hold their room').to.equal(false);
    expect([buffers.droppedOf('authenticated'), buffers.droppedOf('anonymous'), buffers.dropped]).to.deep.equal([
      1, 1, 2,
    ]);
    expect([buffers.depthOf('authenticated'), buffers.inFlight, buffers.waiting]).to.deep.equal([2, 4, 0]);
  });

  it('puts a failed write back at the head of its buffers, in order, ahead of what came meanwhile', () => {
    const buffers = new EventBuffers(10);
    for (const event of [mine(1), other(1)]) buffers.offer(event);
    const batch = buffers.take(10);
    buffers.offer(other(2));
    buffers.offer(mine(2));
    expect(buffers.failed(batch)).to.equal(0);
    expect([buffers.inFlight, buffers.failedTotal]).to.deep.equal([0, 0]);
    expect(ids(buffers.take(10).entries)).to.deep.equal(['mine-1', 'mine-2', 'other-1', 'other-2']);
  });

  it('counts as failed what a failed write cannot put back, and the refused requests those entries counted', () => {
    const buffers = new EventBuffers(2);
    buffers.offer(other(1, 5));
    buffers.offer(other(2, 7));
    const batch = buffers.take(2);
    // Two more arrive while the write is under way, but the bound counts the write: both are dropped.
    expect(buffers.offer(other(3, 11))).to.equal(false);
    expect(buffers.refusedNotWritten()).to.deep.equal({ notWritten: 11, unconfirmed: 12 });
    expect(buffers.failed(batch)).to.equal(0);
    expect(buffers.refusedNotWritten()).to.deep.equal({ notWritten: 23, unconfirmed: 0 });
  });

  it('keeps the drops not yet warned about until they are', () => {
    const buffers = new EventBuffers(1);
    for (const event of [mine(1), mine(2), other(1), other(2), other(3)]) buffers.offer(event);
    expect(buffers.dropsSinceWarning()).to.deep.equal({ authenticated: 1, anonymous: 2 });
    buffers.warnedAboutDrops();
    expect(buffers.dropsSinceWarning()).to.deep.equal({ authenticated: 0, anonymous: 0 });
    expect(buffers.dropped).to.equal(3);
  });
});
