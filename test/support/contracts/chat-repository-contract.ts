import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { ChatRepository } from '../../../src/application/assistant/ports';
import { newChatSession, previewOf, type ChatMessage, type ChatRole } from '../../../src/domain/assistant/chat';
import { ProcessDied, type CrashSwitch } from '../fakes/crash-switch';

const T0 = new Date('2026-11-21T10:00:00.000Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

export const chatSession = (userId = 'user-a', createdAt = T0, title?: string) =>
  newChatSession({ id: randomUUID(), userId, at: createdAt, ...(title === undefined ? {} : { title }) });
const message = (
  sessionId: string,
  content: string,
  role: ChatRole = 'user',
  metadata: ChatMessage['metadata'] = null,
) => ({ id: randomUUID(), sessionId, role, content, metadata });

export interface ChatRepositoryUnderTest {
  readonly chats: ChatRepository;
  /** Kills the repository before its n-th write (the fake asks it; the adapter's database is wrapped by crashingDb). */
  readonly crash: CrashSwitch;
}

/**
 * ChatRepository (CONTRACT 8.4, 10.2): sessions scoped to their owner, messages in order, the session's
 * counters right under concurrent appends, and both multi-write paths put right after a crash between
 * their writes (an append by the next append or a recount, a delete by the retried delete).
 */
export function chatRepositoryContract(make: () => Promise<ChatRepositoryUnderTest>): void {
  let repo: ChatRepository;
  let crash: CrashSwitch;
  beforeEach(async () => {
    ({ chats: repo, crash } = await make());
  });

  /** The counters the session's history gives it (CONTRACT 8.4). */
  async function expectCountersOfHistory(sessionId: string, createdAt: Date): Promise<void> {
    const history = await repo.history(sessionId, undefined, 0, 1000);
    const last = history.items.at(-1);
    expect(await repo.findOwnedSession('user-a', sessionId)).to.deep.include({
      messageCount: history.total,
      preview: last === undefined ? '' : previewOf(last.content),
      lastActivityAt: last === undefined ? createdAt : last.createdAt,
    });
  }

  it('stores a session and finds it for its owner only', async () => {
    const s = chatSession();
    await repo.insertSession(s);
    expect(await repo.findOwnedSession('user-a', s.id)).to.deep.equal(s);
    expect(await repo.findOwnedSession('user-b', s.id)).to.equal(undefined);
    expect(await repo.findOwnedSession('user-a', randomUUID())).to.equal(undefined);
  });

  it("lists the owner's sessions newest activity first, by status, a page at a time", async () => {
    const old = chatSession('user-a', at(0));
    const recent = chatSession('user-a', at(5));
    const talkedTo = chatSession('user-a', at(1));
    for (const s of [old, recent, talkedTo, chatSession('user-b', at(9))]) await repo.insertSession(s);
    await repo.appendOwnedMessage('user-a', message(talkedTo.id, 'oi'), at(10));
    await repo.updateOwnedSession('user-a', old.id, { status: 'archived' }, at(11));
    const all = await repo.listOwnedSessions('user-a', undefined, 1, 10);
    expect(all.items.map((s) => s.id)).to.deep.equal([talkedTo.id, recent.id, old.id]);
    expect(all.total).to.equal(3);
    const page2 = await repo.listOwnedSessions('user-a', undefined, 2, 2);
    expect(page2.items.map((s) => s.id)).to.deep.equal([old.id]);
    expect(page2.total).to.equal(3);
    expect((await repo.listOwnedSessions('user-a', 'archived', 1, 10)).items.map((s) => s.id)).to.deep.equal([old.id]);
    expect((await repo.listOwnedSessions('user-a', 'active', 1, 10)).total).to.equal(2);
  });

  it('updates title, description and status for the owner only, moving updatedAt', async () => {
    const s = chatSession();
    await repo.insertSession(s);
    expect(await repo.updateOwnedSession('user-b', s.id, { title: 'x' }, at(1))).to.equal(undefined);
    const updated = await repo.updateOwnedSession(
      'user-a',
      s.id,
      { title: 'Leads', description: 'semana', status: 'archived' },
      at(2),
    );
    expect(updated).to.deep.equal({
      ...s,
      title: 'Leads',
      description: 'semana',
      status: 'archived',
      updatedAt: at(2),
    });
    expect(await repo.updateOwnedSession('user-a', s.id, { status: 'active' }, at(3))).to.deep.include({
      status: 'active',
      title: 'Leads',
    });
    expect(await repo.findOwnedSession('user-a', s.id)).to.deep.include({ status: 'active', updatedAt: at(3) });
  });

  it(
    'appends messages in order: history oldest first, by role, with offset and limit; the last messages oldest ' +
      'first',
    async () => {
      const s = chatSession();
      await repo.insertSession(s);
      const metadata = { operationType: 'answer', executionTimeMs: 12 };
      for (let i = 0; i < 5; i += 1) {
        expect(await repo.appendOwnedMessage('user-a', message(s.id, `q${i}`), at(1))).to.equal('appended');
        expect(await repo.appendOwnedMessage('user-a', message(s.id, `a${i}`, 'assistant', metadata), at(1))).to.equal(
          'appended',
        );
      }
      const all = await repo.history(s.id, undefined, 0, 100);
      expect(all.total).to.equal(10);
      expect(all.items.map((m) => m.content)).to.deep.equal([
        'q0',
        'a0',
        'q1',
        'a1',
        'q2',
        'a2',
        'q3',
        'a3',
        'q4',
        'a4',
      ]);
      expect(all.items[1]).to.deep.include({ role: 'assistant', metadata, sessionId: s.id, createdAt: at(1) });
      expect(all.items[0]?.metadata).to.equal(null);
      const assistant = await repo.history(s.id, 'assistant', 1, 2);
      expect(assistant.items.map((m) => m.content)).to.deep.equal(['a1', 'a2']);
      expect(assistant.total).to.equal(5);
      expect((await repo.lastMessages(s.id, 3)).map((m) => m.content)).to.deep.equal(['a3', 'q4', 'a4']);
      expect(await repo.appendOwnedMessage('user-a', message(randomUUID(), 'lost'), at(2))).to.equal('not-found');
      // Another user's session is not found, and nothing of it moves.
      expect(await repo.appendOwnedMessage('user-b', message(s.id, 'intruso'), at(3))).to.equal('not-found');
      expect((await repo.history(s.id, undefined, 0, 100)).total).to.equal(10);
      expect(await repo.findOwnedSession('user-a', s.id)).to.deep.include({ messageCount: 10, lastActivityAt: at(1) });
    },
  );

  it('keeps messageCount, preview (the first 120 characters) and lastActivityAt of the last message', async () => {
    const s = chatSession();
    await repo.insertSession(s);
    const long = 'á'.repeat(130);
    await repo.appendOwnedMessage('user-a', message(s.id, 'primeira'), at(1));
    await repo.appendOwnedMessage('user-a', message(s.id, long, 'assistant'), at(2));
    const stored = await repo.findOwnedSession('user-a', s.id);
    expect(stored).to.deep.include({ messageCount: 2, preview: 'á'.repeat(120), lastActivityAt: at(2), createdAt: T0 });
  });

  it(
    'under concurrent appends: every message counted once, numbered apart, and the preview shows the last of the ' +
      'history',
    async () => {
      const s = chatSession();
      await repo.insertSession(s);
      const n = 12;
      const appends = Array.from({ length: n }, (_, i) =>
        repo.appendOwnedMessage('user-a', message(s.id, `m${i}`, i % 2 === 0 ? 'user' : 'assistant'), at(i)),
      );
      // Recounts running among the appends (a history read, check-data) never count one of them out.
      const recounts = Array.from({ length: 4 }, () => repo.recount(s.id));
      const outcomes = (await Promise.all([...appends, ...recounts])).slice(0, n);
      expect(outcomes).to.deep.equal(Array.from({ length: n }, () => 'appended'));
      const history = await repo.history(s.id, undefined, 0, 100);
      expect(history.total).to.equal(n);
      expect(new Set(history.items.map((m) => m.content)).size).to.equal(n);
      const last = history.items[n - 1];
      const stored = await repo.findOwnedSession('user-a', s.id);
      expect(stored?.messageCount).to.equal(n);
      expect(stored?.preview).to.equal(last?.content);
      expect(stored?.lastActivityAt).to.deep.equal(last?.createdAt);
    },
  );

  it('deletes a session with its messages, for the owner only', async () => {
    const s = chatSession();
    const kept = chatSession();
    await repo.insertSession(s);
    await repo.insertSession(kept);
    await repo.appendOwnedMessage('user-a', message(s.id, 'a'), at(1));
    await repo.appendOwnedMessage('user-a', message(kept.id, 'b'), at(1));
    expect(await repo.deleteOwnedSession('user-b', s.id)).to.equal(false);
    expect((await repo.history(s.id, undefined, 0, 10)).total, "another user's delete leaves the messages").to.equal(1);
    expect(await repo.deleteOwnedSession('user-a', s.id)).to.equal(true);
    expect(await repo.deleteOwnedSession('user-a', s.id)).to.equal(false);
    expect(await repo.findOwnedSession('user-a', s.id)).to.equal(undefined);
    expect((await repo.history(s.id, undefined, 0, 10)).total).to.equal(0);
    expect((await repo.history(kept.id, undefined, 0, 10)).total).to.equal(1);
  });

  describe('the process dying between two writes (CONTRACT 10.2)', () => {
    it(
      'an append killed before any of its writes: the counters still equal the history, and the next append ' +
        'counts what is stored',
      async () => {
        const s = chatSession();
        await repo.insertSession(s);
        await repo.appendOwnedMessage('user-a', message(s.id, 'primeira'), at(1));
        const before = crash.made;
        await repo.appendOwnedMessage('user-a', message(s.id, 'medida'), at(2));
        const writes = crash.made - before;
        expect(writes, 'an append writes the number, the message, the counters').to.equal(3);
        for (let n = 1; n <= writes; n += 1) {
          crash.failWrite(n);
          await expectDied(repo.appendOwnedMessage('user-a', message(s.id, `morta ${n}`), at(10 + n)));
          // Whatever was stored before the crash, the counters never count a message that is not there.
          const history = await repo.history(s.id, undefined, 0, 100);
          expect((await repo.findOwnedSession('user-a', s.id))?.messageCount).to.be.at.most(history.total);
          expect(await repo.appendOwnedMessage('user-a', message(s.id, `seguinte ${n}`), at(20 + n))).to.equal(
            'appended',
          );
          await expectCountersOfHistory(s.id, s.createdAt);
        }
        // Killed after its message: the message is in the history, in its place.
        const contents = (await repo.history(s.id, undefined, 0, 100)).items.map((m) => m.content);
        expect(contents).to.deep.equal(['primeira', 'medida', 'seguinte 1', 'seguinte 2', 'morta 3', 'seguinte 3']);
      },
    );

    it(
      'an append killed after its message, before its counters: recount puts them right (and is ' + 'idempotent)',
      async () => {
        const s = chatSession();
        await repo.insertSession(s);
        await repo.appendOwnedMessage('user-a', message(s.id, 'oi'), at(1));
        crash.failWrite(3);
        await expectDied(repo.appendOwnedMessage('user-a', message(s.id, 'a última, que ficou sem contagem'), at(2)));
        expect(await repo.findOwnedSession('user-a', s.id)).to.deep.include({
          messageCount: 1,
          preview: 'oi',
          lastActivityAt: at(1),
        });
        await repo.recount(s.id);
        await expectCountersOfHistory(s.id, s.createdAt);
        expect(await repo.findOwnedSession('user-a', s.id)).to.deep.include({ messageCount: 2, lastActivityAt: at(2) });
        await repo.recount(s.id);
        await expectCountersOfHistory(s.id, s.createdAt);
        // A session without messages, and an unknown id: nothing to recount.
        const empty = chatSession();
        await repo.insertSession(empty);
        await repo.recount(empty.id);
        await repo.recount(randomUUID());
        expect(await repo.findOwnedSession('user-a', empty.id)).to.deep.equal(empty);
      },
    );

    it(
      'a delete killed between the session and its messages: the session is gone, and the retried delete (false) ' +
        'removes the messages',
      async () => {
        const s = chatSession();
        const kept = chatSession();
        await repo.insertSession(s);
        await repo.insertSession(kept);
        await repo.appendOwnedMessage('user-a', message(s.id, 'a'), at(1));
        await repo.appendOwnedMessage('user-a', message(s.id, 'b'), at(2));
        await repo.appendOwnedMessage('user-a', message(kept.id, 'c'), at(3));
        crash.failWrite(2);
        await expectDied(repo.deleteOwnedSession('user-a', s.id));
        expect(await repo.findOwnedSession('user-a', s.id)).to.equal(undefined);
        expect((await repo.history(s.id, undefined, 0, 10)).total, 'the messages outlive the dead delete').to.equal(2);
        expect(await repo.deleteOwnedSession('user-a', s.id)).to.equal(false);
        expect((await repo.history(s.id, undefined, 0, 10)).total).to.equal(0);
        expect((await repo.history(kept.id, undefined, 0, 10)).total).to.equal(1);
        // Killed before its first write: nothing changed, and the retry deletes.
        crash.failWrite(1);
        await expectDied(repo.deleteOwnedSession('user-a', kept.id));
        expect(await repo.findOwnedSession('user-a', kept.id)).to.not.equal(undefined);
        expect(await repo.deleteOwnedSession('user-a', kept.id)).to.equal(true);
        expect((await repo.history(kept.id, undefined, 0, 10)).total).to.equal(0);
      },
    );
  });
}

async function expectDied(write: Promise<unknown>): Promise<void> {
  try {
    await write;
  } catch (error) {
    expect(error).to.be.instanceOf(ProcessDied);
    return;
  }
  expect.fail('the write was expected to die');
}
