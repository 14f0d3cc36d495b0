import { expect } from 'chai';
import { EventBuffers } from '../../../src/adapters/api-event-log/event-buffers';
import { RetryBackoff } from '../../../src/adapters/api-event-log/retry-backoff';
import { WriteBehindLoop } from '../../../src/adapters/api-event-log/write-behind-loop';
import type { ApiEvent } from '../../../src/domain/sales-identity/api-event';
import { apiEvent } from '../../support/contracts/api-event-store-contract';
import { InMemoryApiEventStore } from '../../support/fakes/in-memory-api-event-store';
import { memoryLogger } from '../../support/logs';

/** A store that fails its first `failures` writes, as a database that is down for a while. */
class FlakyStore extends InMemoryApiEventStore {
  constructor(private failures: number) {
    super();
  }

  override async append(events: readonly ApiEvent[]): Promise<void> {
    if (this.failures > 0) {
      this.failures -= 1;
      throw new Error('connection refused');
    }
    await super.append(events);
  }
}

function loopOver(store: InMemoryApiEventStore, options: { retryInitialMs?: number; closing?: boolean } = {}) {
  const buffers = new EventBuffers(100);
  const log = memoryLogger();
  const loop = new WriteBehindLoop({
    buffers,
    store,
    logger: log.logger,
    batchSize: 2,
    backoff: new RetryBackoff(options.retryInitialMs ?? 3_600_000, 3_600_000),
    closing: () => options.closing ?? false,
  });
  const failures = () =>
    log
      .lines()
      .filter((line) => line.msg === 'api event log: a batch could not be written')
      .map((line) => [line.events, line.takenBack, line.failed, line.retryInMs]);
  return { buffers, loop, failures };
}

const events = (n: number, userId?: string) => Array.from({ length: n }, () => apiEvent({ userId }));

describe('WriteBehindLoop (CONTRACT 9.5)', () => {
  it(
    'writes the buffers batch by batch, authenticated entries first, and counts what the store ' + 'confirmed',
    async () => {
      const store = new InMemoryApiEventStore();
      const { buffers, loop } = loopOver(store);
      const [others, mine] = [events(3), events(2, 'u-1')];
      for (const event of [...others, ...mine]) buffers.offer(event);
      await loop.flush();
      expect(store.batches).to.deep.equal([2, 2, 1]);
      expect(store.events.map((e) => e.id)).to.deep.equal([...mine, ...others].map((e) => e.id));
      expect([loop.written, loop.failures, buffers.waiting, loop.writing]).to.deep.equal([5, 0, 0, false]);
    },
  );

  it('runs one write loop at a time: a flush during a write joins it', async () => {
    const store = new InMemoryApiEventStore();
    const { buffers, loop } = loopOver(store);
    for (const event of events(3)) buffers.offer(event);
    const first = loop.flush();
    for (const event of events(1)) buffers.offer(event);
    expect(loop.flush()).to.equal(first);
    await first;
    expect(store.batches).to.deep.equal([2, 2]);
  });

  it(
    'after a failed write, keeps the entries, logs, and backs off; an explicit flush tries again at ' + 'once',
    async () => {
      const store = new FlakyStore(1);
      const { buffers, loop, failures } = loopOver(store);
      for (const event of events(3)) buffers.offer(event);
      await loop.flush();
      expect(failures()).to.deep.equal([[2, 2, 0, 3_600_000]]);
      expect([loop.failures, loop.backingOff, loop.pauseMs, buffers.waiting]).to.deep.equal([1, true, 3_600_000, 3]);
      await loop.flush();
      expect([loop.backingOff, loop.pauseMs, loop.written]).to.deep.equal([false, 0, 3]);
    },
  );

  it('tries again by itself once the pause is over', async () => {
    const store = new FlakyStore(2);
    const { buffers, loop } = loopOver(store, { retryInitialMs: 1 });
    for (const event of events(1)) buffers.offer(event);
    await loop.flush();
    for (let tries = 0; store.events.length === 0 && tries < 400; tries += 1)
      await new Promise((resolve) => setTimeout(resolve, 5));
    expect([store.events.length, loop.failures, loop.backingOff]).to.deep.equal([1, 2, false]);
  });

  it('schedules no retry once closing (the shutdown budget paces the attempts)', async () => {
    const { buffers, loop, failures } = loopOver(new FlakyStore(1), { closing: true });
    for (const event of events(1)) buffers.offer(event);
    await loop.flush();
    expect([loop.failures, loop.backingOff]).to.deep.equal([1, false]);
    expect(failures()).to.deep.equal([[1, 1, 0, 3_600_000]]);
  });

  it('once stopped, starts no batch, and a pause under way ends', async () => {
    const store = new InMemoryApiEventStore();
    const { buffers, loop } = loopOver(store);
    for (const event of events(1)) buffers.offer(event);
    const paused = loop.pause(3_600_000);
    loop.stop();
    await paused;
    await loop.flush();
    expect([loop.stopped, store.batches, buffers.waiting]).to.deep.equal([true, [], 1]);
  });

  it('retryAtOnce forgets the backoff: the next failure pauses the first pause again', async () => {
    const store = new FlakyStore(2);
    const { buffers, loop } = loopOver(store, { retryInitialMs: 60_000 });
    for (const event of events(1)) buffers.offer(event);
    await loop.flush();
    expect(loop.pauseMs).to.equal(60_000);
    loop.retryAtOnce();
    expect([loop.backingOff, loop.pauseMs]).to.deep.equal([false, 0]);
    await loop.flush();
    expect(loop.pauseMs).to.equal(60_000);
    loop.stop();
  });
});
