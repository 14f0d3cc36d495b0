/**
 * The one definition of each value parser the edge, the application and the domain read text with:
 * ISO timestamps, date-only values (with the calendar check: `2026-02-30` is not a day), integers,
 * UUIDs and one-of literals. The io-ts codecs of the HTTP edge wrap these (`adapters/http/shared/decoding/codecs.ts`).
 */

/** A day of the Gregorian calendar. */
export interface CalendarDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIMESTAMP = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DIGITS = /^\d{1,16}$/;

/** `YYYY-MM-DD` naming a real day (the Date constructor would roll `2026-02-30` over to March). */
export function parseDateOnly(input: string): CalendarDate | undefined {
  const match = DATE_ONLY.exec(input);
  if (match === null) return undefined;
  const date = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  const check = utcDay(date);
  return check.getUTCFullYear() === date.year &&
    check.getUTCMonth() === date.month - 1 &&
    check.getUTCDate() === date.day
    ? date
    : undefined;
}

/** The start of that day, UTC. `setUTCFullYear`, not `Date.UTC`: the latter reads years 0-99 as 1900-1999. */
function utcDay(date: CalendarDate): Date {
  const at = new Date(0);
  at.setUTCFullYear(date.year, date.month - 1, date.day);
  return at;
}

/** An ISO 8601 timestamp (`2026-11-01T10:00`, seconds, fractions and an offset optional) on a real day. */
export function parseIsoTimestamp(input: string): Date | undefined {
  const match = TIMESTAMP.exec(input);
  if (match === null || parseDateOnly(match[1] ?? '') === undefined) return undefined;
  const at = new Date(input);
  return Number.isNaN(at.getTime()) ? undefined : at;
}

/** A date-only value (the start of that day, UTC) or a timestamp. */
export function parseIsoDateOrTimestamp(input: string): Date | undefined {
  const day = parseDateOnly(input);
  return day === undefined ? parseIsoTimestamp(input) : utcDay(day);
}

/** Decimal digits only (no sign, no exponent, no blank), within `min..max`. */
export function parseInteger(input: string, range: { readonly min: number; readonly max: number }): number | undefined {
  if (!DIGITS.test(input)) return undefined;
  const n = Number(input);
  return Number.isSafeInteger(n) && n >= range.min && n <= range.max ? n : undefined;
}

/**
 * The wire shapes above as ECMA-262 patterns without flags, for the `pattern` keyword of the OpenAPI
 * documents (CONTRACT 11.4); the parsers stay the rule, these state it.
 */
export const WIRE_PATTERNS = {
  dateOrTimestamp: '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}:?\\d{2})?)?$',
  uuid: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
} as const;

/** A UUID in its 8-4-4-4-12 hexadecimal spelling, any case. */
export const isUuid = (input: string): boolean => UUID.test(input);

/** Whether `value` is one of `values` (a literal union's members). */
export const isOneOf = <K extends string>(values: readonly K[], value: string): value is K =>
  (values as readonly string[]).includes(value);
