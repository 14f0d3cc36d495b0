import * as t from 'io-ts';
import { isoDateOrTimestamp, NonBlankText, oneOf, ShortText } from '../../shared/decoding/codecs';
import type { ListSdrContactsInput } from '../../../../application/sdr/list-sdr-contacts';
import type { ListSdrSessionsInput } from '../../../../application/sdr/list-sdr-sessions';
import { CONTACT_SORT_FIELDS, type ContactFilter } from '../../../../domain/sdr/contact';
import { decodeQueryInput, requireJsonObject } from '../decode-input';
import { PageQuery } from '../../shared/decoding/page-query';

const IsoDate = isoDateOrTimestamp(
  'An ISO 8601 date (2026-11-01) or timestamp (2026-11-01T10:00:00Z, an offset allowed)',
);

const TriState = oneOf(['true', 'false', 'all'] as const);

export const SessionsQuery = t.intersection([
  PageQuery,
  t.partial({ dateFrom: IsoDate, dateTo: IsoDate, instance: NonBlankText }),
]);

export const ContactsQuery = t.intersection([
  PageQuery,
  t.partial({
    search: ShortText,
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

/**
 * CONTRACT 8.1 and 8.2 (section 8: an unknown parameter is refused, an operator object such as
 * `status[$ne]=x` included); a dateFrom after dateTo is a problem of the same 400, one message each.
 */
function decodeListQuery<A extends { readonly dateFrom?: Date; readonly dateTo?: Date }>(
  codec: t.Type<A, unknown>,
  input: unknown,
): A {
  return decodeQueryInput(codec, requireJsonObject(input, 'query'), 'refuse', ({ dateFrom, dateTo }) =>
    dateFrom !== undefined && dateTo !== undefined && dateFrom > dateTo ? ['dateFrom must not be after dateTo'] : [],
  );
}

/** GET /sdr/sessions query (CONTRACT 8.1). */
export function decodeSessionsQuery(input: unknown): ListSdrSessionsInput {
  const q = decodeListQuery(SessionsQuery, input);
  return {
    page: q.page,
    limit: q.limit,
    ...(q.instance === undefined ? {} : { instance: q.instance }),
    ...(q.dateFrom === undefined ? {} : { dateFrom: q.dateFrom }),
    ...(q.dateTo === undefined ? {} : { dateTo: q.dateTo }),
  };
}

const triState = (value: 'true' | 'false' | 'all' | undefined): boolean | undefined =>
  value === 'true' ? true : value === 'false' ? false : undefined;

/**
 * GET /sdr/contacts query (spec part 4, CONTRACT 8.2): `converted` is the deprecated alias of `qualified`, which wins.
 */
export function decodeContactsQuery(input: unknown): ListSdrContactsInput {
  const q = decodeListQuery(ContactsQuery, input);
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
  return {
    filter,
    sortBy: q.sortBy ?? 'lastInteraction',
    sortOrder: q.sortOrder ?? 'desc',
    page: q.page,
    limit: q.limit,
  };
}
