import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import {
  chatMessagesCollection,
  chatSessionsCollection,
} from '../../../../src/adapters/mongo/assistant/chat-collections';
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

    it('numbers concurrent appends apart: every stored message of a session has its own seq', async () => {
      const chats = new MongoChatRepository(mongo().db);
      const sessions = Array.from({ length: 4 }, () => chatSession('user-a'));
      await Promise.all(
        sessions.map(async (session) => {
          await chats.insertSession(session);
          await Promise.all(
            Array.from({ length: 12 }, (_, n) =>
              chats.appendOwnedMessage(
                'user-a',
                { id: randomUUID(), sessionId: session.id, role: 'user', content: `m${n}`, metadata: null },
                new Date('2026-11-21T10:05:00.000Z'),
              ),
            ),
          );
        }),
      );
      for (const session of sessions) {
        const seqs = await chatMessagesCollection(mongo().db)
          .find({ sessionId: session.id })
          .map((m) => m.seq)
          .toArray();
        expect([...seqs].sort((a, b) => a - b)).to.deep.equal(Array.from({ length: 12 }, (_, n) => n + 1));
      }
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
