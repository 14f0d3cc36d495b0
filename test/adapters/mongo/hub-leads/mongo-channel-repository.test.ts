import { hubChannelIndexes } from '../../../../src/adapters/mongo/hub-leads/channel-collection';
import { ensureIndexes } from '../../../../src/adapters/mongo/shared/collection-indexes';
import { MongoChannelRepository } from '../../../../src/adapters/mongo/hub-leads/mongo-channel-repository';
import type { MongoConnection } from '../../../../src/adapters/mongo/shared/mongo-connection';
import { channelRepositoryContract } from '../../../support/contracts/channel-repository-contract';
import { InMemoryChannelRepository } from '../../../support/fakes/in-memory-channel-repository';
import { connectTestDatabase } from '../../../support/mongo';

describe('ChannelRepository contract', () => {
  describe('in memory (the fake)', () => {
    channelRepositoryContract(async () => new InMemoryChannelRepository());
  });

  describe('MongoDB', () => {
    let mongo: MongoConnection;
    before(async () => {
      mongo = await connectTestDatabase();
      await ensureIndexes(mongo.db, [hubChannelIndexes]);
    });
    after(async () => {
      await mongo.close();
    });
    channelRepositoryContract(async () => new MongoChannelRepository(mongo.db));
  });
});
