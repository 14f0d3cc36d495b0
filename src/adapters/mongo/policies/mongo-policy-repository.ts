import type { Db, Filter } from 'mongodb';
import type { PolicyInsertReport, PolicyListFilter, PolicyRepository } from '../../../application/policies/ports';
import type { Policy, PolicyStatus } from '../../../domain/policies/policy';
import type { Cpf } from '../../../domain/shared/cpf';
import { isDuplicateKey } from '../shared/mongo-errors';
import { insertTolerant } from '../shared/tolerant-insert';
import { NEWEST_FIRST, policiesCollection, type PolicyDocument } from './policy-collection';
import { insurerKeyOf, toPolicy, toPolicyDocument } from './policy-mapper';
import type { Page } from '../../../application/shared/page';

export class MongoPolicyRepository implements PolicyRepository {
  constructor(private readonly db: Db) {}

  private get policies() {
    return policiesCollection(this.db);
  }

  async insert(policy: Policy): Promise<'created' | 'duplicate'> {
    try {
      await this.policies.insertOne(toPolicyDocument(policy));
      return 'created';
    } catch (error) {
      if (isDuplicateKey(error)) return 'duplicate';
      throw error;
    }
  }

  /**
   * The numbers already stored are read first (one indexed `$in`) and repeats within the batch are
   * dropped, so the insert normally succeeds whole (jongodb aborts a whole unordered insertMany on one
   * duplicate, MongoDB inserts the rest). Should a concurrent writer take a number in between, the
   * unique index refuses it and the policy is reported as a duplicate (`insertTolerant`).
   */
  async insertMany(policies: readonly Policy[]): Promise<PolicyInsertReport> {
    if (policies.length === 0) return { inserted: 0, duplicates: [] };
    const numbers = [...new Set(policies.map((p) => p.policyNumber))];
    const stored = new Set(
      (await this.policies.find({ policyNumber: { $in: numbers } }).toArray()).map((doc) => doc.policyNumber),
    );
    const fresh: Policy[] = [];
    const duplicates: string[] = [];
    for (const policy of policies) {
      if (stored.has(policy.policyNumber)) duplicates.push(policy.policyNumber);
      else {
        stored.add(policy.policyNumber);
        fresh.push(policy);
      }
    }
    if (fresh.length === 0) return { inserted: 0, duplicates };
    const { inserted, refused } = await insertTolerant(this.policies, fresh.map(toPolicyDocument));
    return { inserted, duplicates: [...duplicates, ...refused.map((index) => (fresh[index] as Policy).policyNumber)] };
  }

  async findById(id: string): Promise<Policy | undefined> {
    const doc = await this.policies.findOne({ _id: id });
    return doc === null ? undefined : toPolicy(doc);
  }

  async findByNumber(policyNumber: string): Promise<Policy | undefined> {
    const doc = await this.policies.findOne({ policyNumber });
    return doc === null ? undefined : toPolicy(doc);
  }

  async findByCpf(cpf: Cpf, limit: number): Promise<Policy[]> {
    const docs = await this.policies.find({ cpf }, { sort: NEWEST_FIRST, limit }).toArray();
    return docs.map(toPolicy);
  }

  async list(filter: PolicyListFilter, page: number, limit: number): Promise<Page<Policy>> {
    const query: Filter<PolicyDocument> = {
      ...(filter.cpf === undefined ? {} : { cpf: filter.cpf }),
      ...(filter.status === undefined ? {} : { status: filter.status }),
      ...(filter.product === undefined ? {} : { product: filter.product }),
      ...(filter.insurer === undefined ? {} : { insurerKey: insurerKeyOf(filter.insurer) }),
      ...(filter.expiringBefore === undefined ? {} : { endDate: { $lt: filter.expiringBefore } }),
    };
    const [docs, total] = await Promise.all([
      this.policies.find(query, { sort: NEWEST_FIRST, skip: (page - 1) * limit, limit }).toArray(),
      this.policies.countDocuments(query),
    ]);
    return { items: docs.map(toPolicy), total };
  }

  async replaceStatus(next: Policy, expected: PolicyStatus): Promise<boolean> {
    const doc = toPolicyDocument(next);
    const result = await this.policies.updateOne(
      { _id: next.id, status: expected },
      { $set: { status: doc.status, history: doc.history, updatedAt: doc.updatedAt } },
    );
    return result.matchedCount === 1;
  }
}
