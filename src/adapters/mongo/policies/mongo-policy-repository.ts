import { MongoBulkWriteError, type Db, type Filter } from 'mongodb';
import type { PolicyInsertReport, PolicyListFilter, PolicyRepository } from '../../../application/policies/ports';
import type { Page } from '../../../application/sales/ports';
import type { Policy, PolicyStatus } from '../../../domain/policies/policy';
import type { Cpf } from '../../../domain/shared/cpf';
import { isDuplicateKey } from '../shared/mongo-errors';
import { NEWEST_FIRST, policiesCollection, type PolicyDocument } from './policy-collection';
import { insurerKeyOf, toPolicy, toPolicyDocument } from './policy-mapper';

const DUPLICATE_KEY_CODES = new Set([11000, 11001]);

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

  async insertMany(policies: readonly Policy[]): Promise<PolicyInsertReport> {
    if (policies.length === 0) return { inserted: 0, duplicates: [] };
    try {
      // Unordered: a duplicate number does not stop the rest of the batch.
      const result = await this.policies.insertMany(policies.map(toPolicyDocument), { ordered: false });
      return { inserted: result.insertedCount, duplicates: [] };
    } catch (error) {
      if (!(error instanceof MongoBulkWriteError)) throw error;
      const writeErrors = Array.isArray(error.writeErrors) ? error.writeErrors : [error.writeErrors];
      if (writeErrors.some((e) => !DUPLICATE_KEY_CODES.has(e.code))) throw error;
      const duplicates = writeErrors.map((e) => policies[e.index]?.policyNumber ?? '');
      return { inserted: policies.length - writeErrors.length, duplicates };
    }
  }

  async findById(id: string): Promise<Policy | undefined> {
    const doc = await this.policies.findOne({ _id: id });
    return doc === null ? undefined : toPolicy(doc);
  }

  async findByNumber(policyNumber: string): Promise<Policy | undefined> {
    const doc = await this.policies.findOne({ policyNumber });
    return doc === null ? undefined : toPolicy(doc);
  }

  async findByCpf(cpf: Cpf): Promise<Policy[]> {
    const docs = await this.policies.find({ cpf }, { sort: NEWEST_FIRST }).toArray();
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
