import { expect } from 'chai';
import {
  canonicalTimeZone,
  dayIndexOf,
  localDateOf,
  localDaysBetween,
  localDaysMemoSizes,
  MAX_REMEMBERED,
  MAX_ZONE_FORMATTERS,
  startOfLocalDay,
} from '../../../src/domain/kpi/local-days';
import { resolvePeriod } from '../../../src/domain/kpi/period';

const SP = 'America/Sao_Paulo';
const d = (year: number, month: number, day: number) => ({ year, month, day });
const iso = (s: string) => new Date(s);

describe('local days of an IANA timezone (CONTRACT 8.3)', () => {
  it('São Paulo 2018: Nov 4 began at 01:00 (UTC-2) because 00:00 did not exist, and lasted 23 hours', () => {
    expect(startOfLocalDay(d(2018, 11, 3), SP)).to.deep.equal(iso('2018-11-03T03:00:00Z'));
    expect(startOfLocalDay(d(2018, 11, 4), SP)).to.deep.equal(iso('2018-11-04T03:00:00Z'));
    expect(startOfLocalDay(d(2018, 11, 5), SP)).to.deep.equal(iso('2018-11-05T02:00:00Z'));
    const days = localDaysBetween(d(2018, 11, 3), d(2018, 11, 5), SP);
    const hours = days.starts
      .slice(1)
      .map((end, i) => (end.getTime() - (days.starts[i] as Date).getTime()) / 3_600_000);
    expect(hours).to.deep.equal([24, 23, 24]);
    expect(localDateOf(iso('2018-11-05T02:30:00Z'), SP)).to.deep.equal(d(2018, 11, 5));
    expect(dayIndexOf(days, iso('2018-11-05T01:59:59.999Z'))).to.equal(1);
    expect(dayIndexOf(days, iso('2018-11-05T02:00:00Z'))).to.equal(2);
    expect(dayIndexOf(days, iso('2018-11-03T02:59:59.999Z'))).to.equal(-1);
    expect(dayIndexOf(days, iso('2018-11-06T02:00:00Z'))).to.equal(-1);
  });

  it('São Paulo 2019: daylight saving ended at midnight of Feb 17, so Feb 16 lasted 25 hours', () => {
    expect(startOfLocalDay(d(2019, 2, 16), SP)).to.deep.equal(iso('2019-02-16T02:00:00Z'));
    expect(startOfLocalDay(d(2019, 2, 17), SP)).to.deep.equal(iso('2019-02-17T03:00:00Z'));
  });

  it('a change that is not at midnight (New York, 2026-03-08 02:00) and a zone east of UTC', () => {
    expect(startOfLocalDay(d(2026, 3, 8), 'America/New_York')).to.deep.equal(iso('2026-03-08T05:00:00Z'));
    expect(startOfLocalDay(d(2026, 3, 9), 'America/New_York')).to.deep.equal(iso('2026-03-09T04:00:00Z'));
    expect(startOfLocalDay(d(2026, 3, 9), 'Asia/Kolkata')).to.deep.equal(iso('2026-03-08T18:30:00Z'));
  });

  it('knows IANA names in any case and refuses others', () => {
    expect(canonicalTimeZone('america/sao_paulo')).to.equal(SP);
    expect(canonicalTimeZone('UTC')).to.equal('UTC');
    expect(canonicalTimeZone('Mars/Olympus')).to.equal(undefined);
    expect(canonicalTimeZone('')).to.equal(undefined);
    expect(canonicalTimeZone(' UTC')).to.equal(undefined);
  });
});

