import { expect } from 'chai';
import { SystemClock } from '../../../src/adapters/system/system-clock';
import { UuidIdGenerator } from '../../../src/adapters/system/uuid-id-generator';
import type { Clock } from '../../../src/application/shared/ports';
import { BatchingApiEventRecorder } from '../../../src/adapters/api-event-log/batching-api-event-recorder';
import type { ApiEvent } from '../../../src/domain/sales-identity/api-event';
import { apiEventRecorderContract, refused } from '../../support/contracts/api-event-recorder-contract';
import { apiEvent } from '../../support/contracts/api-event-store-contract';
import { CapturingApiEventRecorder } from '../../support/fakes/capturing-api-event-recorder';
import { InMemoryApiEventStore } from '../../support/fakes/in-memory-api-event-store';
import { ManualClock } from '../../support/fakes/fixed-clock';
import { memoryLogger } from '../../support/logs';

/** The clock (the system's unless a test moves it by hand) and ids the composition hands the recorder. */
const systemTime = (clock: Clock = new SystemClock()) => [clock, new UuidIdGenerator()] as const;

describe('ApiEventRecorder contract', () => {
  describe('capturing (the fake)', () => {
    apiEventRecorderContract(async () => {
      const recorder = new CapturingApiEventRecorder();
      return {
        recorder,
        settled: async () => {
          recorder.closeOpenCounts();
          return recorder.events;
        },
        teardown: async () => undefined,
      };
    });
  });

  describe('BatchingApiEventRecorder', () => {
    apiEventRecorderContract(async () => {
      const store = new InMemoryApiEventStore();
      const recorder = new BatchingApiEventRecorder(
        store,
        memoryLogger().logger,
        {
          flushIntervalMs: 3_600_000,
          batchSize: 2,
          maxBuffered: 100,
          dropWarningIntervalMs: 60_000,
          maxOpenCounts: 100,
        },
        ...systemTime(),
      );
      return {
        recorder,
        settled: async () => {
          recorder.closeOpenCounts();
          await recorder.flush();
          return store.events;
        },
        teardown: () => recorder.close(),
      };
    });
  });
});

