import { hubLeadIndexes } from '../../../../../src/adapters/mongo/hub-leads/leads/lead-collection';
import { MongoLeadRepository } from '../../../../../src/adapters/mongo/hub-leads/leads/mongo-lead-repository';
import { leadRepositoryContract } from '../../../../support/contracts/lead-repository-contract';
import { InMemoryLeadRepository } from '../../../../support/fakes/in-memory-lead-repository';
import { useTestDatabase } from '../../../../support/mongo';

describe('LeadRepository contract', () => {
  describe('in memory (the fake)', () => {
    leadRepositoryContract(async () => new InMemoryLeadRepository());
  });

  describe('MongoDB', () => {
    const mongo = useTestDatabase([hubLeadIndexes]);
    leadRepositoryContract(async () => new MongoLeadRepository(mongo().db));
  });
});
