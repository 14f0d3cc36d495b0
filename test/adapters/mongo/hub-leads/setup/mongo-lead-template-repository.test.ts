import { hubLeadTemplateIndexes } from '../../../../../src/adapters/mongo/hub-leads/setup/lead-template-collection';
import { MongoLeadTemplateRepository } from '../../../../../src/adapters/mongo/hub-leads/setup/mongo-lead-template-repository';
import { leadTemplateRepositoryContract } from '../../../../support/contracts/lead-template-repository-contract';
import { InMemoryLeadTemplateRepository } from '../../../../support/fakes/in-memory-lead-template-repository';
import { useTestDatabase } from '../../../../support/mongo';

describe('LeadTemplateRepository contract', () => {
  describe('in memory (the fake)', () => {
    leadTemplateRepositoryContract(async () => new InMemoryLeadTemplateRepository());
  });

  describe('MongoDB', () => {
    const mongo = useTestDatabase([hubLeadTemplateIndexes]);
    leadTemplateRepositoryContract(async () => new MongoLeadTemplateRepository(mongo().db));
  });
});