describe('BatchingApiEventRecorder', () => {
  const options = {
    flushIntervalMs: 3_600_000,
    batchSize: 3,
    maxBuffered: 5,
    dropWarningIntervalMs: 60_000,
    maxOpenCounts: 100,
  };

  it('does no I/O when recording; writes in batches on flush and on close', async () => {
    const store = new InMemoryApiEventStore();
    const recorder = new BatchingApiEventRecorder(store, memoryLogger().logger, options, ...systemTime());
    recorder.record(apiEvent());
    recorder.record(apiEvent());
    expect(store.batches).to.deep.equal([]);
    await recorder.flush();
    expect(store.batches).to.deep.equal([2]);
    for (let i = 0; i < 4; i += 1) recorder.record(apiEvent());
    await recorder.close();
    expect(store.batches).to.deep.equal([2, 3, 1]);
    expect(store.events).to.have.length(6);
  });

  it(
    'loses nothing to a failed write: its entries go back to the head of their own buffers and are written on the ' +
      'next attempt',
    async () => {
      const store = new FailingApiEventStore(1);
      const log = memoryLogger();
      // A long pause: only an explicit flush tries again within the test.
      const recorder = new BatchingApiEventRecorder(
        store,
        log.logger,
        {
          ...options,
          batchSize: 10,
          maxBuffered: 10,
          retryInitialMs: 3_600_000,
        },
        ...systemTime(),
      );
      const mine = [apiEvent({ userId: 'u-1' }), apiEvent({ userId: 'u-2' })];
      const others = [apiEvent({ status: 404 }), apiEvent({ status: 401 })];
      for (const event of [others[0], mine[0], others[1], mine[1]] as ApiEvent[]) recorder.record(event);
      await recorder.flush();
      expect(store.attempts).to.equal(1);
      expect(recorder.bufferState('authenticated')).to.deep.equal({ depth: 2, dropped: 0 });
      expect(recorder.bufferState('anonymous')).to.deep.equal({ depth: 2, dropped: 0 });
      // Recorded meanwhile: behind the entries taken back.
      const later = apiEvent({ userId: 'u-3' });
      recorder.record(later);
      // An explicit flush (as close does) tries again at once.
      await recorder.flush();
      expect(store.attempts).to.equal(2);
      expect(store.events.map((e) => e.id)).to.deep.equal([...mine, later, ...others].map((e) => e.id));
      expect(recorder.tally()).to.include({ recorded: 5, written: 5, failed: 0, dropped: 0 });
      const failure = log.lines().find((line) => line.msg === 'api event log: a batch could not be written');
      expect(failure).to.include({ events: 4, takenBack: 4, failed: 0, retryInMs: 3_600_000 });
      await recorder.close();
    },
  );

  it(
    'backs off between failed writes, doubling the pause up to its cap, and writes once the database ' + 'answers',
    async () => {
      const store = new FailingApiEventStore(5);
      const log = memoryLogger();
      const recorder = new BatchingApiEventRecorder(
        store,
        log.logger,
        { ...options, retryInitialMs: 2, retryMaxMs: 8 },
        ...systemTime(),
      );
      const events = [apiEvent(), apiEvent({ userId: 'u-1' })];
      for (const event of events) recorder.record(event);
      void recorder.flush();
      for (let tries = 0; store.events.length < 2 && tries < 2_000; tries += 1)
        await new Promise((resolve) => setTimeout(resolve, 2));
      expect(store.events.map((e) => e.id)).to.have.members(events.map((e) => e.id));
      const pauses = log
        .lines()
        .filter((line) => line.msg === 'api event log: a batch could not be written')
        .map((line) => line.retryInMs);
      expect(pauses).to.deep.equal([2, 4, 8, 8, 8]);
      await recorder.close();
    },
  );

  it('at shutdown with the database down, tries within its budget and reports every entry as not written', async () => {
    const store = new FailingApiEventStore(Number.POSITIVE_INFINITY);
    const log = memoryLogger();
    const recorder = new BatchingApiEventRecorder(
      store,
      log.logger,
      {
        ...options,
        maxBuffered: 10,
        retryInitialMs: 10,
        retryMaxMs: 20,
      },
      ...systemTime(),
    );
    for (let i = 0; i < 4; i += 1) recorder.record(apiEvent({ userId: 'u-1' }));
    await recorder.close(150);
    expect(store.attempts).to.be.greaterThan(1);
    expect(recorder.tally()).to.deep.equal({
      recorded: 4,
      written: 0,
      dropped: 0,
      failed: 0,
      notWritten: 4,
      unconfirmed: 0,
      refusedCounted: 0,
    });
    const closing = log
      .lines()
      .find((line) => typeof line.msg === 'string' && line.msg.startsWith('api event log closed'));
    expect(closing).to.include({ msg: 'api event log closed: 4 entries could not be written', notWritten: 4 });
  });

  it(
    'counts the bound with the write under way: the entries of a failed write always find their room ' + 'again',
    async () => {
      const store = new GatedApiEventStore();
      const recorder = new BatchingApiEventRecorder(
        store,
        memoryLogger().logger,
        {
          ...options,
          batchSize: 3,
          maxBuffered: 4,
        },
        ...systemTime(),
      );
      // A full batch starts a write that hangs; the bound counts its three entries.
      for (let i = 0; i < 6; i += 1) recorder.record(apiEvent({ userId: 'u-1' }));
      expect(recorder.bufferState('authenticated')).to.deep.equal({ depth: 4, dropped: 2 });
      store.answerAll();
      await recorder.close();
      expect(store.written).to.have.length(4);
    },
  );

  it(
    'holds at most its bound; beyond it new events are dropped and counted, those already held are ' + 'written',
    async () => {
      const store = new InMemoryApiEventStore();
      const log = memoryLogger();
      const recorder = new BatchingApiEventRecorder(store, log.logger, { ...options, batchSize: 100 }, ...systemTime());
      const events = Array.from({ length: 7 }, () => apiEvent());
      for (const event of events) recorder.record(event);
      expect(recorder.queueDepth).to.equal(5);
      expect(recorder.droppedCount).to.equal(2);
      await recorder.close();
      expect(store.events.map((e) => e.id)).to.deep.equal(events.slice(0, 5).map((e) => e.id));
      expect(recorder.tally()).to.deep.equal({
        recorded: 7,
        written: 5,
        dropped: 2,
        failed: 0,
        notWritten: 0,
        unconfirmed: 0,
        refusedCounted: 0,
      });
    },
  );

  it('warns about drops while they happen, at most once a minute, and about the rest at close', async () => {
    const clock = new ManualClock();
    const store = new InMemoryApiEventStore();
    const log = memoryLogger();
    const recorder = new BatchingApiEventRecorder(
      store,
      log.logger,
      { ...options, batchSize: 100, maxBuffered: 2 },
      ...systemTime(clock),
    );
    const dropWarnings = () =>
      log.lines().filter((line) => line.msg === 'api event log: buffer full, new entries dropped');
    for (let i = 0; i < 5; i += 1) recorder.record(apiEvent());
    // The first drop is reported at once, not when the write loop ends.
    expect(dropWarnings().map((line) => [line.dropped, line.droppedTotal])).to.deep.equal([[1, 1]]);
    clock.advance(59_999);
    recorder.record(apiEvent());
    expect(dropWarnings()).to.have.length(1);
    clock.advance(1);
    recorder.record(apiEvent());
    expect(dropWarnings().map((line) => [line.dropped, line.droppedTotal])).to.deep.equal([
      [1, 1],
      [4, 5],
    ]);
    clock.advance(10_000);
    recorder.record(apiEvent());
    await recorder.close();
    expect(dropWarnings().map((line) => [line.dropped, line.droppedTotal])).to.deep.equal([
      [1, 1],
      [4, 5],
      [1, 6],
    ]);
    expect(recorder.droppedCount).to.equal(6);
    const closing = log.lines().find((line) => line.msg === 'api event log closed: 6 entries could not be written');
    expect(closing).to.include({ level: 40, recorded: 8, written: 2, dropped: 6, notWritten: 0 });
  });

  it('writes for at most its close budget, then reports the entries it could not write', async () => {
    const log = memoryLogger();
    const store = new GatedApiEventStore();
    const recorder = new BatchingApiEventRecorder(
      store,
      log.logger,
      { ...options, batchSize: 3, maxBuffered: 100 },
      ...systemTime(),
    );
    for (let i = 0; i < 10; i += 1) recorder.record(apiEvent());
    // The first batch (started by the full batch) is written; the second hangs like a database that stopped answering.
    store.answerNext();
    await recorder.close(200);
    expect(store.written).to.have.length(3);
    expect(recorder.tally()).to.deep.equal({
      recorded: 10,
      written: 3,
      dropped: 0,
      failed: 0,
      notWritten: 4,
      unconfirmed: 3,
      refusedCounted: 0,
    });
    const closing = log
      .lines()
      .find((line) => typeof line.msg === 'string' && line.msg.startsWith('api event log closed'));
    expect(closing).to.include({
      msg: 'api event log closed: 7 entries could not be written',
      written: 3,
      notWritten: 4,
      unconfirmed: 3,
    });
    store.answerAll();
  });

  it('reports every entry written when the budget suffices', async () => {
    const log = memoryLogger();
    const store = new InMemoryApiEventStore();
    const recorder = new BatchingApiEventRecorder(store, log.logger, options, ...systemTime());
    for (let i = 0; i < 4; i += 1) recorder.record(apiEvent());
    await recorder.close(5_000);
    expect(store.events).to.have.length(4);
    expect(log.lines().find((line) => line.msg === 'api event log closed: every entry written')).to.include({
      level: 30,
      recorded: 4,
      written: 4,
    });
  });
});

