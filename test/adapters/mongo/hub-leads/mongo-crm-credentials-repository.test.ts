import { hubCrmCredentialsIndexes } from '../../../../src/adapters/mongo/hub-leads/crm-credentials-collection';
import { ensureIndexes } from '../../../../src/adapters/mongo/shared/collection-indexes';
import { MongoCrmCredentialsRepository } from '../../../../src/adapters/mongo/hub-leads/mongo-crm-credentials-repository';
import type { MongoConnection } from '../../../../src/adapters/mongo/shared/mongo-connection';
import { crmCredentialsRepositoryContract } from '../../../support/contracts/crm-credentials-repository-contract';
import { InMemoryCrmCredentialsRepository } from '../../../support/fakes/in-memory-crm-credentials-repository';
import { connectTestDatabase } from '../../../support/mongo';

describe('CrmCredentialsRepository contract', () => {
  describe('in memory (the fake)', () => {
    crmCredentialsRepositoryContract(async () => new InMemoryCrmCredentialsRepository());
  });

  describe('MongoDB', () => {
    let mongo: MongoConnection;
    before(async () => {
      mongo = await connectTestDatabase();
      await ensureIndexes(mongo.db, [hubCrmCredentialsIndexes]);
    });
    after(async () => {
      await mongo.close();
    });
    crmCredentialsRepositoryContract(async () => new MongoCrmCredentialsRepository(mongo.db));
  });
});
