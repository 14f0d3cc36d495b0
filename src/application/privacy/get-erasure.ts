import * as E from 'fp-ts/Either';
import type { Erasure } from '../../domain/privacy/erasure';
import type { ErasureStore } from './ports';

export type ErasureNotFound = { readonly _tag: 'ErasureNotFound' };

/** CONTRACT 12.2: one request, never its identifier (the view leaves the subject out). */
export class GetErasure {
  constructor(private readonly store: ErasureStore) {}

  async execute(id: string): Promise<E.Either<ErasureNotFound, Erasure>> {
    const erasure = await this.store.findById(id);
    return erasure === undefined ? E.left({ _tag: 'ErasureNotFound' }) : E.right(erasure);
  }
}

/** CONTRACT 12.2: the requests, newest first, paged (CONTRACT 8). */
export class ListErasures {
  constructor(private readonly store: ErasureStore) {}

  async execute(page: number, limit: number): Promise<{ readonly items: Erasure[]; readonly total: number }> {
    return this.store.page((page - 1) * limit, limit);
  }
}
