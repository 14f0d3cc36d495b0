import * as E from 'fp-ts/Either';
import type { Clock } from '../shared/ports';
import type { SavedFilterNameTaken, SavedFilterNotFound } from './errors';
import type { SavedFilterRepository } from './ports';

export type RenameSavedFilterError = SavedFilterNotFound | SavedFilterNameTaken;

/** Spec part 4 PATCH /user/saved-filters/{id}: only the owner renames; the name stays unique per resource. */
export class RenameSavedFilter {
  constructor(
    private readonly filters: SavedFilterRepository,
    private readonly clock: Clock,
  ) {}

  async execute(input: {
    readonly userId: string;
    readonly id: string;
    readonly name: string;
  }): Promise<E.Either<RenameSavedFilterError, void>> {
    const current = await this.filters.findOwned(input.userId, input.id);
    if (current === undefined) return E.left({ _tag: 'SavedFilterNotFound' });
    const outcome = await this.filters.rename(input.userId, input.id, input.name, this.clock.now());
    if (outcome === 'not-found') return E.left({ _tag: 'SavedFilterNotFound' });
    if (outcome === 'duplicate')
      return E.left({ _tag: 'SavedFilterNameTaken', name: input.name, resource: current.resource });
    return E.right(undefined);
  }
}
