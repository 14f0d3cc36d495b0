import type { Either } from 'fp-ts/Either';

/** An existing index whose time-to-live differs from its declaration (undefined: not a TTL index). */
export interface RetentionChange {
  readonly collection: string;
  readonly index: string;
  readonly fromSeconds: number | undefined;
  readonly toSeconds: number | undefined;
}

/** The server could not change an existing index to its declaration (its time-to-live, its partial filter). */
export interface IndexChangeRefused {
  readonly _tag: 'IndexChangeRefused';
  /** The adapter's error: its message says which index and what to do by hand. */
  readonly error: Error;
}

/**
 * The declared indexes of a set of collections in one database (CONTRACT 9.4 periods included),
 * created by `ensure-indexes`, `serve` and the commands that write. Idempotent.
 */
export interface IndexSetup {
  /** The database the collections are in. */
  readonly database: string;
  /** Creates every declared index, changing a retention that differs; answers the collections, in order. */
  ensure(onRetentionChange?: (change: RetentionChange) => void): Promise<Either<IndexChangeRefused, string[]>>;
}

export function describeTtl(seconds: number | undefined): string {
  if (seconds === undefined) return 'none';
  return seconds % 86_400 === 0 ? `${seconds / 86_400} days` : `${seconds} s`;
}

export const describeRetentionChange = (change: RetentionChange): string =>
  `Retention of ${change.collection} (index ${change.index}) changed ` +
  `from ${describeTtl(change.fromSeconds)} to ${describeTtl(change.toSeconds)}`;
