import { expect } from 'chai';
import pino from 'pino';
import { MongoServerError, type Db } from 'mongodb';
import { ensureIndexes } from '../../../../src/adapters/mongo/shared/collection-indexes';
import {
  detectTtlMonitor,
  ExpiredDocumentSweeper,
  MAINTENANCE_LEASES,
  ttlRulesOf,
  type TtlRule,
} from '../../../../src/adapters/mongo/shared/expiry/expired-document-sweeper';
import { daysInSeconds } from '../../../../src/adapters/mongo/shared/expiry/retention';
import { API_EVENT_LOGS, apiEventIndexes } from '../../../../src/adapters/mongo/sales-identity/api-event-collection';
import { MongoExpiredDocuments } from '../../../../src/adapters/mongo/shared/expiry/mongo-expired-documents';
import { startRetention } from '../../../../src/cli/serve/retention-schedule';
import { DECLARED_INDEXES } from '../../../support/index-coverage/declared-indexes';
import { connectTestDatabase, sharedMongo } from '../../../support/mongo';
import type { MongoConnection } from '../../../../src/adapters/mongo/shared/mongo-connection';

const DAY = 86_400_000;
const NOW = new Date('2026-11-26T06:00:00.000Z');
const silent = pino({ level: 'silent' });
const eventLogRule: TtlRule = { collection: API_EVENT_LOGS, field: 'at', seconds: daysInSeconds(90) };

/** An event-log entry as far as retention is concerned (the sweeper reads nothing else). */
const entry = (id: string, at: unknown) => ({ _id: id, at, method: 'GET', path: '/x', status: 200 });

