import * as t from 'io-ts';
import { SAVED_FILTER_RESOURCES, type SavedFilter } from '../../../../domain/saved-filters/saved-filter';
import { IsoTimestamp } from '../../shared/openapi/json-schema';
import { oneOf } from '../../shared/decoding/codecs';
import { pageView } from '../../shared/decoding/page-query';

export const SavedFilterView = t.type({
  id: t.string,
  name: t.string,
  resource: oneOf(SAVED_FILTER_RESOURCES),
  query: t.record(t.string, t.union([t.string, t.number, t.boolean])),
  createdAt: IsoTimestamp,
  updatedAt: IsoTimestamp,
});
/** A page of filters, the envelope of every list (CONTRACT 8). */
export const SavedFilterListView = pageView(SavedFilterView);

/** CONTRACT 8.5: a filter in answers. */
export const savedFilterBody = (filter: SavedFilter): t.TypeOf<typeof SavedFilterView> => ({
  id: filter.id,
  name: filter.name,
  resource: filter.resource,
  query: filter.query,
  createdAt: filter.createdAt.toISOString(),
  updatedAt: filter.updatedAt.toISOString(),
});
