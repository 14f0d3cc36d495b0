import type { SavedFilter, SavedFilterQuery } from '../../../domain/saved-filters/saved-filter';
import type { SavedFilterDocument } from './saved-filter-collection';

export const toSavedFilterDocument = ({ id, query, ...rest }: SavedFilter): SavedFilterDocument => ({
  _id: id,
  ...rest,
  queryJson: JSON.stringify(query),
});

export function toSavedFilter(doc: SavedFilterDocument): SavedFilter {
  return {
    id: doc._id,
    userId: doc.userId,
    name: doc.name,
    resource: doc.resource,
    query: JSON.parse(doc.queryJson) as SavedFilterQuery,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}
