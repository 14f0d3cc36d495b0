import { hubChannelIndexes } from '../../../../../src/adapters/mongo/hub-leads/setup/channel-collection';
import { MongoChannelRepository } from '../../../../../src/adapters/mongo/hub-leads/setup/mongo-channel-repository';
import { channelRepositoryContract } from '../../../../support/contracts/channel-repository-contract';
import { InMemoryChannelRepository } from '../../../../support/fakes/in-memory-channel-repository';
import { useTestDatabase } from '../../../../support/mongo';

describe('ChannelRepository contract', () => {
  describe('in memory (the fake)', () => {
    channelRepositoryContract(async () => new InMemoryChannelRepository());
  });

  describe('MongoDB', () => {
    const mongo = useTestDatabase([hubChannelIndexes]);
    channelRepositoryContract(async () => new MongoChannelRepository(mongo().db));
  });
});
