import * as E from 'fp-ts/Either';
import type { SavedFilter, SavedFilterResource } from '../../domain/saved-filters/saved-filter';
import type { SavedFilterRepository } from './ports';

export class ListSavedFilters {
  constructor(private readonly filters: SavedFilterRepository) {}

  async execute(input: { readonly userId: string; readonly resource?: SavedFilterResource }): Promise<E.Either<never, SavedFilter[]>> {
    return E.right(await this.filters.listOwned(input.userId, input.resource));
  }
}
