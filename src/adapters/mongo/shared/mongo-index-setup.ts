import * as E from 'fp-ts/Either';
import type { Db } from 'mongodb';
import type { IndexChangeRefused, IndexSetup, RetentionChange } from '../../../application/shared/index-setup';
import {
  ensureIndexes,
  IndexFilterChangeError,
  RetentionChangeError,
  type CollectionIndexes,
} from './collection-indexes';

/** The declared indexes of `indexes`' collections in `db` (collection-indexes.ts does the work). */
export class MongoIndexSetup implements IndexSetup {
  constructor(
    private readonly db: Db,
    private readonly indexes: readonly CollectionIndexes[],
  ) {}

  get database(): string {
    return this.db.databaseName;
  }

  async ensure(onRetentionChange?: (change: RetentionChange) => void): Promise<E.Either<IndexChangeRefused, string[]>> {
    try {
      return E.right(
        await ensureIndexes(this.db, this.indexes, onRetentionChange === undefined ? {} : { onRetentionChange }),
      );
    } catch (error) {
      // An index the server cannot change to its declaration is for a person to drop; any other error is a fault.
      if (error instanceof RetentionChangeError || error instanceof IndexFilterChangeError)
        return E.left({ _tag: 'IndexChangeRefused', error });
      throw error;
    }
  }
}