describe('BatchingApiEventRecorder: the trail survives a flood (CONTRACT 9.5)', () => {
  const options = {
    flushIntervalMs: 3_600_000,
    batchSize: 4,
    maxBuffered: 5,
    dropWarningIntervalMs: 60_000,
    maxOpenCounts: 3,
  };
  const at = (minute: number, second = 0) => new Date(Date.UTC(2026, 10, 21, 10, minute, second));

  it('never lets unauthenticated entries or counts take the room of authenticated ones', async () => {
    const store = new GatedApiEventStore();
    const recorder = new BatchingApiEventRecorder(
      store,
      memoryLogger().logger,
      { ...options, batchSize: 100 },
      ...systemTime(),
    );
    // The database has stopped answering; a flood fills the other buffer, then overflows it.
    for (let i = 0; i < 50; i += 1) recorder.record(apiEvent({ status: 404 }));
    for (let i = 0; i < 10_000; i += 1)
      recorder.countRefused(refused({ ip: `10.0.${i >> 8}.${i & 255}`, at: at(0, i % 60) }));
    recorder.closeOpenCounts();
    const authenticated = Array.from({ length: 5 }, () =>
      apiEvent({ userId: 'admin-1', method: 'POST', path: '/vendors', status: 201 }),
    );
    for (const event of authenticated) recorder.record(event);
    expect(recorder.bufferState('anonymous')).to.deep.equal({ depth: 5, dropped: 45 + 4 });
    expect(recorder.bufferState('authenticated')).to.deep.equal({ depth: 5, dropped: 0 });
    // Past its own bound an authenticated entry is dropped (an outage longer than the buffer), counted apart.
    recorder.record(apiEvent({ userId: 'admin-1' }));
    expect(recorder.bufferState('authenticated')).to.deep.equal({ depth: 5, dropped: 1 });
    // They waited; once the database answers they are written, and first.
    store.answerAll();
    await recorder.flush();
    expect(store.written.slice(0, 5).map((e) => e.id)).to.deep.equal(authenticated.map((e) => e.id));
    await recorder.close();
  });

  it('writes authenticated entries first in every batch, whatever backlog the others have', async () => {
    const store = new GatedApiEventStore();
    const recorder = new BatchingApiEventRecorder(
      store,
      memoryLogger().logger,
      {
        ...options,
        batchSize: 3,
        maxBuffered: 100,
      },
      ...systemTime(),
    );
    // A full batch starts a write, which hangs; meanwhile more of both kinds arrive.
    for (let i = 0; i < 6; i += 1) recorder.record(apiEvent({ status: 404 }));
    const mine = apiEvent({ userId: 'u-1' });
    recorder.record(mine);
    store.answerAll();
    await recorder.flush();
    expect(store.written.map((e) => e.id).indexOf(mine.id)).to.equal(3);
    expect(store.written).to.have.length(7);
    await recorder.close();
  });

  it('holds the bound of open counts; past it, one overflow count per minute and status', async () => {
    const store = new InMemoryApiEventStore();
    const recorder = new BatchingApiEventRecorder(
      store,
      memoryLogger().logger,
      { ...options, maxBuffered: 100 },
      ...systemTime(),
    );
    for (let i = 0; i < 10; i += 1) recorder.countRefused(refused({ ip: `10.0.0.${i}`, at: at(0, i) }));
    recorder.countRefused(refused({ ip: '10.0.0.99', status: 401, at: at(0, 30) }));
    // Three keys, one overflow count for 429 and one for 401.
    expect(recorder.refusedCounts).to.deep.equal({ openKeys: 5, counted: 11, overflowed: 8 });
    // The bound spans every open minute: the next minute's new addresses overflow too while these are open.
    recorder.countRefused(refused({ ip: '10.0.1.1', at: at(1) }));
    expect(recorder.refusedCounts).to.deep.equal({ openKeys: 6, counted: 12, overflowed: 9 });
    recorder.closeOpenCounts();
    expect(recorder.refusedCounts.openKeys).to.equal(0);
    await recorder.flush();
    const entries = store.events.map((e) => [e.ip, e.path, e.status, e.count, e.at.toISOString()]);
    expect(entries).to.have.deep.members([
      ['10.0.0.0', '/api/sales', 429, 1, at(0, 0).toISOString()],
      ['10.0.0.1', '/api/sales', 429, 1, at(0, 1).toISOString()],
      ['10.0.0.2', '/api/sales', 429, 1, at(0, 2).toISOString()],
      ['(overflow)', '(overflow)', 429, 7, at(0, 3).toISOString()],
      ['(overflow)', '(overflow)', 401, 1, at(0, 30).toISOString()],
      ['(overflow)', '(overflow)', 429, 1, at(1).toISOString()],
    ]);
    await recorder.close();
  });

  it("closes a minute's counts once the minute is over, on the timer; the current minute stays open", async () => {
    const clock = new ManualClock(at(0, 10));
    const store = new InMemoryApiEventStore();
    const recorder = new BatchingApiEventRecorder(
      store,
      memoryLogger().logger,
      { ...options, flushIntervalMs: 5 },
      ...systemTime(clock),
    );
    recorder.countRefused(refused({ at: at(0, 1) }));
    recorder.countRefused(refused({ at: at(0, 2) }));
    clock.advance(50_000); // 10:01:00
    recorder.countRefused(refused({ at: at(1, 0) }));
    for (let tries = 0; store.events.length === 0 && tries < 400; tries += 1)
      await new Promise((resolve) => setTimeout(resolve, 5));
    expect(store.events.map((e) => [e.count, e.at.toISOString(), e.lastAt?.toISOString()])).to.deep.equal([
      [2, at(0, 1).toISOString(), at(0, 2).toISOString()],
    ]);
    expect(recorder.refusedCounts.openKeys).to.equal(1);
    await recorder.close();
    expect(store.events).to.have.length(2);
    expect(recorder.tally()).to.include({ recorded: 2, written: 2, refusedCounted: 3 });
  });

  it('at close, writes the open counts with the rest of the budget and reports what it could not write', async () => {
    const log = memoryLogger();
    const store = new GatedApiEventStore();
    const recorder = new BatchingApiEventRecorder(store, log.logger, { ...options, maxBuffered: 100 }, ...systemTime());
    for (let i = 0; i < 3; i += 1) recorder.countRefused(refused({ ip: `10.0.0.${i}`, at: at(0, i) }));
    for (let i = 0; i < 9; i += 1) recorder.countRefused(refused({ ip: '10.0.0.0', at: at(0, 20) }));
    await recorder.close(100);
    const closing = log
      .lines()
      .find((line) => typeof line.msg === 'string' && line.msg.startsWith('api event log closed'));
    expect(closing).to.include({
      msg: 'api event log closed: 3 entries could not be written',
      recorded: 3,
      unconfirmed: 3,
      refusedCounted: 12,
    });
    store.answerAll();
  });
});

