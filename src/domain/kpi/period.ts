/**
 * The period of a KPI report (CONTRACT 8.3): `dateFrom`, `dateTo` and the timezone whose local days
 * the daily points follow. A bare date names a local day of that zone (`dateFrom` its start, `dateTo`
 * its end); a timestamp is an instant. Default: from the start of the local day 29 days before the
 * last one to now (30 daily points). At most 366 local days.
 */
import { parseDateOnly, parseIsoTimestamp } from '../shared/parsers';
import {
  DEFAULT_TIMEZONE,
  dateOfDayNumber,
  formatLocalDate,
  dayNumberOf,
  localDateOf,
  localDaysBetween,
  startOfLocalDay,
  type LocalDate,
  type LocalDays,
} from './local-days';

export const MAX_PERIOD_DAYS = 366;
export const DEFAULT_PERIOD_DAYS = 30;

/** A bound as the query gave it: a local day, or an instant. */
export type DateBound =
  { readonly kind: 'day'; readonly date: LocalDate } | { readonly kind: 'instant'; readonly at: Date };

/**
 * `2018-11-04` (a local day of the period's timezone) or an ISO 8601 timestamp (an instant); undefined for anything
 * else.
 */
export function parseDateBound(input: string): DateBound | undefined {
  const date = parseDateOnly(input);
  if (date !== undefined) return { kind: 'day', date };
  const at = parseIsoTimestamp(input);
  return at === undefined ? undefined : { kind: 'instant', at };
}

export interface PeriodQuery {
  readonly dateFrom?: DateBound;
  readonly dateTo?: DateBound;
  /** A canonical IANA zone name. */
  readonly timeZone: string;
}

export interface KpiPeriod {
  readonly from: Date;
  readonly to: Date;
  readonly timeZone: string;
  /**
   * The period as it was asked for, normalized (CONTRACT 8.3): bounds in one spelling and a fixed
   * order, the default timezone left out, so spelling, order and explicit defaults name one period.
   * Two requests with one key ask for the same figures (the default end is "now"): the KPI cache key.
   */
  readonly key: string;
  /**
   * The local days from the day of `from` to the day of `to`, both included; computed when first
   * read (a cached answer never needs them).
   */
  readonly days: LocalDays;
}

function nextDay(date: LocalDate): LocalDate {
  return dateOfDayNumber(dayNumberOf(date) + 1);
}

/** The period a query asks for, or the problems with it (one message each). */
export function resolvePeriod(
  query: PeriodQuery,
  now: Date,
): { readonly period: KpiPeriod } | { readonly problems: readonly string[] } {
  const zone = query.timeZone;
  // The default period (the last 30 local days to now) is always valid: its start is computed when first read, so a
  // cached answer (CONTRACT 8.3: found by the key alone) asks the zone's rules nothing.
  if (query.dateFrom === undefined && query.dateTo === undefined)
    return { period: defaultPeriod(now, zone, periodKey(query)) };
  const to =
    query.dateTo === undefined
      ? now
      : query.dateTo.kind === 'instant'
        ? query.dateTo.at
        : new Date(startOfLocalDay(nextDay(query.dateTo.date), zone).getTime() - 1);
  const lastDay = localDateOf(to, zone);
  const from =
    query.dateFrom === undefined
      ? startOfLocalDay(dateOfDayNumber(dayNumberOf(lastDay) - (DEFAULT_PERIOD_DAYS - 1)), zone)
      : query.dateFrom.kind === 'instant'
        ? query.dateFrom.at
        : startOfLocalDay(query.dateFrom.date, zone);
  if (from > to) return { problems: ['dateFrom must not be after dateTo'] };
  const firstDay = localDateOf(from, zone);
  const dayCount = dayNumberOf(lastDay) - dayNumberOf(firstDay) + 1;
  if (dayCount > MAX_PERIOD_DAYS)
    return { problems: [`the period must not exceed ${MAX_PERIOD_DAYS} days (it covers ${dayCount} local days)`] };
  return { period: kpiPeriod(from, to, zone, periodKey(query)) };
}

/** The period from `from` to `to` in the zone; its local days are computed when first read. */
export function kpiPeriod(from: Date, to: Date, timeZone: string, key: string): KpiPeriod {
  let days: LocalDays | undefined;
  return {
    from,
    to,
    timeZone,
    key,
    get days(): LocalDays {
      days ??= localDaysBetween(localDateOf(from, timeZone), localDateOf(to, timeZone), timeZone);
      return days;
    },
  };
}

/** The last DEFAULT_PERIOD_DAYS local days of the zone up to `now`, its start and days computed when first read. */
function defaultPeriod(now: Date, timeZone: string, key: string): KpiPeriod {
  let from: Date | undefined;
  const startOf = (): Date => {
    from ??= startOfLocalDay(
      dateOfDayNumber(dayNumberOf(localDateOf(now, timeZone)) - (DEFAULT_PERIOD_DAYS - 1)),
      timeZone,
    );
    return from;
  };
  let days: LocalDays | undefined;
  return {
    get from(): Date {
      return startOf();
    },
    to: now,
    timeZone,
    key,
    get days(): LocalDays {
      days ??= localDaysBetween(localDateOf(startOf(), timeZone), localDateOf(now, timeZone), timeZone);
      return days;
    },
  };
}

function periodKey(query: PeriodQuery): string {
  const spelled = (bound: DateBound): string =>
    bound.kind === 'day' ? formatLocalDate(bound.date) : bound.at.toISOString();
  const parts: string[] = [];
  if (query.dateFrom !== undefined) parts.push(`dateFrom=${spelled(query.dateFrom)}`);
  if (query.dateTo !== undefined) parts.push(`dateTo=${spelled(query.dateTo)}`);
  if (query.timeZone !== DEFAULT_TIMEZONE) parts.push(`timezone=${query.timeZone}`);
  return parts.join('&');
}

/** True when the instant is in the period, both ends included. */
export function inPeriod(period: Pick<KpiPeriod, 'from' | 'to'>, at: Date): boolean {
  return at >= period.from && at <= period.to;
}
