import type { Db } from 'mongodb';
import { MongoChatReadModel } from '../../../../src/adapters/mongo/sdr/read-models/mongo-chat-read-model';
import { MongoContactReadModel } from '../../../../src/adapters/mongo/sdr/read-models/mongo-contact-read-model';
import { MongoFollowerState } from '../../../../src/adapters/mongo/sdr/read-models/mongo-follower-state';
import { ReadModelSource } from '../../../../src/adapters/mongo/sdr/read-models/read-model-source';
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
    const source = new ReadModelSource('brokerhub/gateway_messages');
    describe('ContactReadModel', () =>
      contactReadModelContract(async () => new MongoContactReadModel(await freshSalesDatabase(mongo()), source)));
    describe('ChatReadModel', () =>
      chatReadModelContract(async () => new MongoChatReadModel(await freshSalesDatabase(mongo()), source)));
    describe('FollowerStateStore', () =>
      followerStateStoreContract(async () => new MongoFollowerState(await freshSalesDatabase(mongo()), source)));
    // CONTRACT 8.1, 10.1: the models of another gateway store on the same database are invisible to these.
    describe('ContactReadModel, beside the same model of another gateway store', () =>
      contactReadModelContract(async () => {
        const db = await freshSalesDatabase(mongo());
        await fillOtherSource(db);
        return new MongoContactReadModel(db, source);
      }));
    describe('ChatReadModel, beside the same model of another gateway store', () =>
      chatReadModelContract(async () => {
        const db = await freshSalesDatabase(mongo());
        await fillOtherSource(db);
        return new MongoChatReadModel(db, source);
      }));
    describe('FollowerStateStore, beside the state of another gateway store', () =>
      followerStateStoreContract(async () => {
        const db = await freshSalesDatabase(mongo());
        await fillOtherSource(db);
        return new MongoFollowerState(db, source);
      }));
  });
});

/** Documents of another gateway store, under the keys the contract suites use, claimed and leased by another holder. */
async function fillOtherSource(db: Db): Promise<void> {
  const other = new ReadModelSource('brokerhub/other_messages');
  const keys = [
    '5511999990001',
    '5511999990002',
    'web-00000000-0000-4000-8000-000000000001',
    'main:5511999990001@s.whatsapp.net',
  ];
  const at = new Date('2020-01-01T00:00:00Z');
  await new MongoContactReadModel(db, other).claim(keys, at);
  await new MongoChatReadModel(db, other).claim(keys, at);
  await new MongoFollowerState(db, other).lease('other', new Date(), 60_000);
}
