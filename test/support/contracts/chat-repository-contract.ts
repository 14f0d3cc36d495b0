import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { ChatRepository } from '../../../src/application/assistant/ports';
import { newChatSession, type ChatMessage, type ChatRole } from '../../../src/domain/assistant/chat';

const T0 = new Date('2026-11-21T10:00:00.000Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

export const chatSession = (userId = 'user-a', createdAt = T0, title?: string) => newChatSession({ id: randomUUID(), userId, at: createdAt, ...(title === undefined ? {} : { title }) });
const message = (sessionId: string, content: string, role: ChatRole = 'user', metadata: ChatMessage['metadata'] = null) => ({ id: randomUUID(), sessionId, role, content, metadata });

/**
 * ChatRepository (CONTRACT 8.4): sessions scoped to their owner, messages in order, and the session's
 * counters right under concurrent appends.
 */
export function chatRepositoryContract(make: () => Promise<ChatRepository>): void {
  let repo: ChatRepository;
  beforeEach(async () => {
    repo = await make();
  });

  it('stores a session and finds it for its owner only', async () => {
    const s = chatSession();
    await repo.insertSession(s);
    expect(await repo.findOwnedSession('user-a', s.id)).to.deep.equal(s);
    expect(await repo.findOwnedSession('user-b', s.id)).to.equal(undefined);
    expect(await repo.findOwnedSession('user-a', randomUUID())).to.equal(undefined);
  });

  it('lists the owner\'s sessions newest activity first, by status, a page at a time', async () => {
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
    const updated = await repo.updateOwnedSession('user-a', s.id, { title: 'Leads', description: 'semana', status: 'archived' }, at(2));
    expect(updated).to.deep.equal({ ...s, title: 'Leads', description: 'semana', status: 'archived', updatedAt: at(2) });
    expect(await repo.updateOwnedSession('user-a', s.id, { status: 'active' }, at(3))).to.deep.include({ status: 'active', title: 'Leads' });
    expect(await repo.findOwnedSession('user-a', s.id)).to.deep.include({ status: 'active', updatedAt: at(3) });
  });

  it('appends messages in order: history oldest first, by role, with offset and limit; the last messages oldest first', async () => {
    const s = chatSession();
    await repo.insertSession(s);
    const metadata = { operationType: 'answer', executionTimeMs: 12 };
    for (let i = 0; i < 5; i += 1) {
      expect(await repo.appendOwnedMessage('user-a', message(s.id, `q${i}`), at(1))).to.equal('appended');
      expect(await repo.appendOwnedMessage('user-a', message(s.id, `a${i}`, 'assistant', metadata), at(1))).to.equal('appended');
    }
    const all = await repo.history(s.id, undefined, 0, 100);
    expect(all.total).to.equal(10);
    expect(all.items.map((m) => m.content)).to.deep.equal(['q0', 'a0', 'q1', 'a1', 'q2', 'a2', 'q3', 'a3', 'q4', 'a4']);
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
  });

  it('keeps messageCount, preview (the first 120 characters) and lastActivityAt of the last message', async () => {
    const s = chatSession();
    await repo.insertSession(s);
    const long = 'á'.repeat(130);
    await repo.appendOwnedMessage('user-a', message(s.id, 'primeira'), at(1));
    await repo.appendOwnedMessage('user-a', message(s.id, long, 'assistant'), at(2));
    const stored = await repo.findOwnedSession('user-a', s.id);
    expect(stored).to.deep.include({ messageCount: 2, preview: 'á'.repeat(120), lastActivityAt: at(2), createdAt: T0 });
  });

  it('under concurrent appends: every message counted once, numbered apart, and the preview shows the last of the history', async () => {
    const s = chatSession();
    await repo.insertSession(s);
    const n = 12;
    const outcomes = await Promise.all(Array.from({ length: n }, (_, i) => repo.appendOwnedMessage('user-a', message(s.id, `m${i}`, i % 2 === 0 ? 'user' : 'assistant'), at(i))));
    expect(outcomes).to.deep.equal(Array.from({ length: n }, () => 'appended'));
    const history = await repo.history(s.id, undefined, 0, 100);
    expect(history.total).to.equal(n);
    expect(new Set(history.items.map((m) => m.content)).size).to.equal(n);
    const last = history.items[n - 1];
    const stored = await repo.findOwnedSession('user-a', s.id);
    expect(stored?.messageCount).to.equal(n);
    expect(stored?.preview).to.equal(last?.content);
    expect(stored?.lastActivityAt).to.deep.equal(last?.createdAt);
  });

  it('deletes a session with its messages, for the owner only', async () => {
    const s = chatSession();
    const kept = chatSession();
    await repo.insertSession(s);
    await repo.insertSession(kept);
    await repo.appendOwnedMessage('user-a', message(s.id, 'a'), at(1));
    await repo.appendOwnedMessage('user-a', message(kept.id, 'b'), at(1));
    expect(await repo.deleteOwnedSession('user-b', s.id)).to.equal(false);
    expect(await repo.deleteOwnedSession('user-a', s.id)).to.equal(true);
    expect(await repo.deleteOwnedSession('user-a', s.id)).to.equal(false);
    expect(await repo.findOwnedSession('user-a', s.id)).to.equal(undefined);
    expect((await repo.history(s.id, undefined, 0, 10)).total).to.equal(0);
    expect((await repo.history(kept.id, undefined, 0, 10)).total).to.equal(1);
  });
}
