import type { PolicyInsertReport, PolicyListFilter, PolicyRepository } from '../../../src/application/policies/ports';
import type { Policy, PolicyStatus } from '../../../src/domain/policies/policy';
import type { Cpf } from '../../../src/domain/shared/cpf';
import { compareBinary } from './binary-order';
import type { Page } from '../../../src/application/shared/page';
import { NO_FAULTS, type WriteFaults } from './write-faults';

const copy = (policy: Policy): Policy => ({ ...policy, history: policy.history.map((change) => ({ ...change })) });

/** Newest first: startDate, then createdAt, then id, each descending (the database's order). */
const newestFirst = (a: Policy, b: Policy): number =>
  compareBinary(b.startDate, a.startDate) || b.createdAt.getTime() - a.createdAt.getTime() || compareBinary(b.id, a.id);

export class InMemoryPolicyRepository implements PolicyRepository {
  private readonly policies = new Map<string, Policy>();

  /**
   * `faults` can kill each policy's insert (CONTRACT 10.2): one document each, so a kill inside
   * insertMany leaves a prefix of the batch stored, as an unordered insertMany cut by a dead process may.
   */
  constructor(private readonly faults: WriteFaults = NO_FAULTS) {}

  private numberTaken(policyNumber: string): boolean {
    return [...this.policies.values()].some((p) => p.policyNumber === policyNumber);
  }

  async insert(policy: Policy): Promise<'created' | 'duplicate'> {
    this.faults.write('policies.insertOne');
    if (this.policies.has(policy.id)) throw new Error(`duplicate policy id ${policy.id}`);
    if (this.numberTaken(policy.policyNumber)) return 'duplicate';
    this.policies.set(policy.id, copy(policy));
    return 'created';
  }

  async insertMany(policies: readonly Policy[]): Promise<PolicyInsertReport> {
    let inserted = 0;
    const duplicates: string[] = [];
    for (const policy of policies) {
      if ((await this.insert(policy)) === 'created') inserted += 1;
      else duplicates.push(policy.policyNumber);
    }
    return { inserted, duplicates };
  }

  async findById(id: string): Promise<Policy | undefined> {
    const policy = this.policies.get(id);
    return policy === undefined ? undefined : copy(policy);
  }

  async findByNumber(policyNumber: string): Promise<Policy | undefined> {
    const policy = [...this.policies.values()].find((p) => p.policyNumber === policyNumber);
    return policy === undefined ? undefined : copy(policy);
  }

  async findByCpf(cpf: Cpf, limit: number): Promise<Policy[]> {
    return [...this.policies.values()]
      .filter((p) => p.cpf === cpf)
      .sort(newestFirst)
      .slice(0, limit)
      .map(copy);
  }

  async list(filter: PolicyListFilter, page: number, limit: number): Promise<Page<Policy>> {
    const matching = [...this.policies.values()]
      .filter(
        (p) =>
          (filter.cpf === undefined || p.cpf === filter.cpf) &&
          (filter.status === undefined || p.status === filter.status) &&
          (filter.product === undefined || p.product === filter.product) &&
          (filter.insurer === undefined || p.insurer.toLowerCase() === filter.insurer.toLowerCase()) &&
          (filter.expiringBefore === undefined || p.endDate < filter.expiringBefore),
      )
      .sort(newestFirst);
    return { items: matching.slice((page - 1) * limit, page * limit).map(copy), total: matching.length };
  }

  async replaceStatus(next: Policy, expected: PolicyStatus): Promise<boolean> {
    const current = this.policies.get(next.id);
    if (current === undefined || current.status !== expected) return false;
    this.policies.set(next.id, {
      ...current,
      status: next.status,
      history: next.history.map((c) => ({ ...c })),
      updatedAt: next.updatedAt,
    });
    return true;
  }
}
