import type { SavedFilter, SavedFilterResource } from '../../domain/saved-filters/saved-filter';
import { token, type Token } from '../shared/token';

/**
 * A user's saved filters. Every read and write is scoped to the owner: another user's filter does not
 * exist for the caller. One name per user and resource, decided by a unique index (not a read before it).
 */
export interface SavedFilterRepository {
  insert(filter: SavedFilter): Promise<'created' | 'duplicate'>;
  findOwned(userId: string, id: string): Promise<SavedFilter | undefined>;
  /**
   * One page (`page` from 1) of the owner's filters, of one resource when given; by resource, then name
   * (byte order); `total` counts every filter the owner has of that resource.
   */
  listOwned(
    userId: string,
    resource: SavedFilterResource | undefined,
    page: number,
    limit: number,
  ): Promise<{ readonly items: SavedFilter[]; readonly total: number }>;
  /** 'not-found' when the owner has no filter with that id; 'duplicate' when the name is taken. */
  rename(userId: string, id: string, name: string, at: Date): Promise<'renamed' | 'not-found' | 'duplicate'>;
  /** false when the owner has no filter with that id. */
  delete(userId: string, id: string): Promise<boolean>;
}
export const SavedFilterRepository: Token<SavedFilterRepository> = token('SavedFilterRepository');
