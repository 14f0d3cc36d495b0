import * as E from 'fp-ts/Either';
import type { SavedFilter, SavedFilterQuery, SavedFilterResource } from '../../domain/saved-filters/saved-filter';
import type { Clock, IdGenerator } from '../shared/ports';
import type { SavedFilterNameTaken } from './errors';
import type { SavedFilterRepository } from './ports';

export interface CreateSavedFilterInput {
  readonly userId: string;
  /** Already trimmed and checked (parseSavedFilterName). */
  readonly name: string;
  readonly resource: SavedFilterResource;
  readonly query: SavedFilterQuery;
}

export class CreateSavedFilter {
  constructor(
    private readonly filters: SavedFilterRepository,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {}

  async execute(input: CreateSavedFilterInput): Promise<E.Either<SavedFilterNameTaken, SavedFilter>> {
    const now = this.clock.now();
    const filter: SavedFilter = { id: this.ids.next(), ...input, createdAt: now, updatedAt: now };
    const outcome = await this.filters.insert(filter);
    return outcome === 'duplicate'
      ? E.left({ _tag: 'SavedFilterNameTaken', name: input.name, resource: input.resource })
      : E.right(filter);
  }
}
