import type { SavedFilterRepository } from '../../../src/application/saved-filters/ports';
import type { SavedFilter, SavedFilterResource } from '../../../src/domain/saved-filters/saved-filter';
import { compareBinary } from './binary-order';

const copy = (filter: SavedFilter): SavedFilter => ({ ...filter, query: { ...filter.query } });

export class InMemorySavedFilterRepository implements SavedFilterRepository {
  private readonly filters = new Map<string, SavedFilter>();

  private nameTaken(filter: Pick<SavedFilter, 'userId' | 'resource' | 'name'>, exceptId?: string): boolean {
    return [...this.filters.values()].some(
      (f) =>
        f.id !== exceptId && f.userId === filter.userId && f.resource === filter.resource && f.name === filter.name,
    );
  }

  async insert(filter: SavedFilter): Promise<'created' | 'duplicate'> {
    if (this.filters.has(filter.id)) throw new Error(`duplicate saved filter id ${filter.id}`);
    if (this.nameTaken(filter)) return 'duplicate';
    this.filters.set(filter.id, copy(filter));
    return 'created';
  }

  async findOwned(userId: string, id: string): Promise<SavedFilter | undefined> {
    const filter = this.filters.get(id);
    return filter === undefined || filter.userId !== userId ? undefined : copy(filter);
  }

  async listOwned(
    userId: string,
    resource: SavedFilterResource | undefined,
    page: number,
    limit: number,
  ): Promise<{ items: SavedFilter[]; total: number }> {
    const all = [...this.filters.values()]
      .filter((f) => f.userId === userId && (resource === undefined || f.resource === resource))
      .sort((a, b) => compareBinary(a.resource, b.resource) || compareBinary(a.name, b.name));
    return { items: all.slice((page - 1) * limit, page * limit).map(copy), total: all.length };
  }

  async rename(userId: string, id: string, name: string, at: Date): Promise<'renamed' | 'not-found' | 'duplicate'> {
    const filter = this.filters.get(id);
    if (filter === undefined || filter.userId !== userId) return 'not-found';
    if (this.nameTaken({ ...filter, name }, id)) return 'duplicate';
    this.filters.set(id, { ...filter, name, updatedAt: at });
    return 'renamed';
  }

  async delete(userId: string, id: string): Promise<boolean> {
    const filter = this.filters.get(id);
    if (filter === undefined || filter.userId !== userId) return false;
    this.filters.delete(id);
    return true;
  }
}
