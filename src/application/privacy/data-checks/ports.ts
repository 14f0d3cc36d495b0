import { token, type Token } from '../../shared/token';

/** What an erased person (`erasedAt` set) still holds, with its sales, for `check-data` (erased-subjects). */
export interface ErasedPersonFacts {
  readonly id: string;
  /** Every personal field of the person (CONTRACT 12.4), as stored, and its phone keys. */
  readonly fields: Readonly<Record<string, unknown>>;
  readonly sales: readonly {
    readonly id: string;
    readonly address: unknown;
    readonly chassis: unknown;
    readonly renavam: unknown;
  }[];
}

/** What an erased SDR interaction still holds: its phone, web session and its notes' texts. */
export interface ErasedInteractionFacts {
  readonly id: string;
  readonly phone: string | null;
  readonly notes: readonly string[];
}

/** Reads the erased records in `_id` order, in batches (erasedAt is indexed). Reads only. */
export interface ErasedSubjectStore {
  erasedPersons(batchSize: number): AsyncIterable<readonly ErasedPersonFacts[]>;
  erasedInteractions(batchSize: number): AsyncIterable<readonly ErasedInteractionFacts[]>;
}
export const ErasedSubjectStore: Token<ErasedSubjectStore> = token('ErasedSubjectStore');
