import type { SavedFilter } from '../../../domain/saved-filters/saved-filter';

/** CONTRACT 8.5: a filter in answers. */
export const savedFilterBody = (filter: SavedFilter) => ({
  id: filter.id,
  name: filter.name,
  resource: filter.resource,
  query: filter.query,
  createdAt: filter.createdAt.toISOString(),
  updatedAt: filter.updatedAt.toISOString(),
});
