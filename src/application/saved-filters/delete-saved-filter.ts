import * as E from 'fp-ts/Either';
import type { SavedFilterNotFound } from './errors';
import type { SavedFilterRepository } from './ports';

export class DeleteSavedFilter {
  constructor(private readonly filters: SavedFilterRepository) {}

  async execute(input: { readonly userId: string; readonly id: string }): Promise<E.Either<SavedFilterNotFound, void>> {
    return (await this.filters.delete(input.userId, input.id))
      ? E.right(undefined)
      : E.left({ _tag: 'SavedFilterNotFound' });
  }
}
