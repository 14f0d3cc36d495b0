import type { Db } from 'mongodb';
import type { SavedFilterRepository } from '../../../application/saved-filters/ports';
import type { SavedFilter, SavedFilterResource } from '../../../domain/saved-filters/saved-filter';
import { isDuplicateKey } from '../shared/mongo-errors';
import { savedFiltersCollection } from './saved-filter-collection';
import { toSavedFilter, toSavedFilterDocument } from './saved-filter-mapper';

export class MongoSavedFilterRepository implements SavedFilterRepository {
  constructor(private readonly db: Db) {}

  private get filters() {
    return savedFiltersCollection(this.db);
  }

  async insert(filter: SavedFilter): Promise<'created' | 'duplicate'> {
    try {
      await this.filters.insertOne(toSavedFilterDocument(filter));
      return 'created';
    } catch (error) {
      if (isDuplicateKey(error)) return 'duplicate';
      throw error;
    }
  }

  async findOwned(userId: string, id: string): Promise<SavedFilter | undefined> {
    const doc = await this.filters.findOne({ _id: id, userId });
    return doc === null ? undefined : toSavedFilter(doc);
  }

  async listOwned(
    userId: string,
    resource: SavedFilterResource | undefined,
    page: number,
    limit: number,
  ): Promise<{ items: SavedFilter[]; total: number }> {
    const filter = resource === undefined ? { userId } : { userId, resource };
    const [docs, total] = await Promise.all([
      this.filters
        .find(filter, { sort: { userId: 1, resource: 1, name: 1 }, skip: (page - 1) * limit, limit })
        .toArray(),
      this.filters.countDocuments(filter),
    ]);
    return { items: docs.map(toSavedFilter), total };
  }

  async rename(userId: string, id: string, name: string, at: Date): Promise<'renamed' | 'not-found' | 'duplicate'> {
    try {
      const result = await this.filters.updateOne({ _id: id, userId }, { $set: { name, updatedAt: at } });
      return result.matchedCount === 0 ? 'not-found' : 'renamed';
    } catch (error) {
      if (isDuplicateKey(error)) return 'duplicate';
      throw error;
    }
  }

  async delete(userId: string, id: string): Promise<boolean> {
    const result = await this.filters.deleteOne({ _id: id, userId });
    return result.deletedCount === 1;
  }
}
