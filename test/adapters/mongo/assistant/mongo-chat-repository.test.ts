import { chatSessionsCollection } from '../../../../src/adapters/mongo/assistant/chat-collections';
import { assistantAreaIndexes } from '../../../../src/adapters/mongo/assistant/indexes';
import { MongoChatRepository } from '../../../../src/adapters/mongo/assistant/mongo-chat-repository';
import { chatRepositoryContract } from '../../../support/contracts/chat-repository-contract';
import { InMemoryChatRepository } from '../../../support/fakes/in-memory-chat-repository';
import { useTestDatabase } from '../../../support/mongo';

describe('ChatRepository contract', () => {
  describe('in memory (the fake)', () => {
    chatRepositoryContract(async () => new InMemoryChatRepository());
  });

  describe('MongoDB', () => {
    const mongo = useTestDatabase(assistantAreaIndexes);
    beforeEach(async () => {
      await chatSessionsCollection(mongo().db).deleteMany({ userId: { $in: ['user-a', 'user-b'] } });
    });
    chatRepositoryContract(async () => new MongoChatRepository(mongo().db));
  });
});
