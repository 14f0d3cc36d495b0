import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { DEFAULT_GATEWAY_MESSAGES } from '../../../../../src/adapters/mongo/sdr/gateway-messages-collection';
import { SDR_CHATS } from '../../../../../src/adapters/mongo/sdr/read-models/chat-read-model-collection';
import { followerStateCollection } from '../../../../../src/adapters/mongo/sdr/read-models/follower-state-collection';
import { followerStateId } from '../../../../../src/adapters/mongo/sdr/read-models/mongo-follower-state';
import { ReadModelSource } from '../../../../../src/adapters/mongo/sdr/read-models/read-model-source';
import { openSalesRuntime, type SalesRuntime } from '../../../../support/sales-runtime';

const MOVED = 'moved_gateway_messages';
const THIRD = 'third_gateway_messages';
const secondsAgo = (s: number) => Math.floor(Date.now() / 1000) - s;
const phoneOf = (i: number) => `55119${String(71_000_000 + i)}`;
const jidOf = (i: number) => `${phoneOf(i)}@s.whatsapp.net`;

/** A message written straight into a gateway's collection, the way the gateway stores it. */
const message = (jid: string, at: number) => ({
  instance: 'main',
  key: { id: randomUUID(), remoteJid: jid, fromMe: false },
  pushName: 'Lead',
  messageType: 'conversation',
  message: { conversation: 'oi' },
  messageTimestamp: at,
});

interface Copy {
  readonly rt: SalesRuntime;
  readonly key: string;
}

async function copyOn(uri: string | undefined, collection: string | undefined): Promise<Copy> {
  const env: Record<string, string> = {};
  if (uri !== undefined) env.MONGODB_URI = uri;
  if (collection !== undefined) env.GATEWAY_MESSAGES_COLLECTION = collection;
  const rt = await openSalesRuntime({ env });
  const key = (await rt.createApiKey((await rt.createUser({ role: 'operator' })).email)).key;
  return { rt, key };
}

const list = async (copy: Copy, path: '/sdr/sessions' | '/sdr/contacts') =>
  (await request(copy.rt.callback).get(path).set('x-api-key', copy.key).expect(200)).body as {
    total: number;
    data: { remoteJid?: string; sessionId?: string; messageCount: number }[];
  };
const jids = async (copy: Copy) => (await list(copy, '/sdr/sessions')).data.map((s) => [s.remoteJid, s.messageCount]);
const contactKeys = async (copy: Copy) =>
  (await list(copy, '/sdr/contacts')).data.map((c) => [c.sessionId, c.messageCount]);

/**
 * Copies of the service on one database reading different gateway stores (GATEWAY_MESSAGES_COLLECTION,
 * CONTRACT 8.1): each has the read models of its own store (CONTRACT 10.1), and a copy configured with
 * another store builds that store's models on start.
 */
describe('SDR read models of two gateway stores on one database (CONTRACT 8.1, 10.1)', function () {
  this.timeout(60_000);
  const open: SalesRuntime[] = [];
  afterEach(async () => {
    // The first close drops the shared database; the others only close their connections.
    for (const rt of open.splice(0)) await rt.close();
  });

  it('each copy lists only the chats and contacts of its own store, and neither loses a message', async () => {
    const first = await copyOn(undefined, undefined);
    open.push(first.rt);
    const second = await copyOn(first.rt.config.mongodbUri, MOVED);
    open.push(second.rt);
    const db = first.rt.db;
    await db.collection(DEFAULT_GATEWAY_MESSAGES).insertOne(message(jidOf(1), secondsAgo(60)));
    await db.collection(MOVED).insertMany([message(jidOf(2), secondsAgo(50)), message(jidOf(3), secondsAgo(40))]);
    expect(await jids(first)).to.deep.equal([[jidOf(1), 1]]);
    expect(await jids(second)).to.deep.equal([
      [jidOf(3), 1],
      [jidOf(2), 1],
    ]);
    expect(await contactKeys(first)).to.deep.equal([[phoneOf(1), 1]]);
    expect((await contactKeys(second)).sort()).to.deep.equal([
      [phoneOf(2), 1],
      [phoneOf(3), 1],
    ]);
    // Both followers move on, each on its own position: a message to each store is in the next answer of its copy.
    await db.collection(MOVED).insertOne(message(jidOf(2), secondsAgo(20)));
    await db.collection(DEFAULT_GATEWAY_MESSAGES).insertOne(message(jidOf(1), secondsAgo(10)));
    expect(await jids(second)).to.deep.equal([
      [jidOf(2), 2],
      [jidOf(3), 1],
    ]);
    expect(await jids(first)).to.deep.equal([[jidOf(1), 2]]);
    // The same phone in both stores: one contact per store, each with its own store's messages.
    await db.collection(MOVED).insertOne(message(jidOf(1), secondsAgo(5)));
    expect((await contactKeys(second)).find(([key]) => key === phoneOf(1))).to.deep.equal([phoneOf(1), 1]);
    expect(await contactKeys(first)).to.deep.equal([[phoneOf(1), 2]]);
    const rebuilt = await second.rt.runtime.app.sdr.useCases.rebuildSdrReadModels.execute();
    expect([rebuilt.chats, rebuilt.written]).to.deep.equal([3, 0]);
    expect(await jids(first)).to.deep.equal([[jidOf(1), 2]]);
  });

  it(
    'a copy started with another store builds that store models on start, and lists none of the old ' + 'store',
    async () => {
      const before = await copyOn(undefined, undefined);
      open.push(before.rt);
      const db = before.rt.db;
      await db.collection(DEFAULT_GATEWAY_MESSAGES).insertOne(message(jidOf(4), secondsAgo(60)));
      await db.collection(THIRD).insertMany([message(jidOf(5), secondsAgo(50)), message(jidOf(6), secondsAgo(40))]);
      expect(await jids(before)).to.deep.equal([[jidOf(4), 1]]);
      // The restart with GATEWAY_MESSAGES_COLLECTION changed: the same database, the old copy gone.
      await before.rt.runtime.close();
      open.splice(open.indexOf(before.rt), 1);
      const after = await copyOn(before.rt.config.mongodbUri, THIRD);
      open.push(after.rt);
      const third = ReadModelSource.of(db.databaseName, THIRD);
      expect(await followerStateCollection(after.rt.db).findOne({ _id: followerStateId(third) })).to.equal(null);
      // serve's first maintenance round, at start-up, before any request.
      await after.rt.runtime.app.sdr.useCases.maintainSdrReadModels.execute({
        reconcileMs: 60_000,
        stopping: () => false,
      });
      const state = await followerStateCollection(after.rt.db).findOne({ _id: followerStateId(third) });
      expect(state?.builtAt).to.be.instanceOf(Date);
      expect(await after.rt.db.collection(SDR_CHATS).countDocuments({ source: third.name })).to.equal(2);
      expect(await jids(after)).to.deep.equal([
        [jidOf(6), 1],
        [jidOf(5), 1],
      ]);
      expect((await contactKeys(after)).map(([key]) => key).sort()).to.deep.equal([phoneOf(5), phoneOf(6)]);
    },
  );
});
