import { hubLeadTemplateIndexes } from '../../../../src/adapters/mongo/hub-leads/lead-template-collection';
import { ensureIndexes } from '../../../../src/adapters/mongo/shared/collection-indexes';
import { MongoLeadTemplateRepository } from '../../../../src/adapters/mongo/hub-leads/mongo-lead-template-repository';
import type { MongoConnection } from '../../../../src/adapters/mongo/shared/mongo-connection';
import { leadTemplateRepositoryContract } from '../../../support/contracts/lead-template-repository-contract';
import { InMemoryLeadTemplateRepository } from '../../../support/fakes/in-memory-lead-template-repository';
import { connectTestDatabase } from '../../../support/mongo';

describe('LeadTemplateRepository contract', () => {
  describe('in memory (the fake)', () => {
    leadTemplateRepositoryContract(async () => new InMemoryLeadTemplateRepository());
  });

  describe('MongoDB', () => {
    let mongo: MongoConnection;
    before(async () => {
      mongo = await connectTestDatabase();
      await ensureIndexes(mongo.db, [hubLeadTemplateIndexes]);
    });
    after(async () => {
      await mongo.close();
    });
    leadTemplateRepositoryContract(async () => new MongoLeadTemplateRepository(mongo.db));
  });
});