describe('retention where the server has no TTL monitor (the service deletes what TTL indexes would)', () => {
  let mongo: MongoConnection;
  let db: Db;
  beforeEach(async () => {
    mongo = await connectTestDatabase();
    db = mongo.db;
    await ensureIndexes(db, [apiEventIndexes(90)]);
  });
  afterEach(async () => {
    await mongo.close();
  });

  const ids = async () =>
    (
      await db
        .collection(API_EVENT_LOGS)
        .find({ _id: { $exists: true } })
        .toArray()
    )
      .map((d) => String(d._id))
      .sort();

  it('detects whether the server removes expired documents: jongodb does not, a mongod does', async function () {
    const kind = sharedMongo().kind;
    if (kind === 'external') this.skip();
    expect(await detectTtlMonitor(db)).to.equal(kind !== 'jongodb');
  });

  it(
    'takes only "no such parameter" as the absence of a monitor: any other refusal comes from a mongod, which ' +
      'runs one',
    async () => {
      const refusing = (code: number): Db =>
        ({
          admin: () => ({ command: () => Promise.reject(new MongoServerError({ message: 'refused', code })) }),
        }) as unknown as Db;
      expect(await detectTtlMonitor(refusing(14))).to.equal(false); // BadValue: what jongodb answers
      expect(await detectTtlMonitor(refusing(59))).to.equal(false); // CommandNotFound
      expect(await detectTtlMonitor(refusing(13))).to.equal(true); // Unauthorized for this user
      expect(await detectTtlMonitor(refusing(8000))).to.equal(true); // a hosted cluster allowing only some parameters
    },
  );

  it('takes its rules from the TTL index declarations: the same collections, fields and periods', () => {
    const rules = ttlRulesOf(DECLARED_INDEXES);
    expect(rules).to.deep.include.members([
      { collection: 'sales_refresh_tokens', field: 'expiresAt', seconds: daysInSeconds(30) },
      { collection: 'sales_password_reset_tokens', field: 'expiresAt', seconds: daysInSeconds(30) },
      { collection: 'hub_refresh_tokens', field: 'expiresAt', seconds: daysInSeconds(30) },
      { collection: 'hub_reset_tokens', field: 'expiresAt', seconds: daysInSeconds(30) },
      { collection: 'hub_refresh_rotations', field: 'at', seconds: daysInSeconds(37) },
      { collection: 'hub_lead_events', field: 'receivedAt', seconds: daysInSeconds(90) },
      { collection: 'hub_webhook_receipts', field: 'receivedAt', seconds: daysInSeconds(90) },
    ]);
    expect(rules.filter((r) => r.collection === API_EVENT_LOGS)).to.have.length(1);
    expect(rules.map((r) => r.collection)).to.not.include.members(['sales', 'people', 'sdr_interactions']);
  });

  it(
    'deletes Date values past the period in bounded batches, keeps the rest, and sweeps at most once an ' + 'interval',
    async () => {
      const old = Array.from({ length: 5 }, (_, i) => entry(`old${i}`, new Date(NOW.getTime() - 91 * DAY - i)));
      await db.collection(API_EVENT_LOGS).insertMany([
        ...old,
        entry('recent', new Date(NOW.getTime() - 89 * DAY)),
        // The TTL monitor ignores a field that is not a Date; so does the sweep.
        entry('string', new Date(NOW.getTime() - 200 * DAY).toISOString()),
      ] as never[]);
      let now = NOW;
      const sweeper = new ExpiredDocumentSweeper(db, [eventLogRule], {
        now: () => now,
        holder: 'test',
        batchSize: 2,
        maxBatches: 2,
      });

      expect(await sweeper.sweepOnce()).to.deep.equal({ swept: true, deleted: { 'api_event_logs.at': 4 } });
      expect(await ids()).to.have.length(3);
      // Within the interval: no sweep, by this instance or any other.
      now = new Date(NOW.getTime() + 59_000);
      expect(await sweeper.sweepOnce()).to.deep.equal({ swept: false });
      const other = new ExpiredDocumentSweeper(db, [eventLogRule], { now: () => now, holder: 'other' });
      expect(await other.sweepOnce()).to.deep.equal({ swept: false });
      now = new Date(NOW.getTime() + 60_000);
      expect(await other.sweepOnce()).to.deep.equal({ swept: true, deleted: { 'api_event_logs.at': 1 } });
      expect(await ids()).to.deep.equal(['recent', 'string']);
      expect(await db.collection(MAINTENANCE_LEASES).findOne({ _id: 'expired-documents' as never })).to.deep.include({
        holder: 'other',
        until: new Date(NOW.getTime() + 120_000),
      });
    },
  );

  it('one instance at a time: of two sweeping at once, one sweeps', async () => {
    await db
      .collection(API_EVENT_LOGS)
      .insertMany([
        entry('a', new Date(NOW.getTime() - 100 * DAY)),
        entry('b', new Date(NOW.getTime() - 100 * DAY)),
      ] as never[]);
    const make = (holder: string) => new ExpiredDocumentSweeper(db, [eventLogRule], { now: () => NOW, holder });
    const outcomes = await Promise.all([make('one').sweepOnce(), make('two').sweepOnce(), make('three').sweepOnce()]);
    expect(outcomes.filter((o) => o.swept)).to.have.length(1);
    expect(await ids()).to.deep.equal([]);
  });

  it("serve's schedule on a server that honours TTL deletes nothing itself and writes no lease", async () => {
    await db.collection(API_EVENT_LOGS).insertOne(entry('old', new Date(Date.now() - 365 * DAY)) as never);
    const retention = await startRetention(new MongoExpiredDocuments(db, [apiEventIndexes(90)]), silent, {
      detect: async () => true,
      now: () => new Date(),
    });
    expect(retention).to.equal(undefined);
    expect(await ids()).to.deep.equal(['old']);
    expect(await db.collection(MAINTENANCE_LEASES).countDocuments({ _id: 'expired-documents' as never })).to.equal(0);
  });

  it("serve's schedule on the embedded jongodb sweeps at start-up (its own detection)", async function () {
    if (sharedMongo().kind !== 'jongodb') this.skip();
    await db
      .collection(API_EVENT_LOGS)
      .insertMany([
        entry('old', new Date(Date.now() - 91 * DAY)),
        entry('recent', new Date(Date.now() - DAY)),
      ] as never[]);
    const retention = await startRetention(new MongoExpiredDocuments(db, [apiEventIndexes(90)]), silent, {
      now: () => new Date(),
    });
    expect(retention).to.not.equal(undefined);
    let left = await ids();
    for (let tries = 0; tries < 100 && left.includes('old'); tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      left = await ids();
    }
    await retention?.stop();
    expect(left).to.deep.equal(['recent']);
  });

  it('a sweep stops before its next command once told to', async () => {
    await db
      .collection(API_EVENT_LOGS)
      .insertMany(
        Array.from({ length: 6 }, (_, i) => entry(`old${i}`, new Date(NOW.getTime() - 100 * DAY))) as never[],
      );
    let checks = 0;
    const sweeper = new ExpiredDocumentSweeper(db, [eventLogRule], { now: () => NOW, holder: 'test', batchSize: 2 });
    // Asked before the rule and before each batch: told to stop once the first batch is done.
    const outcome = await sweeper.sweepOnce(() => (checks += 1) > 2);
    expect(outcome).to.deep.equal({ swept: true, deleted: { 'api_event_logs.at': 2 } });
    expect(await ids()).to.have.length(4);
  });
});
