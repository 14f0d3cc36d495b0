import { hubLeadIndexes } from '../../../../src/adapters/mongo/hub-leads/lead-collection';
import { ensureIndexes } from '../../../../src/adapters/mongo/shared/collection-indexes';
import { MongoLeadRepository } from '../../../../src/adapters/mongo/hub-leads/mongo-lead-repository';
import type { MongoConnection } from '../../../../src/adapters/mongo/shared/mongo-connection';
import { leadRepositoryContract } from '../../../support/contracts/lead-repository-contract';
import { InMemoryLeadRepository } from '../../../support/fakes/in-memory-lead-repository';
import { connectTestDatabase } from '../../../support/mongo';

describe('LeadRepository contract', () => {
  describe('in memory (the fake)', () => {
    leadRepositoryContract(async () => new InMemoryLeadRepository());
  });

  describe('MongoDB', () => {
    let mongo: MongoConnection;
    before(async () => {
      mongo = await connectTestDatabase();
      await ensureIndexes(mongo.db, [hubLeadIndexes]);
    });
    after(async () => {
      await mongo.close();
    });
    leadRepositoryContract(async () => new MongoLeadRepository(mongo.db));
  });
});
