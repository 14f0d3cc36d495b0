import type { Collection, Db } from 'mongodb';
import type { SavedFilterResource } from '../../../domain/saved-filters/saved-filter';
import type { CollectionIndexes } from '../shared/collection-indexes';

export const SAVED_FILTERS = 'saved_filters';

/**
 * `queryJson`: the saved query as its JSON text, so a client's keys (`$gt`, `a.b`) are never field
 * names the database interprets.
 */
export interface SavedFilterDocument {
  _id: string;
  userId: string;
  name: string;
  resource: SavedFilterResource;
  queryJson: string;
  createdAt: Date;
  updatedAt: Date;
}

export const savedFiltersCollection = (db: Db): Collection<SavedFilterDocument> =>
  db.collection<SavedFilterDocument>(SAVED_FILTERS);

export const savedFiltersIndexes: CollectionIndexes = {
  collection: SAVED_FILTERS,
  indexes: [
    // One name per user and resource (CONTRACT 8.5); also serves the owner's list in its order.
    { key: { userId: 1, resource: 1, name: 1 }, name: 'unique_owner_resource_name', unique: true },
  ],
};
