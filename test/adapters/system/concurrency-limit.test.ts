import { expect } from 'chai';
import { ConcurrencyLimit } from '../../../src/adapters/system/concurrency-limit';

/** A task that runs until the test finishes it. */
function heldTask<T>(value: T): { run: () => Promise<T>; started: () => boolean; finish: () => void } {
  let started = false;
  let finish: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    run: async () => {
      started = true;
      await done;
      return value;
    },
    started: () => started,
    finish: () => finish(),
  };
}

describe('ConcurrencyLimit', () => {
  it('never runs more than its limit at once and runs everything', async () => {
    const limit = new ConcurrencyLimit(2);
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        limit.run(async () => {
          running += 1;
          peak = Math.max(peak, running);
          await new Promise((resolve) => setImmediate(resolve));
          order.push(i);
          running -= 1;
        }),
      ),
    );
    expect(peak).to.equal(2);
    expect(order).to.have.members([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(limit.active).to.equal(0);
    expect(limit.queued).to.equal(0);
  });

  it('releases its slot when a task fails', async () => {
    const limit = new ConcurrencyLimit(1);
    await limit
      .run(() => Promise.reject(new Error('x')))
      .catch((error: unknown) => expect((error as Error).message).to.equal('x'));
    expect(await limit.run(async () => 'next')).to.equal('next');
  });

  it('refuses a task past the bounded queue with the configured error, without running it', async () => {
    const limit = new ConcurrencyLimit(1, { maxQueued: 1, whenFull: () => new Error('full') });
    const first = heldTask('first');
    const second = heldTask('second');
    const third = heldTask('third');
    const running = limit.run(first.run);
    const queued = limit.run(second.run);
    let refusal: unknown;
    await limit.run(third.run).catch((error: unknown) => (refusal = error));
    expect((refusal as Error).message).to.equal('full');
    expect(third.started()).to.equal(false);
    expect([limit.active, limit.queued]).to.deep.equal([1, 1]);
    first.finish();
    second.finish();
    expect(await Promise.all([running, queued])).to.deep.equal(['first', 'second']);
    expect([limit.active, limit.queued]).to.deep.equal([0, 0]);
  });

  it('with no queue, refuses whatever finds every slot busy and accepts again once one frees', async () => {
    const limit = new ConcurrencyLimit(2, { maxQueued: 0, whenFull: () => new RangeError('busy') });
    const held = [heldTask(1), heldTask(2)];
    const running = held.map((task) => limit.run(task.run));
    const refused = await limit
      .run(async () => 3)
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(refused).to.be.instanceOf(RangeError);
    held[0]?.finish();
    expect(await running[0]).to.equal(1);
    expect(await limit.run(async () => 4)).to.equal(4);
    held[1]?.finish();
    expect(await running[1]).to.equal(2);
  });

  it(
    'hands a freed slot to the oldest waiter: a newcomer neither overtakes the queue nor exceeds the ' + 'limit',
    async () => {
      const limit = new ConcurrencyLimit(1, { maxQueued: 2 });
      const first = heldTask('first');
      const second = heldTask('second');
      const running = limit.run(first.run);
      const queued = limit.run(second.run);
      first.finish();
      await running;
      // Submitted right after the slot was freed: it must queue behind `second`.
      const newcomer = heldTask('newcomer');
      const late = limit.run(newcomer.run);
      await new Promise((resolve) => setImmediate(resolve));
      expect(second.started()).to.equal(true);
      expect(newcomer.started()).to.equal(false);
      expect(limit.active).to.equal(1);
      second.finish();
      await queued;
      await new Promise((resolve) => setImmediate(resolve));
      expect(newcomer.started()).to.equal(true);
      newcomer.finish();
      expect(await late).to.equal('newcomer');
      expect([limit.active, limit.queued]).to.deep.equal([0, 0]);
    },
  );
});
