import { expect } from 'chai';
import type { FollowerStateStore } from '../../../src/application/sdr/read-model-ports';

const T0 = new Date('2026-03-01T12:00:00.000Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

/** The gateway follower's stored position and lease (CONTRACT 10.1): one holder at a time, saves only by the holder. */
export function followerStateStoreContract(make: () => Promise<FollowerStateStore>): void {
  let state: FollowerStateStore;
  beforeEach(async () => {
    state = await make();
  });

  it('starts with nothing stored; the first lease creates an empty position', async () => {
    expect(await state.read()).to.equal(undefined);
    expect(await state.save('a', { head: 'x' })).to.equal(false);
    expect(await state.read()).to.equal(undefined);
    expect(await state.lease('a', at(0), 30_000)).to.equal(true);
    expect(await state.read()).to.deep.equal({ head: null, settled: null, builtAt: null });
  });

  it(
    'one holder at a time: another is refused while the lease runs, takes it once it has run out (at its end ' +
      'exactly) or was released',
    async () => {
      expect(await state.lease('a', at(0), 30_000)).to.equal(true);
      expect(await state.lease('b', at(10), 30_000)).to.equal(false);
      expect(await state.lease('b', at(29.999), 30_000)).to.equal(false);
      // The holder renews: the lease now runs to 40 s.
      expect(await state.lease('a', at(10), 30_000)).to.equal(true);
      expect(await state.lease('b', at(30), 30_000)).to.equal(false);
      expect(await state.lease('b', at(40), 30_000)).to.equal(true);
      expect(await state.lease('a', at(41), 30_000)).to.equal(false);
      // A release by someone else is a no-op; the holder's frees it at once.
      await state.release('a');
      expect(await state.lease('a', at(42), 30_000)).to.equal(false);
      await state.release('b');
      expect(await state.lease('a', at(42), 30_000)).to.equal(true);
    },
  );

  it(
    'saves the fields given while holding the lease, keeps the others, and refuses (writing nothing) without ' + 'it',
    async () => {
      const built = at(5);
      expect(await state.lease('a', at(0), 30_000)).to.equal(true);
      expect(
        await state.save('a', {
          head: '65f000000000000000000001',
          settled: '65f000000000000000000000',
          builtAt: built,
        }),
      ).to.equal(true);
      expect(await state.save('a', { head: '65f000000000000000000002' })).to.equal(true);
      expect(await state.read()).to.deep.equal({
        head: '65f000000000000000000002',
        settled: '65f000000000000000000000',
        builtAt: built,
      });
      expect(await state.save('b', { head: 'zzz' })).to.equal(false);
      // Taken over after the lease ran out: the old holder's save writes nothing.
      expect(await state.lease('b', at(31), 30_000)).to.equal(true);
      expect(await state.save('a', { head: 'stale' })).to.equal(false);
      expect(await state.save('b', { settled: null })).to.equal(true);
      await state.release('b');
      expect(await state.save('b', { head: 'after release' })).to.equal(false);
      expect(await state.read()).to.deep.equal({ head: '65f000000000000000000002', settled: null, builtAt: built });
    },
  );

  it('of concurrent leases on a free state exactly one is taken', async () => {
    const taken = await Promise.all(Array.from({ length: 10 }, (_, i) => state.lease(`h${i}`, at(0), 30_000)));
    expect(taken.filter(Boolean)).to.have.length(1);
  });
}
