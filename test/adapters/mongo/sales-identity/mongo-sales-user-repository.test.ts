import { MongoSalesUserRepository } from '../../../../src/adapters/mongo/sales-identity/mongo-sales-user-repository';
import { salesUserIndexes } from '../../../../src/adapters/mongo/sales-identity/sales-user-collection';
import { salesUserRepositoryContract } from '../../../support/contracts/sales-user-repository-contract';
import { InMemorySalesUserRepository } from '../../../support/fakes/in-memory-sales-user-repository';
import { faultyDb } from '../../../support/fakes/write-faults';
import { useTestDatabase } from '../../../support/mongo';

describe('SalesUserRepository contract', () => {
  describe('in memory (the fake)', () => {
    salesUserRepositoryContract(async (faults) => new InMemorySalesUserRepository(faults));
  });

  describe('MongoDB', () => {
    const mongo = useTestDatabase([salesUserIndexes]);
    salesUserRepositoryContract(async (faults) => new MongoSalesUserRepository(faultyDb(mongo().db, faults)));
  });
});
