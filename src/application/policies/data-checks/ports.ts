import { token, type Token } from '../../shared/token';

/** A policy's status and the moves of its history, oldest first (CONTRACT 8.6). */
export interface PolicyStatusRecord {
  readonly id: string;
  readonly status: string;
  readonly history: readonly { readonly from: string; readonly to: string }[];
}

/** Reads the policies in `_id` order (a full read by design, streamed in cursor batches of `batchSize`). */
export interface PolicyStatusStore {
  policies(batchSize: number): AsyncIterable<readonly PolicyStatusRecord[]>;
}
export const PolicyStatusStore: Token<PolicyStatusStore> = token('PolicyStatusStore');
