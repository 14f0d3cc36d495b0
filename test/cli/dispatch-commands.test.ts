import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { withDatabase } from '../../src/adapters/mongo/shared/embedded-mongo';
import { connectMongo, type MongoConnection } from '../../src/adapters/mongo/shared/mongo-connection';
import { runCliCaptured } from '../support/cli';
import { sharedMongo } from '../support/mongo';
import { TestReceiver } from '../support/receiver';
import { repositories, seedSales } from '../support/sales-fixtures';

describe('CLI dispatch and resend-sale', () => {
  let uri: string;
  let mongo: MongoConnection;
  let receiver: TestReceiver;
  let env: Record<string, string>;

  beforeEach(async () => {
    uri = withDatabase(sharedMongo().uri, `cli_${randomUUID().slice(0, 8)}`);
    mongo = await connectMongo(uri);
    receiver = new TestReceiver();
    env = { LOG_LEVEL: 'silent', MONGODB_URI: uri, SALES_WEBHOOK_URL: await receiver.start() };
  });
  afterEach(async () => {
    await receiver.stop();
    await mongo.close();
  });

  it('dispatch sends the pending sales and prints the counts and the destination answers', async () => {
    await seedSales(mongo.db, 3);
    const run = await runCliCaptured(['dispatch'], env);
    expect(run.code).to.equal(0);
    expect(run.out).to.include('claimed 3, delivered 3, failed 0, skipped 0');
    expect(run.out).to.include('destination: 200 x1');
    expect(receiver.saleIdsReceived()).to.have.length(3);
  });

  it('dispatch exits 0 when the destination fails (the sales stay pending for the next run)', async () => {
    await seedSales(mongo.db, 2);
    receiver.behaviour = { status: 500 };
    const run = await runCliCaptured(['--json', 'dispatch'], env);
    expect(run.code).to.equal(0);
    expect(JSON.parse(run.out[0] as string)).to.deep.include({
      claimed: 2,
      delivered: 0,
      failed: 2,
      outcomes: { '500': 1 },
    });
  });

  it('dispatch --limit 1 claims one sale; --dry-run prints the envelope and changes nothing', async () => {
    const ids = await seedSales(mongo.db, 2);
    const dry = await runCliCaptured(['dispatch', '--dry-run'], env);
    expect(dry.code).to.equal(0);
    const envelope = JSON.parse(dry.out.slice(0, -1).join('\n'));
    expect(envelope.totalVendas).to.equal(2);
    expect(receiver.received).to.have.length(0);
    const limited = await runCliCaptured(['--json', 'dispatch', '--limit', '1'], env);
    expect(JSON.parse(limited.out[0] as string).claimed).to.equal(1);
    expect(receiver.saleIdsReceived()).to.have.length(1);
    expect(ids).to.include(receiver.saleIdsReceived()[0]);
  });

  it('dispatch rejects a bad --limit and a missing SALES_WEBHOOK_URL with exit 1', async () => {
    const bad = await runCliCaptured(['dispatch', '--limit', 'zero'], env);
    expect(bad.code).to.equal(1);
    expect(bad.err.join('\n')).to.contain('--limit must be a positive integer');
    const unconfigured = await runCliCaptured(['dispatch'], { LOG_LEVEL: 'silent', MONGODB_URI: uri });
    expect(unconfigured.code).to.equal(1);
    expect(unconfigured.err).to.deep.equal(['SALES_WEBHOOK_URL is not configured: nothing was sent']);
  });

  it(
    'dispatch and resend-sale refuse a SALES_WEBHOOK_SECRET no receiver could verify: exit 1, one line, nothing ' +
      'sent (CONTRACT 11.3)',
    async () => {
      const [id = ''] = await seedSales(mongo.db, 1);
      for (const secret of ['whsec_', 'whsec_not*valid*base64!!', 'too-short-raw-secret']) {
        for (const args of [['dispatch'], ['resend-sale', id]]) {
          const run = await runCliCaptured(args, { ...env, SALES_WEBHOOK_SECRET: secret });
          expect(run.code, `${args[0]} ${secret}`).to.equal(1);
          expect(run.err, `${args[0]} ${secret}`).to.have.length(1);
          expect(run.err[0]).to.match(/^Invalid configuration: SALES_WEBHOOK_SECRET must /);
        }
      }
      expect(receiver.received).to.have.length(0);
      const signed = await runCliCaptured(['dispatch'], {
        ...env,
        SALES_WEBHOOK_SECRET: `whsec_${Buffer.alloc(32, 1).toString('base64')}`,
      });
      expect(signed.code).to.equal(0);
      expect(receiver.received[0]?.headers['webhook-id']).to.match(/^msg_/);
    },
  );

  it(
    'dispatch --deadline ends a pass stuck on a receiver that never answers: exit 0, the counts, the sales ' +
      'pending',
    async () => {
      const ids = await seedSales(mongo.db, 60);
      receiver.behaviour = { status: 200, silent: true };
      // The delivery timeout is 30 s, longer than the test's own: only the deadline ends this pass.
      const run = await runCliCaptured(['dispatch', '--deadline', '1', '--concurrency', '2'], env);
      expect(run.code).to.equal(0);
      expect(run.out).to.include('claimed 60, delivered 0, failed 60, skipped 0');
      expect(run.out).to.include('destination: aborted x2');
      expect(run.out).to.include(
        'deadline reached: released 0 unsent sales; they and the failed ones stay pending for the next pass',
      );
      expect(receiver.received).to.have.length(2);
      for (const id of ids)
        expect((await repositories(mongo.db).sales.findEntry(id))?.sale.delivery).to.include({
          webhookProcessed: false,
          leaseUntil: null,
        });
      const json = await runCliCaptured(['--json', 'dispatch', '--deadline', '1'], env);
      expect(JSON.parse(json.out[0] as string)).to.deep.include({
        claimed: 60,
        delivered: 0,
        failed: 50,
        released: 10,
        deadlineReached: true,
        outcomes: { aborted: 1 },
      });
    },
  );

  for (const [flags, message] of [
    [['--deadline', '0'], '--deadline must be an integer from 1 to 86400 (got "0")'],
    [['--deadline', '1.5'], '--deadline must be an integer from 1 to 86400 (got "1.5")'],
    [['--deadline', '86401'], '--deadline must be an integer from 1 to 86400 (got "86401")'],
    [['--concurrency', '0'], '--concurrency must be an integer from 1 to 32 (got "0")'],
    [['--concurrency', 'many'], '--concurrency must be an integer from 1 to 32 (got "many")'],
    [['--concurrency', '33'], '--concurrency must be an integer from 1 to 32 (got "33")'],
  ] as const) {
    it(`dispatch ${flags.join(' ')}: exit 1 with a message, nothing claimed or sent`, async () => {
      const [id] = await seedSales(mongo.db, 1);
      const run = await runCliCaptured(['dispatch', ...flags], env);
      expect(run.code).to.equal(1);
      expect(run.err).to.deep.equal([message]);
      expect(receiver.received).to.have.length(0);
      expect((await repositories(mongo.db).sales.findEntry(id as string))?.sale.delivery).to.include({
        leaseUntil: null,
        attempts: 0,
      });
    });
  }

  it('resend-sale forces and sends one sale; an unknown id exits 1', async () => {
    const [id] = await seedSales(mongo.db, 1);
    await runCliCaptured(['dispatch'], env);
    const run = await runCliCaptured(['resend-sale', id as string], env);
    expect(run.code).to.equal(0);
    expect(run.out).to.deep.equal([`Sale ${id} delivered (destination answered 200)`]);
    expect(receiver.envelopes().map((e) => e.totalVendas)).to.deep.equal([1, 1]);
    expect((await repositories(mongo.db).sales.findEntry(id as string))?.sale.delivery.attempts).to.equal(2);

    const unknown = await runCliCaptured(['resend-sale', randomUUID()], env);
    expect(unknown.code).to.equal(1);
    expect(unknown.err[0]).to.match(/^Sale .* not found$/);
  });

  it('exits 2 when the database is unreachable', async () => {
    const run = await runCliCaptured(
      ['dispatch'],
      { ...env, MONGODB_URI: 'mongodb://127.0.0.1:9/x' },
      { serverSelectionTimeoutMS: 300 },
    );
    expect(run.code).to.equal(2);
  });
});