describe('the KPI period', () => {
  it('default: from the start of the local day 29 days ago to now, 30 days', () => {
    // 23:00 on Mar 9 in São Paulo.
    const result = resolvePeriod({ timeZone: SP }, iso('2026-03-10T02:00:00Z'));
    if (!('period' in result)) throw new Error('refused');
    expect(result.period.from).to.deep.equal(iso('2026-02-08T03:00:00Z'));
    expect(result.period.to).to.deep.equal(iso('2026-03-10T02:00:00Z'));
    expect(result.period.days.dates).to.have.length(30);
    expect(result.period.days.dates[29]).to.deep.equal(d(2026, 3, 9));
  });

  it('a default window across the start of daylight saving in 2018 still has 30 points', () => {
    const result = resolvePeriod({ timeZone: SP }, iso('2018-11-20T12:00:00Z'));
    if (!('period' in result)) throw new Error('refused');
    expect(result.period.from).to.deep.equal(iso('2018-10-22T03:00:00Z'));
    expect(result.period.days.dates).to.have.length(30);
  });

  it('bare dates are whole local days; only dateTo given: the 30 days ending then', () => {
    const result = resolvePeriod(
      { timeZone: SP, dateTo: { kind: 'day', date: d(2018, 11, 4) } },
      iso('2026-01-01T00:00:00Z'),
    );
    if (!('period' in result)) throw new Error('refused');
    expect(result.period.to).to.deep.equal(iso('2018-11-05T01:59:59.999Z'));
    expect(result.period.from).to.deep.equal(iso('2018-10-06T03:00:00Z'));
  });

  it('refuses reversed dates and more than 366 local days', () => {
    const now = iso('2026-03-10T12:00:00Z');
    expect(
      resolvePeriod({ timeZone: SP, dateFrom: { kind: 'instant', at: iso('2026-03-10T12:00:00.001Z') } }, now),
    ).to.deep.equal({ problems: ['dateFrom must not be after dateTo'] });
    expect(
      resolvePeriod(
        {
          timeZone: 'UTC',
          dateFrom: { kind: 'day', date: d(2024, 1, 1) },
          dateTo: { kind: 'day', date: d(2024, 12, 31) },
        },
        now,
      ),
    ).to.have.property('period');
    expect(
      resolvePeriod(
        {
          timeZone: 'UTC',
          dateFrom: { kind: 'day', date: d(2023, 12, 31) },
          dateTo: { kind: 'day', date: d(2024, 12, 31) },
        },
        now,
      ),
    ).to.deep.equal({
      problems: ['the period must not exceed 366 days (it covers 367 local days)'],
    });
  });

  it(
    'its process-wide memos stay within their bounds whatever spellings and days are asked (bounded in-process ' +
      'state)',
    () => {
      // Every case variant of a zone name is valid to Intl, so each could be a key of its own.
      const spelling = (n: number) => {
        let letter = 0;
        return SP.split('')
          .map((c) =>
            c.toLowerCase() === c.toUpperCase() ? c : (n >> letter++) & 1 ? c.toUpperCase() : c.toLowerCase(),
          )
          .join('');
      };
      const noon = iso('2018-11-04T15:00:00Z');
      for (let n = 0; n < MAX_ZONE_FORMATTERS + 200; n += 1) {
        const zone = spelling(n);
        expect(localDateOf(noon, zone)).to.deep.equal(d(2018, 11, 4));
        expect(canonicalTimeZone(zone)).to.equal(SP);
      }
      for (let day = 0; day < 200; day += 1) startOfLocalDay(d(2019, 1, 1 + (day % 28)), spelling(day));
      const sizes = localDaysMemoSizes();
      // More spellings were asked than a memo of formatters holds: it is full, not over.
      expect(sizes.formatters).to.equal(MAX_ZONE_FORMATTERS);
      expect(sizes.offsetFormatters).to.be.at.most(MAX_ZONE_FORMATTERS).and.above(0);
      expect(sizes.canonicalNames).to.be.at.most(MAX_REMEMBERED).and.above(MAX_ZONE_FORMATTERS);
      expect(sizes.dayStarts).to.be.at.most(MAX_REMEMBERED).and.above(0);
      // Still right after evictions.
      expect(startOfLocalDay(d(2018, 11, 4), spelling(3))).to.deep.equal(iso('2018-11-04T03:00:00Z'));
    },
  );
});
