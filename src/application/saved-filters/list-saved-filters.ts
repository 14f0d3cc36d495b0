import * as E from 'fp-ts/Either';
import type { SavedFilter, SavedFilterResource } from '../../domain/saved-filters/saved-filter';
import type { SavedFilterRepository } from './ports';

export interface ListSavedFiltersInput {
  readonly userId: string;
  readonly resource?: SavedFilterResource;
  /** From 1. */
  readonly page: number;
  readonly limit: number;
}

export class ListSavedFilters {
  constructor(private readonly filters: SavedFilterRepository) {}

  async execute(
    input: ListSavedFiltersInput,
  ): Promise<E.Either<never, { readonly items: SavedFilter[]; readonly total: number }>> {
    return E.right(await this.filters.listOwned(input.userId, input.resource, input.page, input.limit));
  }
}
