/**
 * A data subject's erasure (CONTRACT 12.4): requested (pending, holding the resolved subject so the
 * run can find every store's documents after `people` is anonymized), then done (every identifier
 * dropped; the counts per store stay).
 */
export const REMOVED = '[removido]';

export type ErasureStatus = 'pending' | 'done';

/** What names the subject while the erasure runs; dropped once it is done. */
export interface ErasureSubject {
  readonly cpfs: readonly string[];
  readonly phones: readonly string[];
  readonly emails: readonly string[];
  readonly personIds: readonly string[];
  /** Full names of the subject's persons (replaced inside chat texts), collected before `people` is erased. */
  readonly names: readonly string[];
  /** Web session ids of the subject's SDR interactions (web contacts are keyed by them, CONTRACT 8.2). */
  readonly sessionIds: readonly string[];
}

export interface Erasure {
  readonly id: string;
  readonly status: ErasureStatus;
  /** Why it was asked (not the subject: the request refuses a reason that names an identifier it erases). */
  readonly reason: string;
  readonly requestedAt: Date;
  readonly doneAt: Date | null;
  readonly counts: Readonly<Record<string, number>>;
  /** Present only while pending. */
  readonly subject: ErasureSubject | null;
  /**
   * The per-erasure secret the pseudonyms of phones and web sessions are drawn from (pseudonyms.ts); random,
   * dropped with the subject so a pseudonym cannot be traced back by hashing candidate phones.
   */
  readonly salt: string | null;
  /** The subject's identifying key (`cpf:...`, `phone:<match key>`, `email:...`) while pending: one job per subject. */
  readonly subjectKeys: readonly string[];
}
