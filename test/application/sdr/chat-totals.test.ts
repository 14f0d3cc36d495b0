import { expect } from 'chai';
import sinon from 'sinon';
import { CachedChatTotals } from '../../../src/application/sdr/read-models/chat-totals';
import { sdrChat } from '../../support/contracts/chat-read-model-contract';
import { InMemoryChatReadModel } from '../../support/fakes/in-memory-chat-read-model';

/**
 * CachedChatTotals (CONTRACT 8.1, 10.1): the sessions total is counted again after every write of the chat model this
 * process finishes and every move of its follower's head, and after its time to live (what other copies change without
 * a new message); otherwise it is the count taken last.
 */
describe('CachedChatTotals', () => {
  const jid = (i: number) => `55119${String(60_000_000 + i)}@s.whatsapp.net`;
  let chats: InMemoryChatReadModel;
  let changes: number;
  let now: Date;
  let totals: CachedChatTotals;

  const insert = async (...refs: [string, string][]) => {
    const values = refs.map(([instance, remoteJid]) => sdrChat(instance, remoteJid));
    const claims = await chats.claim(
      values.map((c) => c.id),
      now,
    );
    await chats.put(claims.map((claim, i) => ({ claim, value: values[i] })));
  };

  beforeEach(() => {
    chats = new InMemoryChatReadModel();
    changes = 0;
    now = new Date('2026-03-01T12:00:00.000Z');
    totals = new CachedChatTotals(
      chats,
      () => changes,
      () => now,
      1_000,
    );
  });

  it('answers the count of the chat model, of an instance or all, counted once while nothing changes', async () => {
    await insert(['main', jid(1)], ['main', jid(2)], ['other', jid(1)]);
    const count = sinon.spy(chats, 'count');
    expect([await totals.chatTotal(), await totals.chatTotal('main'), await totals.chatTotal('absent')]).to.deep.equal([
      3, 2, 0,
    ]);
    expect([await totals.chatTotal(), await totals.chatTotal('main')]).to.deep.equal([3, 2]);
    expect(count.callCount).to.equal(3);
  });

  it('counts again after a write of the chat model or a move of the head (changes), and after its time', async () => {
    await insert(['main', jid(1)]);
    expect(await totals.chatTotal()).to.equal(1);
    await insert(['main', jid(2)]);
    expect(await totals.chatTotal(), 'no change told: the count taken last').to.equal(1);
    changes += 1;
    expect(await totals.chatTotal()).to.equal(2);
    await insert(['main', jid(3)]); // another copy's write, with no new message here
    now = new Date(now.getTime() + 999);
    expect(await totals.chatTotal()).to.equal(2);
    now = new Date(now.getTime() + 1);
    expect(await totals.chatTotal()).to.equal(3);
  });
});
