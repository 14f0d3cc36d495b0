import { MongoPersonRepository } from '../../../../src/adapters/mongo/sales/mongo-person-repository';
import { MongoPolicyPersonDirectory } from '../../../../src/adapters/mongo/policies/mongo-policy-person-directory';
import { MongoPolicyRepository } from '../../../../src/adapters/mongo/policies/mongo-policy-repository';
import { policiesAreaIndexes } from '../../../../src/adapters/mongo/policies/indexes';
import { policyPersonDirectoryContract } from '../../../support/contracts/policy-person-directory-contract';
import { policyRepositoryContract } from '../../../support/contracts/policy-repository-contract';
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
