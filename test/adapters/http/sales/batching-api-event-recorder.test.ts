import { expect } from 'chai';
import { BatchingApiEventRecorder } from '../../../../src/adapters/http/sales/batching-api-event-recorder';
import type { ApiEvent } from '../../../../src/domain/sales-identity/api-event';
import { apiEventRecorderContract } from '../../../support/contracts/api-event-recorder-contract';
import { apiEvent } from '../../../support/contracts/api-event-store-contract';
import { CapturingApiEventRecorder } from '../../../support/fakes/capturing-api-event-recorder';
import { InMemoryApiEventStore } from '../../../support/fakes/in-memory-api-event-store';
import { ManualClock } from '../../../support/fakes/fixed-clock';
import { memoryLogger } from '../../../support/logs';

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
      const recorder = new BatchingApiEventRecorder(store, memoryLogger().logger, { flushIntervalMs: 3_600_000, batchSize: 2, maxBuffered: 100, dropWarningIntervalMs: 60_000, maxOpenCounts: 100 });
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
  const options = { flushIntervalMs: 3_600_000, batchSize: 3, maxBuffered: 5, dropWarningIntervalMs: 60_000, maxOpenCounts: 100 };

  it('does no I/O when recording; writes in batches on flush and on close', async () => {
    const store = new InMemoryApiEventStore();
    const recorder = new BatchingApiEventRecorder(store, memoryLogger().logger, options);
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

  it('logs a failed batch and goes on with the next one', async () => {
    const store = new InMemoryApiEventStore();
    let failures = 1;
    const flaky = { ...store, list: store.list.bind(store), findById: store.findById.bind(store), append: async (events: readonly ApiEvent[]) => {
      if (failures-- > 0) throw new Error('write failed');
      await store.append(events);
    } };
    const log = memoryLogger();
    const recorder = new BatchingApiEventRecorder(flaky, log.logger, options);
    recorder.record(apiEvent());
    await recorder.flush();
    recorder.record(apiEvent());
    await recorder.close();
    expect(store.events).to.have.length(1);
    expect(log.lines().some((line) => line.msg === 'api event log: a batch could not be written')).to.equal(true);
  });

  it('holds at most its bound; beyond it new events are dropped and counted, those already held are written', async () => {
    const store = new InMemoryApiEventStore();
    const log = memoryLogger();
    const recorder = new BatchingApiEventRecorder(store, log.logger, { ...options, batchSize: 100 });
    const events = Array.from({ length: 7 }, () => apiEvent());
    for (const event of events) recorder.record(event);
    expect(recorder.queueDepth).to.equal(5);
    expect(recorder.droppedCount).to.equal(2);
    await recorder.close();
    expect(store.events.map((e) => e.id)).to.deep.equal(events.slice(0, 5).map((e) => e.id));
    expect(recorder.tally()).to.deep.equal({ recorded: 7, written: 5, dropped: 2, failed: 0, notWritten: 0, unconfirmed: 0, refusedCounted: 0 });
  });

  it('warns about drops while they happen, at most once a minute, and about the rest at close', async () => {
    const clock = new ManualClock();
    const store = new InMemoryApiEventStore();
    const log = memoryLogger();
    const recorder = new BatchingApiEventRecorder(store, log.logger, { ...options, batchSize: 100, maxBuffered: 2 }, clock);
    const dropWarnings = () => log.lines().filter((line) => line.msg === 'api event log: buffer full, new entries dropped');
    for (let i = 0; i < 5; i += 1) recorder.record(apiEvent());
    // The first drop is reported at once, not when the write loop ends.
    expect(dropWarnings().map((line) => [line.dropped, line.droppedTotal])).to.deep.equal([[1, 1]]);
    clock.advance(59_999);
    recorder.record(apiEvent());
    expect(dropWarnings()).to.have.length(1);
    clock.advance(1);
    recorder.record(apiEvent());
    expect(dropWarnings().map((line) => [line.dropped, line.droppedTotal])).to.deep.equal([[1, 1], [4, 5]]);
    clock.advance(10_000);
    recorder.record(apiEvent());
    await recorder.close();
    expect(dropWarnings().map((line) => [line.dropped, line.droppedTotal])).to.deep.equal([[1, 1], [4, 5], [1, 6]]);
    expect(recorder.droppedCount).to.equal(6);
    const closing = log.lines().find((line) => line.msg === 'api event log closed: 6 entries could not be written');
    expect(closing).to.include({ level: 40, recorded: 8, written: 2, dropped: 6, notWritten: 0 });
  });

  it('writes for at most its close budget, then reports the entries it could not write', async () => {
    const log = memoryLogger();
    const store = new GatedApiEventStore();
    const recorder = new BatchingApiEventRecorder(store, log.logger, { ...options, batchSize: 3, maxBuffered: 100 });
    for (let i = 0; i < 10; i += 1) recorder.record(apiEvent());
    // The first batch (started by the full batch) is written; the second hangs like a database that stopped answering.
    store.answerNext();
    await recorder.close(200);
    expect(store.written).to.have.length(3);
    expect(recorder.tally()).to.deep.equal({ recorded: 10, written: 3, dropped: 0, failed: 0, notWritten: 4, unconfirmed: 3, refusedCounted: 0 });
    const closing = log.lines().find((line) => typeof line.msg === 'string' && line.msg.startsWith('api event log closed'));
    expect(closing).to.include({ msg: 'api event log closed: 7 entries could not be written', written: 3, notWritten: 4, unconfirmed: 3 });
    store.answerAll();
  });

  it('reports every entry written when the budget suffices', async () => {
    const log = memoryLogger();
    const store = new InMemoryApiEventStore();
    const recorder = new BatchingApiEventRecorder(store, log.logger, options);
    for (let i = 0; i < 4; i += 1) recorder.record(apiEvent());
    await recorder.close(5_000);
    expect(store.events).to.have.length(4);
    expect(log.lines().find((line) => line.msg === 'api event log closed: every entry written')).to.include({ level: 30, recorded: 4, written: 4 });
  });
});

/** A store whose writes wait until the test lets them through: a database that stops answering. */
class GatedApiEventStore extends InMemoryApiEventStore {
  readonly written: ApiEvent[] = [];
  private gates: (() => void)[] = [];
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
