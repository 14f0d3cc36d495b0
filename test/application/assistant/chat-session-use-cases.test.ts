import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { CreateChatSession } from '../../../src/application/assistant/create-chat-session';
import { DeleteChatSession } from '../../../src/application/assistant/delete-chat-session';
import { GetChatHistory } from '../../../src/application/assistant/get-chat-history';
import { GetChatSession } from '../../../src/application/assistant/get-chat-session';
import { ListChatSessions } from '../../../src/application/assistant/list-chat-sessions';
import { UpdateChatSession } from '../../../src/application/assistant/update-chat-session';
import { DEFAULT_TITLE, type ChatRole, type ChatSession } from '../../../src/domain/assistant/chat';
import { CrashSwitch, ProcessDied } from '../../support/fakes/crash-switch';
import { ManualClock } from '../../support/fakes/fixed-clock';
import { InMemoryChatRepository } from '../../support/fakes/in-memory-chat-repository';
import { SequentialIdGenerator } from '../../support/fakes/sequential-id-generator';

const OWNER = 'user-owner';
const OTHER = 'user-other';
const NOT_FOUND = E.left({ _tag: 'ChatSessionNotFound' });

/** The chat-session use cases of CONTRACT 8.4 on the fake repository (it passes the ChatRepository contract). */
describe('Chat-session use cases (CONTRACT 8.4, on fakes)', () => {
  let chats: InMemoryChatRepository;
  let clock: ManualClock;
  let ids: SequentialIdGenerator;

  beforeEach(() => {
    chats = new InMemoryChatRepository();
    clock = new ManualClock();
    ids = new SequentialIdGenerator();
  });

  const create = async (
    userId: string,
    fields: { title?: string; description?: string } = {},
  ): Promise<ChatSession> => {
    const created = await new CreateChatSession(chats, clock, ids).execute({ userId, ...fields });
    if (E.isLeft(created)) throw new Error('CreateChatSession has no expected failure');
    return created.right;
  };
  const say = async (session: ChatSession, role: ChatRole, content: string): Promise<void> => {
    expect(
      await chats.appendOwnedMessage(
        session.userId,
        { id: ids.next(), sessionId: session.id, role, content, metadata: null },
        clock.now(),
      ),
    ).to.equal('appended');
  };

  describe('CreateChatSession', () => {
    it("stores an active, empty session of the caller with the next id and the clock's time", async () => {
      const session = await create(OWNER, { title: 'Leads de março', description: 'funil' });
      expect(session).to.deep.equal({
        id: ids.nth(1),
        userId: OWNER,
        title: 'Leads de março',
        description: 'funil',
        status: 'active',
        messageCount: 0,
        createdAt: clock.now(),
        updatedAt: clock.now(),
        lastActivityAt: clock.now(),
        preview: '',
      });
      expect(await chats.findOwnedSession(OWNER, session.id)).to.deep.equal(session);
    });

    it('without a title or a description: the default title and an empty description', async () => {
      const session = await create(OWNER);
      expect(session).to.deep.include({ title: DEFAULT_TITLE, description: '' });
    });
  });

  describe('GetChatSession', () => {
    it("answers the owner's session", async () => {
      const session = await create(OWNER);
      expect(await new GetChatSession(chats).execute({ userId: OWNER, id: session.id })).to.deep.equal(
        E.right(session),
      );
    });

    it('Left ChatSessionNotFound for an unknown id', async () => {
      await create(OWNER);
      expect(await new GetChatSession(chats).execute({ userId: OWNER, id: ids.nth(99) })).to.deep.equal(NOT_FOUND);
    });

    it("Left ChatSessionNotFound for another user's session (never revealed as existing)", async () => {
      const session = await create(OWNER);
      expect(await new GetChatSession(chats).execute({ userId: OTHER, id: session.id })).to.deep.equal(NOT_FOUND);
    });
  });

  describe('ListChatSessions', () => {
    it("the caller's own sessions only, newest activity first, a page at a time, with the total", async () => {
      const first = await create(OWNER, { title: 'a' });
      clock.advance(1_000);
      const second = await create(OWNER, { title: 'b' });
      clock.advance(1_000);
      await create(OTHER, { title: 'not mine' });
      clock.advance(1_000);
      await say(first, 'user', 'oi');
      const list = new ListChatSessions(chats);
      const all = await list.execute({ userId: OWNER, page: 1, limit: 10 });
      expect(E.isRight(all) && { ids: all.right.items.map((s) => s.id), total: all.right.total }).to.deep.equal({
        ids: [first.id, second.id],
        total: 2,
      });
      const page2 = await list.execute({ userId: OWNER, page: 2, limit: 1 });
      expect(E.isRight(page2) && { ids: page2.right.items.map((s) => s.id), total: page2.right.total }).to.deep.equal({
        ids: [second.id],
        total: 2,
      });
    });

    it('of one status when given', async () => {
      const kept = await create(OWNER);
      const archived = await create(OWNER);
      await chats.updateOwnedSession(OWNER, archived.id, { status: 'archived' }, clock.now());
      const list = new ListChatSessions(chats);
      const active = await list.execute({ userId: OWNER, status: 'active', page: 1, limit: 10 });
      const old = await list.execute({ userId: OWNER, status: 'archived', page: 1, limit: 10 });
      expect(E.isRight(active) && active.right.items.map((s) => s.id)).to.deep.equal([kept.id]);
      expect(E.isRight(old) && old.right.items.map((s) => s.id)).to.deep.equal([archived.id]);
    });

    it('an empty page (total 0) for a user without sessions', async () => {
      await create(OWNER);
      expect(await new ListChatSessions(chats).execute({ userId: OTHER, page: 1, limit: 10 })).to.deep.equal(
        E.right({ items: [], total: 0 }),
      );
    });
  });

  describe('UpdateChatSession', () => {
    it(
      'changes title, description and status, stamps updatedAt with the clock, and answers the session as ' + 'stored',
      async () => {
        const session = await create(OWNER);
        clock.advance(60_000);
        const update = new UpdateChatSession(chats, clock);
        const updated = await update.execute({
          userId: OWNER,
          id: session.id,
          changes: { title: 'Novo', description: 'd', status: 'archived' },
        });
        if (E.isLeft(updated)) throw new Error(updated.left._tag);
        expect(updated.right).to.deep.include({
          title: 'Novo',
          description: 'd',
          status: 'archived',
          updatedAt: clock.now(),
          createdAt: session.createdAt,
        });
        expect(await chats.findOwnedSession(OWNER, session.id)).to.deep.equal(updated.right);
        // Archived and active both ways.
        const reopened = await update.execute({ userId: OWNER, id: session.id, changes: { status: 'active' } });
        expect(E.isRight(reopened) && reopened.right).to.deep.include({ status: 'active', title: 'Novo' });
      },
    );

    it('Left ChatSessionNotFound for an unknown id', async () => {
      expect(
        await new UpdateChatSession(chats, clock).execute({ userId: OWNER, id: ids.nth(99), changes: { title: 'x' } }),
      ).to.deep.equal(NOT_FOUND);
    });

    it("Left ChatSessionNotFound for another user's session, which stays unchanged", async () => {
      const session = await create(OWNER, { title: 'meu' });
      clock.advance(60_000);
      expect(
        await new UpdateChatSession(chats, clock).execute({
          userId: OTHER,
          id: session.id,
          changes: { title: 'roubado' },
        }),
      ).to.deep.equal(NOT_FOUND);
      expect(await chats.findOwnedSession(OWNER, session.id)).to.deep.equal(session);
    });
  });

  describe('DeleteChatSession', () => {
    it("removes the owner's session and its messages", async () => {
      const session = await create(OWNER);
      await say(session, 'user', 'oi');
      expect(await new DeleteChatSession(chats).execute({ userId: OWNER, id: session.id })).to.deep.equal(
        E.right(undefined),
      );
      expect(await chats.findOwnedSession(OWNER, session.id)).to.equal(undefined);
      expect(await chats.history(session.id, undefined, 0, 10)).to.deep.equal({ items: [], total: 0 });
    });

    it('Left ChatSessionNotFound for an unknown id, and a second delete of the same session', async () => {
      const session = await create(OWNER);
      const remove = new DeleteChatSession(chats);
      expect(await remove.execute({ userId: OWNER, id: ids.nth(99) })).to.deep.equal(NOT_FOUND);
      await remove.execute({ userId: OWNER, id: session.id });
      expect(await remove.execute({ userId: OWNER, id: session.id })).to.deep.equal(NOT_FOUND);
    });

    it("Left ChatSessionNotFound for another user's session, which is kept with its messages", async () => {
      const session = await create(OWNER);
      await say(session, 'user', 'oi');
      expect(await new DeleteChatSession(chats).execute({ userId: OTHER, id: session.id })).to.deep.equal(NOT_FOUND);
      expect(await chats.findOwnedSession(OWNER, session.id)).to.deep.include({ id: session.id, messageCount: 1 });
      expect((await chats.history(session.id, undefined, 0, 10)).total).to.equal(1);
    });

    it(
      'killed before its n-th write, for every write: the retried delete leaves no message of the session ' +
        '(CONTRACT 10.2)',
      async () => {
        const twin = new CrashSwitch();
        chats = new InMemoryChatRepository(twin);
        const first = await create(OWNER);
        await say(first, 'user', 'oi');
        const before = twin.made;
        await new DeleteChatSession(chats).execute({ userId: OWNER, id: first.id });
        const writes = twin.made - before;
        expect(writes, 'the session, then its messages').to.equal(2);
        for (let n = 1; n <= writes; n += 1) {
          const crash = new CrashSwitch();
          chats = new InMemoryChatRepository(crash);
          const session = await create(OWNER);
          const kept = await create(OWNER);
          await say(session, 'user', 'oi');
          await say(session, 'assistant', 'olá');
          await say(kept, 'user', 'fica');
          crash.failWrite(n);
          let died: unknown;
          try {
            await new DeleteChatSession(chats).execute({ userId: OWNER, id: session.id });
          } catch (error) {
            died = error;
          }
          expect(died, `write ${n}`).to.be.instanceOf(ProcessDied);
          // The client's retry: 204 when the session was still there, else 404, and the delete is finished either way.
          const retried = await new DeleteChatSession(chats).execute({ userId: OWNER, id: session.id });
          expect(retried, `write ${n}`).to.deep.equal(n === 1 ? E.right(undefined) : NOT_FOUND);
          expect(chats.orphanSessionIds(), `write ${n}`).to.deep.equal([]);
          expect(await chats.history(session.id, undefined, 0, 10)).to.deep.equal({ items: [], total: 0 });
          expect(await chats.findOwnedSession(OWNER, kept.id)).to.deep.include({ messageCount: 1 });
          expect((await chats.history(kept.id, undefined, 0, 10)).total).to.equal(1);
        }
      },
    );
  });

  describe('GetChatHistory', () => {
    it(
      "the owner's messages oldest first, a slice at a time, of one role when given, with the filtered " + 'total',
      async () => {
        const session = await create(OWNER);
        await say(session, 'user', 'u1');
        await say(session, 'assistant', 'a1');
        await say(session, 'user', 'u2');
        await say(session, 'assistant', 'a2');
        const history = new GetChatHistory(chats);
        const contents = async (input: { role?: ChatRole; offset: number; limit: number }) => {
          const page = await history.execute({ userId: OWNER, sessionId: session.id, ...input });
          if (E.isLeft(page)) throw new Error(page.left._tag);
          return { contents: page.right.items.map((m) => m.content), total: page.right.total };
        };
        expect(await contents({ offset: 0, limit: 10 })).to.deep.equal({
          contents: ['u1', 'a1', 'u2', 'a2'],
          total: 4,
        });
        expect(await contents({ offset: 1, limit: 2 })).to.deep.equal({ contents: ['a1', 'u2'], total: 4 });
        expect(await contents({ role: 'assistant', offset: 0, limit: 10 })).to.deep.equal({
          contents: ['a1', 'a2'],
          total: 2,
        });
      },
    );

    it(
      "a full history whose total is not the session's messageCount (an append that died before its recount) " +
        'recounts the session; the page is unchanged',
      async () => {
        const crash = new CrashSwitch();
        chats = new InMemoryChatRepository(crash);
        const session = await create(OWNER);
        await say(session, 'user', 'u1');
        crash.failWrite(3);
        let died: unknown;
        try {
          await say(session, 'assistant', 'a1, sem contagem');
        } catch (error) {
          died = error;
        }
        expect(died).to.be.instanceOf(ProcessDied);
        expect(await chats.findOwnedSession(OWNER, session.id)).to.deep.include({ messageCount: 1, preview: 'u1' });
        // A filtered read does not judge the counters (its total is of one role).
        const assistantOnly = await new GetChatHistory(chats).execute({
          userId: OWNER,
          sessionId: session.id,
          role: 'user',
          offset: 0,
          limit: 10,
        });
        expect(E.isRight(assistantOnly) && assistantOnly.right.total).to.equal(1);
        expect(await chats.findOwnedSession(OWNER, session.id)).to.deep.include({ messageCount: 1 });
        const page = await new GetChatHistory(chats).execute({
          userId: OWNER,
          sessionId: session.id,
          offset: 0,
          limit: 1,
        });
        if (E.isLeft(page)) throw new Error(page.left._tag);
        expect(page.right.items.map((m) => m.content)).to.deep.equal(['u1']);
        expect(page.right.total).to.equal(2);
        expect(await chats.findOwnedSession(OWNER, session.id)).to.deep.include({
          messageCount: 2,
          preview: 'a1, sem contagem',
        });
      },
    );

    it('an empty page for a session without messages', async () => {
      const session = await create(OWNER);
      expect(
        await new GetChatHistory(chats).execute({ userId: OWNER, sessionId: session.id, offset: 0, limit: 10 }),
      ).to.deep.equal(E.right({ items: [], total: 0 }));
    });

    it('Left ChatSessionNotFound for an unknown session', async () => {
      expect(
        await new GetChatHistory(chats).execute({ userId: OWNER, sessionId: ids.nth(99), offset: 0, limit: 10 }),
      ).to.deep.equal(NOT_FOUND);
    });

    it("Left ChatSessionNotFound for another user's session, whatever its messages", async () => {
      const session = await create(OWNER);
      await say(session, 'user', 'segredo');
      expect(
        await new GetChatHistory(chats).execute({ userId: OTHER, sessionId: session.id, offset: 0, limit: 10 }),
      ).to.deep.equal(NOT_FOUND);
    });
  });
});