describe('BatchingApiEventRecorder: the shutdown report', () => {
  it('counts the refused requests of counted entries dropped for want of room among those not written', async () => {
    const log = memoryLogger();
    const store = new GatedApiEventStore();
    const recorder = new BatchingApiEventRecorder(
      store,
      log.logger,
      {
        flushIntervalMs: 3_600_000,
        batchSize: 100,
        maxBuffered: 2,
        dropWarningIntervalMs: 60_000,
        maxOpenCounts: 100,
      },
      ...systemTime(),
    );
    // Three keys of 1, 2 and 4 refused requests; the buffer holds two counted entries, the third is dropped.
    for (const [ip, n] of [
      ['10.0.0.1', 1],
      ['10.0.0.2', 2],
      ['10.0.0.3', 4],
    ] as const) {
      for (let i = 0; i < n; i += 1) recorder.countRefused(refused({ ip }));
    }
    await recorder.close(50);
    const closing = log
      .lines()
      .find((line) => typeof line.msg === 'string' && line.msg.startsWith('api event log closed'));
    // The dropped entry's 4 requests were not written; the two in the hanging write (1 + 2) may or may not have been.
    expect(closing).to.include({
      dropped: 1,
      unconfirmed: 2,
      refusedCounted: 7,
      refusedNotWritten: 4,
      refusedUnconfirmed: 3,
    });
    store.answerAll();
  });
});

/** A store whose first `failures` writes fail, as a database that is down; it counts every attempt. */
class FailingApiEventStore extends InMemoryApiEventStore {
  attempts = 0;

  constructor(private failures: number) {
    super();
  }

  override async append(events: readonly ApiEvent[]): Promise<void> {
    this.attempts += 1;
    if (this.failures > 0) {
      this.failures -= 1;
      throw new Error('connection refused');
    }
    await super.append(events);
  }
}

/** A store whose writes wait until the test lets them through: a database that stops answering. */
class GatedApiEventStore extends InMemoryApiEventStore {
  readonly written: ApiEvent[] = [];
  private readonly gates: (() => void)[] = [];
  private open = 0;

  override async append(events: readonly ApiEvent[]): Promise<void> {
    if (this.open > 0) this.open -= 1;
    else await new Promise<void>((resolve) => this.gates.push(resolve));
    this.written.push(...events);
  }

  answerNext(): void {
    const gate = this.gates.shift();
    if (gate === undefined) this.open += 1;
    else gate();
  }

  answerAll(): void {
    for (const gate of this.gates.splice(0)) gate();
    this.open = Number.POSITIVE_INFINITY;
  }
}
