import { expect } from 'chai';
import sinon from 'sinon';
import { startPeriodicTask } from '../../../src/cli/schedule/periodic-task';

/** A round that waits until the test lets it finish. */
function gatedRounds() {
  const started: number[] = [];
  const releases: (() => void)[] = [];
  const seenStopping: boolean[] = [];
  const round = (stopping: () => boolean): Promise<void> => {
    started.push(started.length + 1);
    return new Promise<void>((resolve) => {
      releases.push(() => {
        seenStopping.push(stopping());
        resolve();
      });
    });
  };
  return { started, releases, seenStopping, round };
}

describe('startPeriodicTask (the schedules of serve)', () => {
  let clock: sinon.SinonFakeTimers;
  beforeEach(() => {
    clock = sinon.useFakeTimers();
  });
  afterEach(() => {
    clock.restore();
  });

  it('runs a round every interval, and a first one at start only when asked', async () => {
    let rounds = 0;
    const later = startPeriodicTask({ intervalMs: 1_000, round: async () => void (rounds += 1), onError: () => {} });
    expect(rounds).to.equal(0);
    await clock.tickAsync(1_000);
    expect(rounds).to.equal(1);
    await clock.tickAsync(2_000);
    expect(rounds).to.equal(3);
    await later.stop();

    let atStart = 0;
    const now = startPeriodicTask({
      intervalMs: 1_000,
      atStart: true,
      round: async () => void (atStart += 1),
      onError: () => {},
    });
    expect(atStart).to.equal(1);
    await clock.tickAsync(1_000);
    expect(atStart).to.equal(2);
    await now.stop();
  });

  it('never runs two rounds at once: a tick during a running round is skipped', async () => {
    const gate = gatedRounds();
    const schedule = startPeriodicTask({ intervalMs: 1_000, atStart: true, round: gate.round, onError: () => {} });
    await clock.tickAsync(3_000);
    expect(gate.started).to.deep.equal([1]);
    gate.releases[0]?.();
    await clock.tickAsync(1_000);
    expect(gate.started).to.deep.equal([1, 2]);
    gate.releases[1]?.();
    await schedule.stop();
  });

  it('reports a failed round and runs the next one at the next tick', async () => {
    const errors: unknown[] = [];
    let calls = 0;
    const schedule = startPeriodicTask({
      intervalMs: 1_000,
      round: async () => {
        calls += 1;
        if (calls === 1) throw new Error('database down');
      },
      onError: (error, stopping) => errors.push([(error as Error).message, stopping]),
    });
    await clock.tickAsync(2_000);
    expect(calls).to.equal(2);
    expect(errors).to.deep.equal([['database down', false]]);
    await schedule.stop();
  });

  it('stop() tells the running round, waits for it, and starts no round after it', async () => {
    const gate = gatedRounds();
    const errors: unknown[] = [];
    const schedule = startPeriodicTask({
      intervalMs: 1_000,
      atStart: true,
      round: gate.round,
      onError: (error, stopping) => errors.push(stopping),
    });
    let stopped = false;
    const stopping = schedule.stop().then(() => {
      stopped = true;
    });
    await clock.tickAsync(0);
    expect(stopped).to.equal(false);
    gate.releases[0]?.();
    await stopping;
    expect(gate.seenStopping).to.deep.equal([true]);
    await clock.tickAsync(5_000);
    expect(gate.started).to.deep.equal([1]);
    expect(errors).to.deep.equal([]);
  });

  it('tells onError that the schedule was stopping when a round fails after stop()', async () => {
    const errors: boolean[] = [];
    let fail: (error: Error) => void = () => {};
    const schedule = startPeriodicTask({
      intervalMs: 1_000,
      atStart: true,
      round: () => new Promise<void>((_, reject) => (fail = reject)),
      onError: (_, stopping) => errors.push(stopping),
    });
    const stopped = schedule.stop();
    fail(new Error('connection closed'));
    await stopped;
    expect(errors).to.deep.equal([true]);
  });
});
