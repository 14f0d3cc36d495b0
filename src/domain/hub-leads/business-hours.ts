import * as E from 'fp-ts/Either';

/**
 * Business hours (CONTRACT 6.3 and 7): comma-separated `day[-day] HH:MM-HH:MM` items, days mon..sun,
 * each range within one day (start before end), evaluated in the organization's IANA timezone.
 */
export const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Day = (typeof DAYS)[number];

export interface BusinessHoursItem {
  /** Days covered, as indexes into DAYS. */
  readonly days: readonly number[];
  /** Minutes since midnight, start inclusive, end exclusive. */
  readonly from: number;
  readonly to: number;
}

export interface BusinessHours {
  /** The text as given (normalized spacing), kept to show it back. */
  readonly text: string;
  readonly items: readonly BusinessHoursItem[];
}

const ITEM = /^([a-z]{3})(?:-([a-z]{3}))?\s+(\d{2}):(\d{2})-(\d{2}):(\d{2})$/;

export function parseBusinessHours(input: string): E.Either<string, BusinessHours> {
  const parts = input.split(',').map((part) => part.trim().toLowerCase().replace(/\s+/g, ' '));
  const items: BusinessHoursItem[] = [];
  for (const part of parts) {
    const match = ITEM.exec(part);
    if (match === null) return E.left(`"${part}" is not of the form day[-day] HH:MM-HH:MM`);
    const [, firstDay, lastDay, fromH, fromM, toH, toM] = match;
    const first = DAYS.indexOf(firstDay as Day);
    const last = lastDay === undefined ? first : DAYS.indexOf(lastDay as Day);
    if (first < 0 || last < 0) return E.left(`"${part}" has an unknown day (use ${DAYS.join(', ')})`);
    if (last < first) return E.left(`"${part}" has a day range that runs backwards`);
    const from = minutes(fromH, fromM);
    const to = minutes(toH, toM);
    if (from === undefined || to === undefined) return E.left(`"${part}" has an invalid time`);
    if (from >= to) return E.left(`"${part}" must start before it ends, within one day`);
    items.push({ days: Array.from({ length: last - first + 1 }, (_, i) => first + i), from, to });
  }
  return E.right({ text: parts.join(', '), items });
}

function minutes(hours: string | undefined, mins: string | undefined): number | undefined {
  const h = Number(hours);
  const m = Number(mins);
  if (!Number.isInteger(h) || !Number.isInteger(m) || h > 24 || m > 59 || (h === 24 && m > 0)) return undefined;
  return h * 60 + m;
}

export function isValidTimezone(timezone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: timezone });
    return true;
  } catch {
    return false;
  }
}

/** Whether `at` falls inside the hours, read on the wall clock of `timezone`. */
export function isWithinBusinessHours(hours: BusinessHours, timezone: string, at: Date): boolean {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: timezone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const day = DAYS.indexOf(part('weekday').toLowerCase() as Day);
  const minute = Number(part('hour')) * 60 + Number(part('minute'));
  return hours.items.some((item) => item.days.includes(day) && minute >= item.from && minute < item.to);
}
