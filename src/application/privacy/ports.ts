import type { Erasure, ErasureSubject } from '../../domain/privacy/erasure';
import type { SubjectIdentifier } from '../shared/privacy/subject';
import { token, type Token } from '../shared/token';

/** What one erasure run hands every step: the subject and the erasure's pseudonym salt. */
export interface ErasureContext {
  readonly erasureId: string;
  readonly subject: ErasureSubject;
  readonly salt: string;
}

/**
 * One store's part of an erasure (CONTRACT 12.4), in the order of `position`. `count` is what `erase` would
 * change (the dry run, and the counts fixed before the first write). `erase` is idempotent: a rerun after a
 * crash finds only what is left (each write is conditional on the value it replaces).
 */
export interface ErasureStep {
  readonly store: string;
  readonly position: number;
  count(context: ErasureContext): Promise<number>;
  // Crash consistency (CONTRACT 10.2): (c) each document's write is one conditional update or delete, repeated by the
  // next run for what is left.
  erase(context: ErasureContext): Promise<number>;
}
export const ErasureSteps: Token<readonly ErasureStep[]> = token('ErasureSteps');

/** Grows an identifier into the whole subject (its persons' CPFs, phones, e-mails, names). */
export interface ErasureSubjectResolver {
  resolve(identifier: SubjectIdentifier): Promise<ErasureSubject>;
}
export const ErasureSubjectResolver: Token<ErasureSubjectResolver> = token('ErasureSubjectResolver');

export type NewErasure = Omit<Erasure, 'status' | 'doneAt' | 'counts'>;

/** The durable erasure requests (CONTRACT 12.2, 12.4). */
export interface ErasureStore {
  /**
   * Stores a pending request, unless one is pending for any of its `subjectKeys` (unique while pending): then that
   * one.
   */
  // Crash consistency (CONTRACT 10.2): (a) one insert; the unique keys make racing requests one job.
  create(erasure: NewErasure): Promise<{ readonly created: boolean; readonly erasure: Erasure }>;
  findById(id: string): Promise<Erasure | undefined>;
  page(skip: number, limit: number): Promise<{ readonly items: Erasure[]; readonly total: number }>;
  /** Pending requests, oldest first (the start, the tick and `privacy erase` complete them). */
  pending(limit: number): Promise<Erasure[]>;
  /** The counts fixed before the first erasing write (a rerun keeps them); only while none are set. */
  // Crash consistency (CONTRACT 10.2): (a) one conditional update.
  setCounts(id: string, counts: Readonly<Record<string, number>>): Promise<void>;
  /** Done: status, doneAt, and every identifier (subject, salt, keys) dropped, in one update. */
  // Crash consistency (CONTRACT 10.2): (a) one update, the commit point of the erasure.
  finish(id: string, doneAt: Date): Promise<void>;
}
export const ErasureStore: Token<ErasureStore> = token('ErasureStore');
