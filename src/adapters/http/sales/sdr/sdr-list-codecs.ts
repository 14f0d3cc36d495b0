import * as E from 'fp-ts/Either';
import * as t from 'io-ts';
import { oneOf } from '../../shared/codecs';
import type { ListSdrContactsInput } from '../../../../application/sdr/list-sdr-contacts';
import type { ListSdrSessionsInput } from '../../../../application/sdr/list-sdr-sessions';
import { CONTACT_SORT_FIELDS, type ContactFilter } from '../../../../domain/sdr/contact';
import { invalidInput, NonBlankString, requireJsonObject, validationMessagesOf } from '../decode-input';
import { PageQuery } from '../../shared/page-query';
import { withSchema } from '../../shared/openapi/json-schema';

/** An ISO 8601 date or timestamp (`2026-11-01`, `2026-11-01T10:00:00Z`, with an offset), decoded to a Date. */
const IsoDate = withSchema(
  new t.Type<Date, string, unknown>(
  'an ISO 8601 date',
  (u): u is Date => u instanceof Date,
  (u, c) => {
    if (typeof u !== 'string' || !/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(u)) return t.failure(u, c, 'must be an ISO 8601 date');
    const date = new Date(u);
    return Number.isNaN(date.getTime()) ? t.failure(u, c, 'must be an ISO 8601 date') : t.success(date);
  },
  (d) => d.toISOString(),
  ),
  { type: 'string', description: 'An ISO 8601 date (2026-11-01) or timestamp (2026-11-01T10:00:00Z, an offset allowed)' },
);

const TriState = oneOf(['true', 'false', 'all'] as const);

export const SessionsQuery = t.intersection([PageQuery, t.partial({ dateFrom: IsoDate, dateTo: IsoDate, instance: NonBlankString })]);

export const ContactsQuery = t.intersection([
  PageQuery,
  t.partial({
    search: t.string,
    status: oneOf(['active', 'inactive', 'all'] as const),
    registered: TriState,
    qualified: TriState,
    converted: TriState,
    dateFrom: IsoDate,
    dateTo: IsoDate,
    sortBy: oneOf(CONTACT_SORT_FIELDS),
    sortOrder: oneOf(['asc', 'desc'] as const),
  }),
]);

const SESSION_KEYS = ['page', 'limit', 'dateFrom', 'dateTo', 'instance'];
const CONTACT_KEYS = ['page', 'limit', 'search', 'status', 'registered', 'qualified', 'converted', 'dateFrom', 'dateTo', 'sortBy', 'sortOrder'];

/**
 * The query string as plain single values: an unknown parameter (an operator object such as
 * `status[$ne]=x` arrives as one), a repeated one or a dateFrom after dateTo is a problem of the same
 * 400 as the codec's, one message each (spec part 7).
 */
function decodeQuery<A>(codec: t.Decoder<unknown, A>, input: unknown, known: readonly string[], range: (a: A) => { from?: Date; to?: Date }): A {
  const raw = requireJsonObject(input, 'query');
  const problems: string[] = [];
  const single: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (!known.includes(key)) problems.push(`${key} is not a known parameter`);
    else if (typeof value !== 'string') problems.push(`${key} must be given once`);
    else single[key] = value;
  }
  const decoded = codec.decode(single);
  if (E.isLeft(decoded)) problems.push(...validationMessagesOf(decoded.left));
  else {
    const { from, to } = range(decoded.right);
    if (from !== undefined && to !== undefined && from > to) problems.push('dateFrom must not be after dateTo');
  }
  if (problems.length > 0 || E.isLeft(decoded)) throw invalidInput([...new Set(problems)]);
  return decoded.right;
}

/** GET /sdr/sessions query (CONTRACT 8.1). */
export function decodeSessionsQuery(input: unknown): ListSdrSessionsInput {
  const q = decodeQuery(SessionsQuery, input, SESSION_KEYS, (a) => ({ ...(a.dateFrom === undefined ? {} : { from: a.dateFrom }), ...(a.dateTo === undefined ? {} : { to: a.dateTo }) }));
  return {
    page: q.page,
    limit: q.limit,
    ...(q.instance === undefined ? {} : { instance: q.instance }),
    ...(q.dateFrom === undefined ? {} : { dateFrom: q.dateFrom }),
    ...(q.dateTo === undefined ? {} : { dateTo: q.dateTo }),
  };
}

const triState = (value: 'true' | 'false' | 'all' | undefined): boolean | undefined => (value === 'true' ? true : value === 'false' ? false : undefined);

/** GET /sdr/contacts query (spec part 4, CONTRACT 8.2): `converted` is the deprecated alias of `qualified`, which wins. */
export function decodeContactsQuery(input: unknown): ListSdrContactsInput {
  const q = decodeQuery(ContactsQuery, input, CONTACT_KEYS, (a) => ({ ...(a.dateFrom === undefined ? {} : { from: a.dateFrom }), ...(a.dateTo === undefined ? {} : { to: a.dateTo }) }));
  const qualified = triState(q.qualified ?? q.converted);
  const registered = triState(q.registered);
  const search = q.search?.trim();
  const filter: ContactFilter = {
    ...(search === undefined || search === '' ? {} : { search }),
    ...(q.status === undefined ? {} : { status: q.status }),
    ...(registered === undefined ? {} : { registered }),
    ...(qualified === undefined ? {} : { qualified }),
    ...(q.dateFrom === undefined ? {} : { dateFrom: q.dateFrom }),
    ...(q.dateTo === undefined ? {} : { dateTo: q.dateTo }),
  };
  return { filter, sortBy: q.sortBy ?? 'lastInteraction', sortOrder: q.sortOrder ?? 'desc', page: q.page, limit: q.limit };
}
