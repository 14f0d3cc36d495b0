import { MongoChatReadModel } from '../../../../src/adapters/mongo/sdr/read-models/mongo-chat-read-model';
import { MongoContactReadModel } from '../../../../src/adapters/mongo/sdr/read-models/mongo-contact-read-model';
import { MongoFollowerState } from '../../../../src/adapters/mongo/sdr/read-models/mongo-follower-state';
import { chatReadModelContract } from '../../../support/contracts/chat-read-model-contract';
import { contactReadModelContract } from '../../../support/contracts/contact-read-model-contract';
import { followerStateStoreContract } from '../../../support/contracts/follower-state-store-contract';
import { InMemoryChatReadModel } from '../../../support/fakes/in-memory-chat-read-model';
import { InMemoryContactReadModel } from '../../../support/fakes/in-memory-contact-read-model';
import { InMemoryFollowerState } from '../../../support/fakes/in-memory-follower-state';
import { useTestDatabase } from '../../../support/mongo';
import { freshSalesDatabase } from '../../../support/sales-fixtures';

describe('SDR read model contracts (ContactReadModel, ChatReadModel, FollowerStateStore)', () => {
  describe('in memory (the fakes)', () => {
    describe('ContactReadModel', () => contactReadModelContract(async () => new InMemoryContactReadModel()));
    describe('ChatReadModel', () => chatReadModelContract(async () => new InMemoryChatReadModel()));
    describe('FollowerStateStore', () => followerStateStoreContract(async () => new InMemoryFollowerState()));
  });

  describe('MongoDB', () => {
    const mongo = useTestDatabase();
    describe('ContactReadModel', () =>
      contactReadModelContract(async () => new MongoContactReadModel(await freshSalesDatabase(mongo()))));
    describe('ChatReadModel', () =>
      chatReadModelContract(async () => new MongoChatReadModel(await freshSalesDatabase(mongo()))));
    describe('FollowerStateStore', () =>
      followerStateStoreContract(async () => new MongoFollowerState(await freshSalesDatabase(mongo()))));
  });
});
