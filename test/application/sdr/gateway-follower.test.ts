import { expect } from 'chai';
import sinon from 'sinon';
import { gatewayRecord } from '../../support/contracts/gateway-message-store-contract';
import { InMemoryContactDirectory } from '../../support/fakes/in-memory-contact-directory';
import { InMemoryGatewayMessageStore } from '../../support/fakes/in-memory-gateway-message-store';
import { InMemorySdrInteractionRepository } from '../../support/fakes/in-memory-sdr-interaction-repository';
import { CachedChatTotals } from '../../../src/application/sdr/read-models/chat-totals';
import { fakeReadSide, readSideOver } from '../../support/sdr-read-side';

const jid = (i: number) => `55119${String(60_000_000 + i)}@s.whatsapp.net`;

/**
 * GatewayFollower.catchUp (CONTRACT 10.1): single flight in the process, and what was written before a call is in after
 * it.
 */
describe('GatewayFollower.catchUp (on fakes)', () => {
  let gateway: InMemoryGatewayMessageStore;
  let side: ReturnType<typeof fakeReadSide>;
  beforeEach(async () => {
    gateway = new InMemoryGatewayMessageStore();
    side = fakeReadSide({
      gateway,
      interactions: new InMemorySdrInteractionRepository(),
      directory: new InMemoryContactDirectory(),
    });
    await side.follower.catchUp(); // the initial build, on an empty store
  });

  it('concurrent calls fold the new messages once: one read of them, the other calls find nothing left', async () => {
    gateway.write(...Array.from({ length: 10 }, (_, i) => gatewayRecord(i + 1, { jid: jid(i % 4) })));
    const reads = sinon.spy(gateway, 'changedChats');
    await Promise.all(Array.from({ length: 5 }, () => side.follower.catchUp()));
    const folds = reads.getCalls().filter((call) => call.args[0].limit > 1);
    expect(folds).to.have.length(1);
    expect((await folds[0]?.returnValue)?.read).to.equal(10);
    expect(
      (await side.chats.page({ skip: 0, limit: 100 })).map((c) => c.messageCount).reduce((a, b) => a + b, 0),
    ).to.equal(10);
  });

  it(
    'a call made while a fold runs waits for the next fold: a message written before the call is in after ' + 'it',
    async () => {
      gateway.write(gatewayRecord(1, { jid: jid(1) }));
      const read = gateway.changedChats.bind(gateway);
      let second: Promise<void> | undefined;
      // The first fold has read the store; then message 2 is written and a request arrives, mid-fold.
      sinon.stub(gateway, 'changedChats').callsFake(async (range) => {
        const changed = await read(range);
        if (second === undefined && range.limit > 1) {
          gateway.write(gatewayRecord(2, { jid: jid(2) }));
          second = side.follower.catchUp();
        }
        return changed;
      });
      await side.follower.catchUp();
      await second;
      expect((await side.chats.page({ skip: 0, limit: 100 })).map((c) => c.remoteJid).sort()).to.deep.equal([
        jid(1),
        jid(2),
      ]);
    },
  );
  it('with nothing new, a catch-up is one probe past the head seen last: the position is not read', async () => {
    gateway.write(gatewayRecord(1, { jid: jid(1) }));
    await side.follower.catchUp();
    const reads = sinon.spy(gateway, 'changedChats');
    const positions = sinon.spy(side.state, 'read');
    await side.follower.catchUp();
    await side.follower.catchUp();
    expect(reads.getCalls().map((call) => call.args[0].limit)).to.deep.equal([1, 1]);
    expect(positions.callCount).to.equal(0);
  });

  it(
    'a head another instance moved on costs this one the slow path, never a message: what the other folded and ' +
      'what is new since are both in',
    async () => {
      const other = readSideOver(
        { gateway, interactions: new InMemorySdrInteractionRepository(), directory: new InMemoryContactDirectory() },
        { contacts: side.contacts, chats: side.chats, state: side.state },
        { holder: 'other' },
      );
      gateway.write(gatewayRecord(1, { jid: jid(1) }));
      await other.follower.catchUp(); // folded by the other instance: this one's head is stale
      const positions = sinon.spy(side.state, 'read');
      await side.follower.catchUp();
      expect(positions.callCount).to.be.greaterThan(0);
      gateway.write(gatewayRecord(2, { jid: jid(2) }));
      await side.follower.catchUp();
      const chats = await side.chats.page({ skip: 0, limit: 100 });
      expect(chats.map((c) => [c.remoteJid, c.messageCount]).sort()).to.deep.equal([
        [jid(1), 1],
        [jid(2), 1],
      ]);
    },
  );

  it(
    "another instance that folds between this one's probe and its lease moves this one's head all the same: a " +
      'total counted before is taken again (two copies, CONTRACT 10.1)',
    async () => {
      const other = readSideOver(
        { gateway, interactions: new InMemorySdrInteractionRepository(), directory: new InMemoryContactDirectory() },
        { contacts: side.contacts, chats: side.chats, state: side.state },
        { holder: 'other' },
      );
      await other.follower.catchUp();
      const totals = new CachedChatTotals(
        side.chats,
        () => side.models.chatChanges + side.follower.headChanges,
        () => new Date(0), // the count would stand for ever: only a change of the models or the head renews it
      );
      expect(await totals.chatTotal()).to.equal(0);
      gateway.write(...Array.from({ length: 6 }, (_, i) => gatewayRecord(i + 1, { jid: jid(i % 3) })));
      // This instance has probed and found the new messages; the other folds them all before this one's lease.
      const lease = side.state.lease.bind(side.state);
      sinon.stub(side.state, 'lease').callsFake(async (holder, now, ttlMs) => {
        if (holder === 'test') await other.follower.catchUp();
        return lease(holder, now, ttlMs);
      });
      const folds = sinon.spy(side.models, 'refreshChats');
      await side.follower.catchUp();
      expect(folds.callCount, 'this instance folded nothing: the other did').to.equal(0);
      expect(await totals.chatTotal()).to.equal(3);
    },
  );
});
