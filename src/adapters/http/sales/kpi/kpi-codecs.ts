import * as t from 'io-ts';
import { canonicalTimeZone, DEFAULT_TIMEZONE, formatLocalDate } from '../../../../domain/kpi/local-days';
import { parseDateBound, resolvePeriod, type DateBound, type KpiPeriod } from '../../../../domain/kpi/period';
import { withSchema } from '../../shared/openapi/json-schema';
import { decodeQuery } from '../../shared/decoding/query-decoding';
import { invalidInput, requireJsonObject } from '../decode-input';

/** `2018-11-04` (a local day of the requested timezone) or an ISO 8601 timestamp (an instant). */
const KpiDate = withSchema(
  new t.Type<DateBound, string>(
    'an ISO 8601 date',
    (u): u is DateBound => typeof u === 'object' && u !== null && 'kind' in u,
    (u, c) => {
      const bound = typeof u === 'string' ? parseDateBound(u) : undefined;
      return bound === undefined ? t.failure(u, c, 'must be an ISO 8601 date') : t.success(bound);
    },
    (b) => (b.kind === 'day' ? formatLocalDate(b.date) : b.at.toISOString()),
  ),
  {
    type: 'string',
    description:
      'A date (`2018-11-04`: that local day of `timezone`, from its start for dateFrom, to its end for dateTo) or ' +
      'an ISO 8601 timestamp (`2018-11-04T10:00:00Z`, an offset allowed: that instant)',
  },
);

/** An IANA timezone name, decoded to its canonical spelling. */
const TimeZone = withSchema(
  new t.Type<string, string>(
    'an IANA timezone',
    (u): u is string => typeof u === 'string',
    (u, c) => {
      const zone = typeof u === 'string' ? canonicalTimeZone(u) : undefined;
      return zone === undefined
        ? t.failure(u, c, 'must be an IANA timezone (for example America/Sao_Paulo)')
        : t.success(zone);
    },
    t.identity,
  ),
  {
    type: 'string',
    default: DEFAULT_TIMEZONE,
    description: 'The IANA timezone of the local days (the daily points and bare dates)',
  },
);

export const KpiQuery = t.partial({ dateFrom: KpiDate, dateTo: KpiDate, timezone: TimeZone });

export interface KpiRequest {
  readonly period: KpiPeriod;
  readonly timeZone: string;
}

/**
 * GET /kpi/* query: unknown, repeated or invalid parameters, reversed dates and a period over 366 days are one 400, one
 * message each.
 */
export function decodeKpiQuery(input: unknown, now: Date): KpiRequest {
  const decoded = decodeQuery(KpiQuery, requireJsonObject(input, 'query'), 'refuse');
  const problems = decoded.problems.map((problem) => problem.message);
  const q = decoded.value;
  if (q === undefined) throw invalidInput(problems);
  const timeZone = q.timezone ?? DEFAULT_TIMEZONE;
  const resolved = resolvePeriod(
    {
      timeZone,
      ...(q.dateFrom === undefined ? {} : { dateFrom: q.dateFrom }),
      ...(q.dateTo === undefined ? {} : { dateTo: q.dateTo }),
    },
    now,
  );
  if ('problems' in resolved) problems.push(...resolved.problems);
  if (problems.length > 0 || 'problems' in resolved) throw invalidInput([...new Set(problems)]);
  return { period: resolved.period, timeZone };
}
