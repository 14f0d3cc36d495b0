import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { MongoClient, type Db } from 'mongodb';
import { DEFAULT_GATEWAY_MESSAGES } from '../../src/adapters/mongo/sdr/gateway-messages-collection';
import { SDR_CHATS } from '../../src/adapters/mongo/sdr/read-models/chat-read-model-collection';
import { SDR_CONTACTS } from '../../src/adapters/mongo/sdr/read-models/contact-read-model-collection';
import { SDR_FOLLOWER } from '../../src/adapters/mongo/sdr/read-models/follower-state-collection';
import { runCliCaptured } from '../support/cli';
import { sharedMongo } from '../support/mongo';

/** What the read models hold, without the bookkeeping fields (generation, dirtySince). */
async function models(db: Db): Promise<unknown[]> {
  const strip = ({ generation: _g, dirtySince: _d, ...rest }: Record<string, unknown>) => rest;
  const contacts = await db
    .collection(SDR_CONTACTS)
    .find({}, { sort: { _id: 1 } })
    .toArray();
  const chats = await db
    .collection(SDR_CHATS)
    .find({}, { sort: { _id: 1 } })
    .toArray();
  return [...contacts.map(strip), ...chats.map(strip)];
}

describe('rebuild-sdr-read-models (CONTRACT 2, 10.1)', function () {
  this.timeout(90_000);
  let client: MongoClient;
  let db: Db;
  let uri: string;

  beforeEach(async () => {
    const url = new URL(sharedMongo().uri);
    const name = `rebuild_${randomUUID().slice(0, 8)}`;
    url.pathname = `/${name}`;
    uri = url.toString();
    client = new MongoClient(sharedMongo().uri, { serverMonitoringMode: 'poll' });
    await client.connect();
    db = client.db(name);
  });
  afterEach(() => client.close());

  it(
    'rebuilds both models from their sources, prints the counts (--json), and a second run changes ' + 'nothing',
    async () => {
      const seeded = await runCliCaptured(['--json', 'seed-demo', '--contacts', '30', '--messages', '3'], {
        MONGODB_URI: uri,
      });
      expect(seeded.code, seeded.err.join('\n')).to.equal(0);
      const afterSeed = await models(db);
      expect(afterSeed.length, 'seed-demo refreshed the models of what it wrote').to.be.greaterThan(30);
      // The gateway deletes one chat's messages and rewrites a pushName in place: the models lag until a rebuild.
      const deleted = await db.collection(DEFAULT_GATEWAY_MESSAGES).findOne({});
      if (deleted === null) throw new Error('seed-demo wrote no gateway message');
      const jid = (deleted.key as { remoteJid: string }).remoteJid;
      await db.collection(DEFAULT_GATEWAY_MESSAGES).deleteMany({ 'key.remoteJid': jid });
      // A web contact (its `_id` is its gateway store's prefix and its key, ReadModelSource).
      const web = await db.collection(SDR_CONTACTS).deleteOne({ _id: { $regex: '\\|web-' } as never });
      expect(web.deletedCount).to.equal(1);
      const run = await runCliCaptured(['--json', 'rebuild-sdr-read-models'], { MONGODB_URI: uri });
      expect(run.code, run.err.join('\n')).to.equal(0);
      const counts = JSON.parse(run.out[0] ?? '{}') as Record<string, number>;
      expect(counts).to.include.keys(['chats', 'contacts', 'written', 'superseded', 'ms']);
      expect(counts.chats).to.be.greaterThan(0);
      expect(await db.collection(SDR_CHATS).countDocuments({ remoteJid: jid })).to.equal(0);
      const rebuilt = await models(db);
      expect(rebuilt).to.not.deep.equal(afterSeed);
      expect((await db.collection(SDR_FOLLOWER).findOne({}))?.builtAt).to.be.instanceOf(Date);
      const again = await runCliCaptured(['rebuild-sdr-read-models'], { MONGODB_URI: uri });
      expect(again.code, again.err.join('\n')).to.equal(0);
      expect(again.out.join('\n')).to.match(/^rebuilt \d+ chat\(s\) and \d+ contact\(s\)/);
      expect(await models(db)).to.deep.equal(rebuilt);
    },
  );

  it('a bad flag: exit 1 with usage, nothing written', async () => {
    const run = await runCliCaptured(['rebuild-sdr-read-models', '--everything'], { MONGODB_URI: uri });
    expect(run.code).to.equal(1);
    expect(run.err.join('\n')).to.match(/unknown option/);
    expect(await db.collection(SDR_FOLLOWER).countDocuments({})).to.equal(0);
  });

  it('an unreachable database: exit 2', async () => {
    const run = await runCliCaptured(
      ['rebuild-sdr-read-models'],
      { MONGODB_URI: 'mongodb://127.0.0.1:1/none' },
      { serverSelectionTimeoutMS: 500 },
    );
    expect(run.code).to.equal(2);
  });
});
