import type { Policy, PolicyProduct, PolicyStatus } from '../../domain/policies/policy';
import type { Cpf } from '../../domain/shared/cpf';
import { token, type Token } from '../shared/token';
import type { Page } from '../shared/page';

/** CONTRACT 8.6 list filters; every given one applies. */
export interface PolicyListFilter {
  readonly status?: PolicyStatus;
  readonly product?: PolicyProduct;
  /** Exact, case-insensitive. */
  readonly insurer?: string;
  readonly cpf?: Cpf;
  /** `endDate` strictly before this date (YYYY-MM-DD). */
  readonly expiringBefore?: string;
}

export interface PolicyInsertReport {
  readonly inserted: number;
  /** Policy numbers already stored (or twice in the batch): nothing written for them. */
  readonly duplicates: readonly string[];
}

/**
 * Policies. "Newest first" everywhere is by startDate, then createdAt (CONTRACT 8.6), then id.
 * The unique policy number is decided by a unique index, not by a read before the write.
 */
export interface PolicyRepository {
  insert(policy: Policy): Promise<'created' | 'duplicate'>;
  /** Inserts what it can; a policy whose number exists is skipped and reported, never changed. */
  // Crash consistency (CONTRACT 10.2): (c) one document per policy, idempotent on policyNumber: a crash leaves part of
  // a batch, the same file again inserts the rest.
  insertMany(policies: readonly Policy[]): Promise<PolicyInsertReport>;
  findById(id: string): Promise<Policy | undefined>;
  findByNumber(policyNumber: string): Promise<Policy | undefined>;
  /** The `limit` newest policies of the CPF, newest first. */
  findByCpf(cpf: Cpf, limit: number): Promise<Policy[]>;
  list(filter: PolicyListFilter, page: number, limit: number): Promise<Page<Policy>>;
  /**
   * Stores `next` (status, history, updatedAt) only while the stored status is still `expected`;
   * false when another change came first (or the policy is gone).
   */
  // Crash consistency (CONTRACT 10.2): (a) status and history in one conditional update; the acyclic state machine
  // makes the status a version.
  replaceStatus(next: Policy, expected: PolicyStatus): Promise<boolean>;
}
export const PolicyRepository: Token<PolicyRepository> = token('PolicyRepository');

/** The link to the person by CPF (CONTRACT 8.6 `personId`), looked up when a policy is answered. */
export interface PolicyPersonDirectory {
  /** The id of the person holding each CPF; CPFs without a person are absent. */
  personIdsByCpf(cpfs: readonly Cpf[]): Promise<ReadonlyMap<Cpf, string>>;
}
export const PolicyPersonDirectory: Token<PolicyPersonDirectory> = token('PolicyPersonDirectory');
