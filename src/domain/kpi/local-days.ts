import { BoundedMemo } from '../shared/bounded-memo';

/**
 * Local calendar days of an IANA timezone (CONTRACT 8.3): the UTC instant each local day starts at,
 * computed from the zone's rules (Intl, full ICU), so a day is 23 or 25 hours long across a
 * daylight-saving change and starts at the first instant that is that day where midnight did not exist.
 */

/** A calendar date (no zone): year, month 1-12, day 1-31. */
export interface LocalDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

export const DEFAULT_TIMEZONE = 'America/Sao_Paulo';

/**
 * The process-wide memos of this module, each bounded (oldest evicted first): the zones' formatters
 * (keyed by the name as given; callers pass canonical names, a few hundred, but any valid spelling,
 * `AMERICA/sao_paulo` included, would be a key of its own), the canonical names of the spellings asked,
 * and the day starts computed.
 */
export const MAX_ZONE_FORMATTERS = 1_000;
export const MAX_REMEMBERED = 10_000;

const formatters = new BoundedMemo<string, Intl.DateTimeFormat>(MAX_ZONE_FORMATTERS);

/** A zone's formatter of the calendar date, with the time of day when `withTime` (24-hour clock). */
function zoneFormatter(timeZone: string, withTime: boolean): Intl.DateTimeFormat {
  const time = withTime ? ({ hour: 'numeric', minute: 'numeric', second: 'numeric' } as const) : {};
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    ...time,
    hourCycle: 'h23',
  });
}

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  return formatters.get(timeZone, () => zoneFormatter(timeZone, false));
}

/** Known zone names as asked -> canonical (only valid names are kept: an unknown zone throws and is not stored). */
const canonicalNames = new BoundedMemo<string, string>(MAX_REMEMBERED);

/** The zone's canonical name (`america/sao_paulo` -> `America/Sao_Paulo`), or undefined for an unknown zone. */
export function canonicalTimeZone(name: string): string | undefined {
  if (name.trim() === '' || name !== name.trim()) return undefined;
  try {
    return canonicalNames.get(
      name,
      () => new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone,
    );
  } catch {
    return undefined;
  }
}

/** Entries held by each memo of this module (for the test of their bounds). */
export function localDaysMemoSizes(): {
  readonly formatters: number;
  readonly offsetFormatters: number;
  readonly canonicalNames: number;
  readonly dayStarts: number;
} {
  return {
    formatters: formatters.size,
    offsetFormatters: offsetFormatters.size,
    canonicalNames: canonicalNames.size,
    dayStarts: dayStarts.size,
  };
}

/** The local date of an instant in a zone. */
export function localDateOf(instant: Date, timeZone: string): LocalDate {
  const parts = formatterOf(timeZone).formatToParts(instant);
  const value = (type: string): number => Number(parts.find((p) => p.type === type)?.value);
  return { year: value('year'), month: value('month'), day: value('day') };
}

/** Days since 1970-01-01 of a calendar date (its proleptic Gregorian number). */
export function dayNumberOf(date: LocalDate): number {
  return Math.floor(Date.UTC(date.year, date.month - 1, date.day) / 86_400_000);
}

export function dateOfDayNumber(dayNumber: number): LocalDate {
  const d = new Date(dayNumber * 86_400_000);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** `YYYY-MM-DD`. */
export function formatLocalDate(date: LocalDate): string {
  const digits = (n: number, width: number): string => String(n).padStart(width, '0');
  return `${digits(date.year, 4)}-${digits(date.month, 2)}-${digits(date.day, 2)}`;
}

const HOUR = 3_600_000;

/**
 * The first instant whose local date in `timeZone` is `date` (or later): local midnight, or the
 * end of the daylight-saving gap on a day whose midnight did not exist. Found by bisection over the
 * 30 hours around UTC midnight of that date (every zone's offset is within ±14 h), to the millisecond.
 */
export function startOfLocalDay(date: LocalDate, timeZone: string): Date {
  return new Date(
    dayStarts.get(`${timeZone}|${dayNumberOf(date)}`, () => computeStartOfLocalDay(date, timeZone).getTime()),
  );
}

/** Day starts already computed, by zone and day number (the zone rules do not change while running). */
const dayStarts = new BoundedMemo<string, number>(MAX_REMEMBERED);

function computeStartOfLocalDay(date: LocalDate, timeZone: string): Date {
  const target = dayNumberOf(date);
  const utcMidnight = Date.UTC(date.year, date.month - 1, date.day);
  const reached = (t: number): boolean => dayNumberOf(localDateOf(new Date(t), timeZone)) >= target;
  let low = utcMidnight - 15 * HOUR; // not yet that day anywhere
  let high = utcMidnight + 15 * HOUR; // that day or later everywhere
  // Most days: the zone's offset a little after UTC midnight gives the answer at once.
  const guess = utcMidnight - offsetAt(new Date(utcMidnight + 12 * HOUR), timeZone);
  if (reached(guess) && !reached(guess - 1)) return new Date(guess);
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (reached(middle)) high = middle;
    else low = middle;
  }
  return new Date(high);
}

const offsetFormatters = new BoundedMemo<string, Intl.DateTimeFormat>(MAX_ZONE_FORMATTERS);

/** The zone's offset from UTC at an instant, in milliseconds (local wall time minus UTC). */
function offsetAt(instant: Date, timeZone: string): number {
  const formatter = offsetFormatters.get(timeZone, () => zoneFormatter(timeZone, true));
  const parts = formatter.formatToParts(instant);
  const value = (type: string): number => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(
    value('year'),
    value('month') - 1,
    value('day'),
    value('hour'),
    value('minute'),
    value('second'),
  );
  return wall - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The local days of a period, each with the instant it starts at; `end` is when the last one ends. */
export interface LocalDays {
  readonly timeZone: string;
  readonly dates: readonly LocalDate[];
  /** starts[i]: when dates[i] starts; starts[dates.length]: when the last day ends. */
  readonly starts: readonly Date[];
}

/** Every local day from `first` to `last` inclusive, with their boundaries. */
export function localDaysBetween(first: LocalDate, last: LocalDate, timeZone: string): LocalDays {
  const from = dayNumberOf(first);
  const to = dayNumberOf(last);
  const dates: LocalDate[] = [];
  const starts: Date[] = [];
  for (let n = from; n <= to + 1; n += 1) {
    const date = dateOfDayNumber(n);
    if (n <= to) dates.push(date);
    starts.push(startOfLocalDay(date, timeZone));
  }
  return { timeZone, dates, starts };
}

/** The index of the local day an instant falls in, or -1 outside the days. */
export function dayIndexOf(days: LocalDays, instant: Date): number {
  const t = instant.getTime();
  const { starts } = days;
  if (starts.length < 2 || t < (starts[0] as Date).getTime() || t >= (starts[starts.length - 1] as Date).getTime())
    return -1;
  let low = 0;
  let high = starts.length - 1;
  // Invariant: starts[low] <= t < starts[high].
  while (high - low > 1) {
    const middle = (low + high) >> 1;
    if ((starts[middle] as Date).getTime() <= t) low = middle;
    else high = middle;
  }
  return low;
}
