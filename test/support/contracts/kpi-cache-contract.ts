import { expect } from 'chai';
import type { KpiCache } from '../../../src/application/kpi/ports';
import { ManualClock } from '../fakes/fixed-clock';

/** CONTRACT 8.3: JSON text per key, kept for its time by the service's clock, then gone. */
export function kpiCacheContract(
  name: string,
  make: (clock: ManualClock) => Promise<{ cache: KpiCache; teardown: () => Promise<void> }>,
): void {
  describe(`KpiCache contract: ${name}`, () => {
    let clock: ManualClock;
    let cache: KpiCache;
    let teardown: () => Promise<void>;
    beforeEach(async () => {
      clock = new ManualClock(new Date('2026-03-10T12:00:00.000Z'));
      ({ cache, teardown } = await make(clock));
    });
    afterEach(async () => {
      await teardown();
    });

    it('answers nothing for an unknown key, then the value set, the same text', async () => {
      expect(await cache.get('/kpi/sdr?a=1')).to.equal(undefined);
      const value = JSON.stringify({
        contacts: 3,
        period: { from: '2026-03-01T00:00:00.000Z' },
        text: 'São Paulo: 1:2',
      });
      await cache.set('/kpi/sdr?a=1', value, 60_000);
      expect(await cache.get('/kpi/sdr?a=1')).to.equal(value);
      expect(await cache.get('/kpi/sdr?a=2')).to.equal(undefined);
    });

    it('keeps an entry until its time is up by the clock, not a moment longer', async () => {
      await cache.set('k', '"v1"', 60_000);
      clock.advance(59_999);
      expect(await cache.get('k')).to.equal('"v1"');
      clock.advance(1);
      expect(await cache.get('k')).to.equal(undefined);
    });

    it('replaces a value, with its new time', async () => {
      await cache.set('k', '"old"', 1_000);
      clock.advance(500);
      await cache.set('k', '"new"', 1_000);
      clock.advance(900);
      expect(await cache.get('k')).to.equal('"new"');
    });
  });
}
