import { expect } from 'chai';
import { BatchingApiEventRecorder } from '../../../../src/adapters/http/sales/batching-api-event-recorder';
import type { ApiEvent } from '../../../../src/domain/sales-identity/api-event';
import { apiEventRecorderContract } from '../../../support/contracts/api-event-recorder-contract';
import { apiEvent } from '../../../support/contracts/api-event-store-contract';
import { CapturingApiEventRecorder } from '../../../support/fakes/capturing-api-event-recorder';
import { InMemoryApiEventStore } from '../../../support/fakes/in-memory-api-event-store';
import { memoryLogger } from '../../../support/logs';

describe('ApiEventRecorder contract', () => {
  describe('capturing (the fake)', () => {
    apiEventRecorderContract(async () => {
      const recorder = new CapturingApiEventRecorder();
      return { recorder, settled: async () => recorder.events, teardown: async () => undefined };
    });
  });

  describe('BatchingApiEventRecorder', () => {
    apiEventRecorderContract(async () => {
      const store = new InMemoryApiEventStore();
      const recorder = new BatchingApiEventRecorder(store, memoryLogger().logger, { flushIntervalMs: 3_600_000, batchSize: 2, maxBuffered: 100 });
      return {
        recorder,
        settled: async () => {
          await recorder.flush();
          return store.events;
        },
        teardown: () => recorder.close(),
      };
    });
  });
});

describe('BatchingApiEventRecorder', () => {
  const options = { flushIntervalMs: 3_600_000, batchSize: 3, maxBuffered: 5 };

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

  it('drops the oldest events beyond its bound while the store is unreachable, and says so', async () => {
    const store = new InMemoryApiEventStore();
    const log = memoryLogger();
    const recorder = new BatchingApiEventRecorder(store, log.logger, { ...options, batchSize: 100 });
    const events = Array.from({ length: 7 }, () => apiEvent());
    for (const event of events) recorder.record(event);
    await recorder.close();
    expect(store.events.map((e) => e.id)).to.deep.equal(events.slice(2).map((e) => e.id));
    expect(log.lines().find((line) => line.dropped === 2)).not.to.equal(undefined);
  });
});
