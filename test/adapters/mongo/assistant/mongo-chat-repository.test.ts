import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { chatSessionsCollection } from '../../../../src/adapters/mongo/assistant/chat-collections';
import { toChatSessionDocument } from '../../../../src/adapters/mongo/assistant/chat-mapper';
import { assistantAreaIndexes } from '../../../../src/adapters/mongo/assistant/indexes';
import { MongoChatRepository } from '../../../../src/adapters/mongo/assistant/mongo-chat-repository';
import { chatRepositoryContract, chatSession } from '../../../support/contracts/chat-repository-contract';
import { crashingDb } from '../../../support/crashing-db';
import { CrashSwitch } from '../../../support/fakes/crash-switch';
import { InMemoryChatRepository } from '../../../support/fakes/in-memory-chat-repository';
import { useTestDatabase } from '../../../support/mongo';

describe('ChatRepository contract', () => {
  describe('in memory (the fake)', () => {
    chatRepositoryContract(async () => {
      const crash = new CrashSwitch();
      return { chats: new InMemoryChatRepository(crash), crash };
    });
  });

  describe('MongoDB', () => {
    const mongo = useTestDatabase(assistantAreaIndexes);
    beforeEach(async () => {
      await chatSessionsCollection(mongo().db).deleteMany({ userId: { $in: ['user-a', 'user-b'] } });
    });
    chatRepositoryContract(async () => {
      const crash = new CrashSwitch();
      return { chats: new MongoChatRepository(crashingDb(mongo().db, crash)), crash };
    });

    it('a session stored before countedSeq existed (no such field) is recounted by its next append', async () => {
      const session = chatSession('user-a');
      const { countedSeq: _absent, ...legacy } = toChatSessionDocument(session);
      await chatSessionsCollection(mongo().db).insertOne({ ...legacy, messageCount: 0 });
      const chats = new MongoChatRepository(mongo().db);
      expect(
        await chats.appendOwnedMessage(
          'user-a',
          { id: randomUUID(), sessionId: session.id, role: 'user', content: 'oi', metadata: null },
          new Date('2026-11-21T10:05:00.000Z'),
        ),
      ).to.equal('appended');
      expect(await chats.findOwnedSession('user-a', session.id)).to.deep.include({
        messageCount: 1,
        preview: 'oi',
        lastActivityAt: new Date('2026-11-21T10:05:00.000Z'),
      });
      expect((await chatSessionsCollection(mongo().db).findOne({ _id: session.id }))?.countedSeq).to.equal(1);
    });
  });
});
