import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { CachedKpiReport, SdrTrendingReport } from '../../../src/application/kpi/cached-kpi-report';
import { CachedReports } from '../../../src/application/kpi/cached-reports';
import type { KpiInput } from '../../../src/application/kpi/get-sdr-kpi';
import type { SdrTrending } from '../../../src/application/kpi/get-sdr-trending';
import { InMemoryKpiCache } from '../../../src/adapters/kpi-cache/in-memory-kpi-cache';
import { resolvePeriod, type KpiPeriod, type PeriodQuery } from '../../../src/domain/kpi/period';
import { ManualClock } from '../../support/fakes/fixed-clock';

const NOW = new Date('2026-03-10T12:00:00.000Z');

function period(query: PeriodQuery, now = NOW): KpiPeriod {
  const resolved = resolvePeriod(query, now);
  if ('problems' in resolved) throw new Error(resolved.problems.join('; '));
  return resolved.period;
}

/** A trending report of the period: one point per local day, counting its calls in `contacts`. */
function countingTrending() {
  let calls = 0;
  return {
    get calls() {
      return calls;
    },
    async execute(input: KpiInput): Promise<E.Either<never, SdrTrending>> {
      calls += 1;
      return E.right({
        period: input.period,
        points: input.period.days.dates.map((date) => ({ date, contacts: calls, leads: 0, conversionRate: 0 })),
      });
    },
  };
}

describe('CachedKpiReport (CONTRACT 8.3: the KPI cache as a decorator of the KPI use cases)', () => {
  it(
    'a miss computes, a hit answers the same report (its period and local days included) without ' + 'computing',
    async () => {
      const use = countingTrending();
      const cached = new CachedKpiReport(
        'sdr/trending',
        use,
        SdrTrendingReport,
        new CachedReports(new InMemoryKpiCache(new ManualClock(NOW)), 60_000),
      );
      const asked = period({
        timeZone: 'America/Recife',
        dateFrom: { kind: 'day', date: { year: 2026, month: 3, day: 1 } },
        dateTo: { kind: 'day', date: { year: 2026, month: 3, day: 3 } },
      });
      const miss = await cached.execute({ period: asked });
      const hit = await cached.execute({ period: asked });
      expect(use.calls).to.equal(1);
      if (E.isLeft(miss) || E.isLeft(hit)) throw new Error('a KPI cannot fail');
      expect([miss.right.hit, hit.right.hit]).to.deep.equal([false, true]);
      for (const answer of [miss.right.report, hit.right.report]) {
        expect(answer.period.from.toISOString()).to.equal('2026-03-01T03:00:00.000Z');
        expect(answer.period.to.toISOString()).to.equal('2026-03-04T02:59:59.999Z');
        expect(answer.period.timeZone).to.equal('America/Recife');
        expect(answer.period.days.dates).to.deep.equal(asked.days.dates);
        expect(answer.points.map((p) => [p.date.day, p.contacts])).to.deep.equal([
          [1, 1],
          [2, 1],
          [3, 1],
        ]);
      }
    },
  );

  it(
    'one entry per normalized period: the default period asked later (another "now") and an explicit default ' +
      'timezone are hits; another zone misses',
    async () => {
      const use = countingTrending();
      const cached = new CachedKpiReport(
        'sdr/trending',
        use,
        SdrTrendingReport,
        new CachedReports(new InMemoryKpiCache(new ManualClock(NOW)), 60_000),
      );
      await cached.execute({ period: period({ timeZone: 'America/Sao_Paulo' }) });
      const later = await cached.execute({
        period: period({ timeZone: 'America/Sao_Paulo' }, new Date(NOW.getTime() + 5_000)),
      });
      expect(E.isRight(later) && later.right.hit).to.equal(true);
      const otherZone = await cached.execute({ period: period({ timeZone: 'UTC' }) });
      expect(E.isRight(otherZone) && otherZone.right.hit).to.equal(false);
      expect(use.calls).to.equal(2);
    },
  );
});
