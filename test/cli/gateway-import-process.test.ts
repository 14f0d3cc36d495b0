import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { DEFAULT_GATEWAY_MESSAGES } from '../../src/adapters/mongo/sdr/gateway-messages-collection';
import { gatewayRecord } from '../support/contracts/gateway-message-store-contract';
import { runCliProcess } from '../support/cli';
import { sharedMongo } from '../support/mongo';

/** The key of a read-model document (its `_id` is `<gateway store>|<key>`, ReadModelSource). */
const keyOf = (id: unknown): string => String(id).slice(String(id).indexOf('|') + 1);

const databaseUri = (name: string): string => {
  const uri = new URL(sharedMongo().uri);
  uri.pathname = `/${name}`;
  return uri.toString();
};

describe('gateway-import as a real process (CONTRACT 8.1)', function () {
  this.timeout(60_000);
  let dir: string;
  let client: MongoClient;
  let env: Record<string, string>;
  let gatewayDb: string;

  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'gateway-import-'));
    gatewayDb = `gw_${randomUUID().slice(0, 8)}`;
    env = { MONGODB_URI: databaseUri(`cli_${randomUUID().slice(0, 8)}`), GATEWAY_MONGODB_URI: databaseUri(gatewayDb) };
    client = new MongoClient(sharedMongo().uri, { serverMonitoringMode: 'poll' });
    await client.connect();
  });
  afterEach(async () => {
    await client.close();
    await rm(dir, { recursive: true, force: true });
  });

  it(
    'loads records and messages.upsert events, skips duplicates, reports a broken line by number, and a second ' +
      'run inserts nothing',
    async () => {
      const lines = [
        JSON.stringify(gatewayRecord(1)),
        JSON.stringify({
          event: 'messages.upsert',
          instance: 'main',
          data: { ...gatewayRecord(2), instance: undefined },
        }),
        '{"key": {"id": "broken"',
        JSON.stringify({ event: 'messages.upsert', instance: 'main', data: [gatewayRecord(3), gatewayRecord(4)] }),
        '',
        JSON.stringify(gatewayRecord(1)),
        JSON.stringify({ event: 'connection.update', instance: 'main', data: { state: 'open' } }),
        JSON.stringify((({ instance: _drop, ...rest }) => rest)(gatewayRecord(5))),
      ];
      const file = path.join(dir, 'export.jsonl');
      await writeFile(file, `${lines.join('\n')}\n`);

      const first = await runCliProcess(['gateway-import', '--file', file, '--instance', 'main', '--json'], env);
      expect(first.code, first.stderr).to.equal(0);
      expect(JSON.parse(first.stdout)).to.deep.equal({ inserted: 5, duplicates: 1, rejected: 2 });
      expect(first.stderr).to.contain('line 3: rejected: not JSON');
      expect(first.stderr).to.contain('line 7: rejected: event "connection.update" is not messages.upsert');

      const second = await runCliProcess(['gateway-import', '--file', file, '--instance', 'main'], env);
      expect(second.code, second.stderr).to.equal(0);
      expect(second.stdout.trim()).to.equal('inserted 0, duplicates 6, rejected 2');

      const stored = await client.db(gatewayDb).collection(DEFAULT_GATEWAY_MESSAGES).find({}).toArray();
      expect(stored.map((d) => (d.key as { id: string }).id).sort()).to.deep.equal([
        'MSG1',
        'MSG2',
        'MSG3',
        'MSG4',
        'MSG5',
      ]);
      expect(stored.every((d) => d.instance === 'main')).to.equal(true);
    },
  );

  it(
    'refreshes the chats and contacts it wrote: the read models hold them without any request (CONTRACT ' + '10.1)',
    async () => {
      const service = client.db(new URL(env.MONGODB_URI ?? '').pathname.slice(1));
      const built = await runCliProcess(['rebuild-sdr-read-models', '--json'], env);
      expect(built.code, built.stderr).to.equal(0);
      const lines = [
        gatewayRecord(1, { jid: '5511911110001@s.whatsapp.net', pushName: 'Ana' }),
        gatewayRecord(2, { jid: '5511911110001@s.whatsapp.net', fromMe: true, pushName: 'Corretora' }),
        gatewayRecord(3, { jid: '5521922220002@s.whatsapp.net', pushName: 'Bruno' }),
      ].map((r) => JSON.stringify(r));
      const file = path.join(dir, 'export.jsonl');
      await writeFile(file, `${lines.join('\n')}\n`);
      const run = await runCliProcess(['gateway-import', '--file', file, '--json'], env);
      expect(run.code, run.stderr).to.equal(0);
      const chats = await service
        .collection('sdr_chats')
        .find({}, { sort: { _id: 1 } })
        .toArray();
      expect(chats.map((c) => [keyOf(c._id), c.messageCount, c.pushName])).to.deep.equal([
        ['main:5511911110001@s.whatsapp.net', 2, 'Ana'],
        ['main:5521922220002@s.whatsapp.net', 1, 'Bruno'],
      ]);
      const contacts = await service
        .collection('sdr_contacts')
        .find({}, { sort: { _id: 1 } })
        .toArray();
      expect(contacts.map((c) => [keyOf(c._id), c.messageCount, c.name])).to.deep.equal([
        ['5511911110001', 2, 'Ana'],
        ['5521922220002', 1, 'Bruno'],
      ]);
    },
  );

  it(
    "never refuses the gateway's own writes without a string id once its index exists, and a second run still " +
      'inserts nothing',
    async () => {
      const file = path.join(dir, 'export.jsonl');
      await writeFile(
        file,
        `${[
          JSON.stringify(gatewayRecord(1)),
          JSON.stringify({ instance: 'main', message: { conversation: 'no key' } }),
        ].join('\n')}\n`,
      );
      const first = await runCliProcess(['gateway-import', '--file', file, '--json'], env);
      expect(first.code, first.stderr).to.equal(0);
      expect(JSON.parse(first.stdout)).to.deep.equal({ inserted: 1, duplicates: 0, rejected: 1 });

      // What the gateway may write itself (CONTRACT 8.1: the collection is its own), into one instance.
      const gateway = client.db(gatewayDb).collection(DEFAULT_GATEWAY_MESSAGES);
      const keyless = [
        { instance: 'main', message: { conversation: 'one' } },
        { instance: 'main', message: { conversation: 'two' } },
        { instance: 'main', key: 'not an object' },
        { instance: 'main', key: 'not an object' },
        { instance: 'main', key: { remoteJid: '5511@s.whatsapp.net' } },
        { instance: 'main', key: { remoteJid: '5511@s.whatsapp.net' } },
      ];
      for (const record of keyless) await gateway.insertOne({ ...record });
      expect(await gateway.countDocuments({ 'key.id': { $exists: false } })).to.equal(keyless.length);

      const second = await runCliProcess(['gateway-import', '--file', file, '--json'], env);
      expect(second.code, second.stderr).to.equal(0);
      expect(JSON.parse(second.stdout)).to.deep.equal({ inserted: 0, duplicates: 1, rejected: 1 });
      expect(await gateway.countDocuments({})).to.equal(keyless.length + 1);
    },
  );

  it('reads a JSON array, reporting a bad element by the line it starts on', async () => {
    const file = path.join(dir, 'export.json');
    await writeFile(
      file,
      `[\n  ${JSON.stringify(gatewayRecord(1))},\n  {"not": "a record"},\n  ` +
        `${JSON.stringify(gatewayRecord(2, { text: 'a, b ] } [ "quoted" \\' }))}\n]\n`,
    );
    const run = await runCliProcess(['--json', 'gateway-import', '--file', file], env);
    expect(run.code, run.stderr).to.equal(0);
    expect(JSON.parse(run.stdout)).to.deep.equal({ inserted: 2, duplicates: 0, rejected: 1 });
    expect(run.stderr).to.contain('line 3: rejected: not a message record');
    const texts = await client.db(gatewayDb).collection(DEFAULT_GATEWAY_MESSAGES).find({ 'key.id': 'MSG2' }).toArray();
    expect((texts[0]?.message as { conversation: string } | undefined)?.conversation).to.equal(
      'a, b ] } [ "quoted" \\',
    );
  });

  it('exits 1 for a missing file, before touching any database', async () => {
    const run = await runCliProcess(['gateway-import', '--file', path.join(dir, 'nope.jsonl')], env);
    expect(run.code).to.equal(1);
    expect(run.stderr).to.contain('cannot read');
  });
});
