import { expect } from 'chai';
import { CachedReports } from '../../../src/application/kpi/cached-reports';
import { InMemoryKpiCache } from '../../../src/adapters/kpi-cache/in-memory-kpi-cache';
import { ManualClock } from '../../support/fakes/fixed-clock';

describe('CachedReports (CONTRACT 8.3 cache)', () => {
  it('computes on a miss, answers the stored JSON on a hit until the time is up', async () => {
    const clock = new ManualClock();
    const reports = new CachedReports(new InMemoryKpiCache(clock), 60_000);
    let computed = 0;
    const compute = async () => ({ n: (computed += 1) });
    expect(await reports.answer('k', compute)).to.deep.equal({ json: '{"n":1}', hit: false });
    expect(await reports.answer('k', compute)).to.deep.equal({ json: '{"n":1}', hit: true });
    expect(await reports.answer('other', compute)).to.deep.equal({ json: '{"n":2}', hit: false });
    clock.advance(60_000);
    expect(await reports.answer('k', compute)).to.deep.equal({ json: '{"n":3}', hit: false });
  });

  it(
    'single flight: concurrent misses of one key share one computation; a failed one is not cached and the next ' +
      'one runs again',
    async () => {
      const reports = new CachedReports(new InMemoryKpiCache(new ManualClock()), 60_000);
      let release: () => void = () => undefined;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let computed = 0;
      const slow = async () => {
        computed += 1;
        await gate;
        return computed;
      };
      const waiting = Promise.all([reports.answer('k', slow), reports.answer('k', slow), reports.answer('k', slow)]);
      release();
      expect(await waiting).to.deep.equal([
        { json: '1', hit: false },
        { json: '1', hit: false },
        { json: '1', hit: false },
      ]);
      expect(computed).to.equal(1);

      const failing = async () => {
        throw new Error('database down');
      };
      const failed = await Promise.allSettled([reports.answer('f', failing), reports.answer('f', failing)]);
      expect(failed.map((f) => f.status)).to.deep.equal(['rejected', 'rejected']);
      expect(await reports.answer('f', async () => 'ok')).to.deep.equal({ json: '"ok"', hit: false });
    },
  );
});
