import * as E from 'fp-ts/Either';
import * as t from 'io-ts';
import { canonicalTimeZone, DEFAULT_TIMEZONE, formatLocalDate, type LocalDate } from '../../../domain/kpi/local-days';
import { resolvePeriod, type DateBound, type KpiPeriod } from '../../../domain/kpi/period';
import { withSchema } from '../shared/openapi/json-schema';
import { invalidInput, requireJsonObject, validationMessagesOf } from './decode-input';

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/;

function calendarDate(value: string): LocalDate | undefined {
  const match = DATE_ONLY.exec(value);
  if (match === null) return undefined;
  const date = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  const check = new Date(Date.UTC(date.year, date.month - 1, date.day));
  return check.getUTCFullYear() === date.year && check.getUTCMonth() === date.month - 1 && check.getUTCDate() === date.day ? date : undefined;
}

/** `2018-11-04` (a local day of the requested timezone) or an ISO 8601 timestamp (an instant). */
const KpiDate = withSchema(
  new t.Type<DateBound, string, unknown>(
    'an ISO 8601 date',
    (u): u is DateBound => typeof u === 'object' && u !== null && 'kind' in u,
    (u, c) => {
      if (typeof u !== 'string') return t.failure(u, c, 'must be an ISO 8601 date');
      const day = calendarDate(u);
      if (day !== undefined) return t.success({ kind: 'day', date: day });
      const at = TIMESTAMP.test(u) ? new Date(u) : new Date(NaN);
      return Number.isNaN(at.getTime()) ? t.failure(u, c, 'must be an ISO 8601 date') : t.success({ kind: 'instant', at });
    },
    (b) => (b.kind === 'day' ? formatLocalDate(b.date) : b.at.toISOString()),
  ),
  {
    type: 'string',
    description: 'A date (`2018-11-04`: that local day of `timezone`, from its start for dateFrom, to its end for dateTo) or an ISO 8601 timestamp (`2018-11-04T10:00:00Z`, an offset allowed: that instant)',
  },
);

/** An IANA timezone name, decoded to its canonical spelling. */
const TimeZone = withSchema(
  new t.Type<string, string, unknown>(
    'an IANA timezone',
    (u): u is string => typeof u === 'string',
    (u, c) => {
      const zone = typeof u === 'string' ? canonicalTimeZone(u) : undefined;
      return zone === undefined ? t.failure(u, c, 'must be an IANA timezone (for example America/Sao_Paulo)') : t.success(zone);
    },
    t.identity,
  ),
  { type: 'string', default: DEFAULT_TIMEZONE, description: 'The IANA timezone of the local days (the daily points and bare dates)' },
);

export const KpiQuery = t.partial({ dateFrom: KpiDate, dateTo: KpiDate, timezone: TimeZone });

const KPI_KEYS = ['dateFrom', 'dateTo', 'timezone'];

export interface KpiRequest {
  readonly period: KpiPeriod;
  readonly timeZone: string;
}

/** GET /kpi/* query: unknown, repeated or invalid parameters, reversed dates and a period over 366 days are one 400, one message each. */
export function decodeKpiQuery(input: unknown, now: Date): KpiRequest {
  const raw = requireJsonObject(input, 'query');
  const problems: string[] = [];
  const single: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (!KPI_KEYS.includes(key)) problems.push(`${key} is not a known parameter`);
    else if (typeof value !== 'string') problems.push(`${key} must be given once`);
    else single[key] = value;
  }
  const decoded = KpiQuery.decode(single);
  if (E.isLeft(decoded)) throw invalidInput([...new Set([...problems, ...validationMessagesOf(decoded.left)])]);
  const q = decoded.right;
  const timeZone = q.timezone ?? DEFAULT_TIMEZONE;
  const resolved = resolvePeriod({ timeZone, ...(q.dateFrom === undefined ? {} : { dateFrom: q.dateFrom }), ...(q.dateTo === undefined ? {} : { dateTo: q.dateTo }) }, now);
  if ('problems' in resolved) problems.push(...resolved.problems);
  if (problems.length > 0 || 'problems' in resolved) throw invalidInput([...new Set(problems)]);
  return { period: resolved.period, timeZone };
}
