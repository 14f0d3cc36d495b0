import * as t from 'io-ts';
import type { SdrKpi } from '../../../../application/kpi/get-sdr-kpi';
import type { SdrTrending } from '../../../../application/kpi/get-sdr-trending';
import type { SubscriptionLeads } from '../../../../application/kpi/get-subscription-leads';
import { formatLocalDate } from '../../../../domain/kpi/local-days';
import type { KpiPeriod } from '../../../../domain/kpi/period';
import { nullable } from '../../shared/decoding/codecs';
import { Integer, IsoTimestamp, withSchema } from '../../shared/openapi/json-schema';

const Fraction = withSchema(
  new t.Type<number, number>(
    'a fraction',
    (u): u is number => typeof u === 'number',
    (u, c) => (typeof u === 'number' ? t.success(u) : t.failure(u, c)),
    t.identity,
  ),
  {
    type: 'number',
    minimum: 0,
    description: 'A fraction (0.25 = 25 %), 4 decimals; 0 when there is nothing to divide by',
  },
);
const LocalDay = withSchema(
  new t.Type<string, string>(
    'a date',
    (u): u is string => typeof u === 'string',
    (u, c) => (typeof u === 'string' ? t.success(u) : t.failure(u, c)),
    t.identity,
  ),
  { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'A local day of the timezone (YYYY-MM-DD)' },
);

const PeriodView = t.type({ from: IsoTimestamp, to: IsoTimestamp });

export const SdrKpiView = t.type({
  period: PeriodView,
  contacts: Integer,
  leads: Integer,
  conversionRate: Fraction,
  averageResponseTimeSeconds: nullable(t.number),
  responseRate: Fraction,
});

export const SdrTrendingView = t.type({
  period: PeriodView,
  timezone: t.string,
  points: t.array(t.type({ date: LocalDay, contacts: Integer, leads: Integer, conversionRate: Fraction })),
});

export const SubscriptionLeadsView = t.type({
  period: PeriodView,
  total: Integer,
  withPhone: Integer,
  qualified: Integer,
  conversionRate: Fraction,
  points: t.array(t.type({ date: LocalDay, total: Integer, qualified: Integer })),
});

const periodView = (p: KpiPeriod): t.TypeOf<typeof PeriodView> => ({
  from: p.from.toISOString(),
  to: p.to.toISOString(),
});

export function sdrKpiBody(k: SdrKpi): t.TypeOf<typeof SdrKpiView> {
  return {
    period: periodView(k.period),
    contacts: k.contacts,
    leads: k.leads,
    conversionRate: k.conversionRate,
    averageResponseTimeSeconds: k.averageResponseTimeSeconds,
    responseRate: k.responseRate,
  };
}

export function sdrTrendingBody(k: SdrTrending): t.TypeOf<typeof SdrTrendingView> {
  return {
    period: periodView(k.period),
    timezone: k.period.timeZone,
    points: k.points.map((p) => ({
      date: formatLocalDate(p.date),
      contacts: p.contacts,
      leads: p.leads,
      conversionRate: p.conversionRate,
    })),
  };
}

export function subscriptionLeadsBody(k: SubscriptionLeads): t.TypeOf<typeof SubscriptionLeadsView> {
  return {
    period: periodView(k.period),
    total: k.total,
    withPhone: k.withPhone,
    qualified: k.qualified,
    conversionRate: k.conversionRate,
    points: k.points.map((p) => ({ date: formatLocalDate(p.date), total: p.total, qualified: p.qualified })),
  };
}
