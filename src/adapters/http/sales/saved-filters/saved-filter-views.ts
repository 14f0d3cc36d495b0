import * as t from 'io-ts';
import { SAVED_FILTER_RESOURCES, type SavedFilter, type SavedFilterResource } from '../../../../domain/saved-filters/saved-filter';
import { IsoTimestamp } from '../../shared/openapi/json-schema';

export const SavedFilterView = t.type({
  id: t.string,
  name: t.string,
  resource: t.keyof(Object.fromEntries(SAVED_FILTER_RESOURCES.map((r) => [r, null])) as Record<SavedFilterResource, null>),
  query: t.record(t.string, t.union([t.string, t.number, t.boolean])),
  createdAt: IsoTimestamp,
  updatedAt: IsoTimestamp,
});
export const SavedFilterListView = t.type({ data: t.array(SavedFilterView) });

/** CONTRACT 8.5: a filter in answers. */
export const savedFilterBody = (filter: SavedFilter): t.TypeOf<typeof SavedFilterView> => ({
  id: filter.id,
  name: filter.name,
  resource: filter.resource,
  query: filter.query,
  createdAt: filter.createdAt.toISOString(),
  updatedAt: filter.updatedAt.toISOString(),
});
