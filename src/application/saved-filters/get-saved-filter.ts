import * as E from 'fp-ts/Either';
import type { SavedFilter } from '../../domain/saved-filters/saved-filter';
import type { SavedFilterNotFound } from './errors';
import type { SavedFilterRepository } from './ports';

export class GetSavedFilter {
  constructor(private readonly filters: SavedFilterRepository) {}

  async execute(input: {
    readonly userId: string;
    readonly id: string;
  }): Promise<E.Either<SavedFilterNotFound, SavedFilter>> {
    const filter = await this.filters.findOwned(input.userId, input.id);
    return filter === undefined ? E.left({ _tag: 'SavedFilterNotFound' }) : E.right(filter);
  }
}
