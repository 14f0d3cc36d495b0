import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { chatMessagesCollection, chatSessionsCollection } from '../../../../src/adapters/mongo/assistant/chat-collections';
import { assistantAreaIndexes } from '../../../../src/adapters/mongo/assistant/indexes';
import { MongoChatRepository } from '../../../../src/adapters/mongo/assistant/mongo-chat-repository';
import { chatRepositoryContract, chatSession } from '../../../support/contracts/chat-repository-contract';
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

    it('a message appended while its session is deleted does not stay behind', async () => {
      const repo = new MongoChatRepository(mongo().db);
      const s = chatSession();
      await repo.insertSession(s);
      // The session disappears between the number and the counters (a concurrent DELETE).
      const sessions = chatSessionsCollection(mongo().db);
      const original = sessions.updateOne.bind(sessions);
      let deleted = false;
      sessions.updateOne = (async (...args: Parameters<typeof original>) => {
        if (!deleted) {
          deleted = true;
          await repo.deleteOwnedSession('user-a', s.id);
        }
        return original(...args);
      }) as typeof sessions.updateOne;
      const outcome = await new MongoChatRepository({ collection: (name: string) => (name === sessions.collectionName ? sessions : mongo().db.collection(name)) } as never).appendMessage(
        { id: randomUUID(), sessionId: s.id, role: 'user', content: 'x', metadata: null },
        new Date(),
      );
      expect(outcome).to.equal('not-found');
      expect(await chatMessagesCollection(mongo().db).countDocuments({ sessionId: s.id })).to.equal(0);
    });
  });
});
