import { MongoPersonRepository } from '../../../../src/adapters/mongo/sales/mongo-person-repository';
import { MongoPolicyPersonDirectory } from '../../../../src/adapters/mongo/policies/mongo-policy-person-directory';
import { MongoPolicyRepository } from '../../../../src/adapters/mongo/policies/mongo-policy-repository';
import { policiesAreaIndexes } from '../../../../src/adapters/mongo/policies/indexes';
import { policyPersonDirectoryContract } from '../../../support/contracts/policy-person-directory-contract';
import { policyRepositoryContract, storedPolicy } from '../../../support/contracts/policy-repository-contract';
import { expect } from 'chai';
import type { Policy } from '../../../../src/domain/policies/policy';
import { InMemoryPersonRepository } from '../../../support/fakes/in-memory-person-repository';
import { InMemoryPolicyRepository } from '../../../support/fakes/in-memory-policy-repository';
import { useTestDatabase } from '../../../support/mongo';
import { freshSalesDatabase } from '../../../support/sales-fixtures';
import { ensureIndexes } from '../../../../src/adapters/mongo/shared/collection-indexes';
import { randomUUID } from 'node:crypto';

describe('PolicyRepository contract', () => {
  describe('in memory (the fake)', () => {
    policyRepositoryContract(async () => new InMemoryPolicyRepository());
  });

  describe('MongoDB', () => {
    const mongo = useTestDatabase();
    policyRepositoryContract(async () => {
      const db = mongo().client.db(`test_${randomUUID().replace(/-/g, '').slice(0, 16)}`);
      await ensureIndexes(db, policiesAreaIndexes);
      return new MongoPolicyRepository(db);
    });
  });
});

describe('PolicyPersonDirectory contract', () => {
  describe('in memory (the fake)', () => {
    policyPersonDirectoryContract(async () => {
      const people = new InMemoryPersonRepository();
      return { directory: people, people };
    });
  });

  describe('MongoDB', () => {
    const mongo = useTestDatabase();
    policyPersonDirectoryContract(async () => {
      const db = await freshSalesDatabase(mongo());
      return { directory: new MongoPolicyPersonDirectory(db), people: new MongoPersonRepository(db) };
    });
  });
});

describe('MongoPolicyRepository.insertMany when another writer takes a number between its read and its write', () => {
  const mongo = useTestDatabase();

  it(
    'the unique index refuses it: the rest of the batch is stored once, the taken number is a duplicate and keeps ' +
      "the other writer's policy",
    async () => {
      const db = mongo().client.db(`test_${randomUUID().replace(/-/g, '').slice(0, 16)}`);
      await ensureIndexes(db, policiesAreaIndexes);
      const batch = [storedPolicy(), storedPolicy(), storedPolicy()];
      const taken = batch[1] as Policy;
      const rival = { ...taken, id: randomUUID(), insurer: 'Rival' };
      // The real database throughout; only the moment is staged: right after the repository's read of
      // the stored numbers, the rival's insert lands, so the read is stale when the batch is written.
      const staged = new Proxy(db, {
        get(target, property, receiver) {
          if (property !== 'collection') return Reflect.get(target, property, receiver);
          return (name: string) => {
            const collection = target.collection(name);
            return new Proxy(collection, {
              get(c, p, r) {
                if (p !== 'find') return Reflect.get(c, p, r);
                return (filter: Record<string, unknown>, ...rest: unknown[]) => {
                  const cursor = (c.find as (...args: unknown[]) => { toArray(): Promise<unknown[]> })(filter, ...rest);
                  if (!('policyNumber' in filter)) return cursor;
                  return {
                    toArray: async () => {
                      const seen = await cursor.toArray();
                      await new MongoPolicyRepository(target).insert(rival);
                      return seen;
                    },
                  };
                };
              },
            });
          };
        },
      });
      const report = await new MongoPolicyRepository(staged).insertMany(batch);
      expect(report).to.deep.equal({ inserted: 2, duplicates: [taken.policyNumber] });
      const repo = new MongoPolicyRepository(db);
      expect(await repo.findByNumber(taken.policyNumber)).to.deep.equal(rival);
      for (const p of [batch[0], batch[2]] as Policy[]) expect(await repo.findById(p.id)).to.deep.equal(p);
      expect(await repo.findById(taken.id)).to.equal(undefined);
    },
  );
});
