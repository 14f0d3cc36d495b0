import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { Db, Document } from 'mongodb';
import { MongoLeadEventLog } from '../../src/adapters/mongo/hub-leads/leads/mongo-lead-event-log';
import { MongoHubRefreshTokenStore } from '../../src/adapters/mongo/hub-identity/mongo-hub-refresh-token-store';
import { MongoHubResetTokenStore } from '../../src/adapters/mongo/hub-identity/mongo-hub-reset-token-store';
import { MongoApiEventStore } from '../../src/adapters/mongo/sales-identity/mongo-api-event-store';
import { MongoPasswordResetTokenStore } from '../../src/adapters/mongo/sales-identity/mongo-password-reset-token-store';
import { MongoSalesRefreshTokenStore } from '../../src/adapters/mongo/sales-identity/mongo-sales-refresh-token-store';
import { withDatabase } from '../../src/adapters/mongo/shared/embedded-mongo';
import { connectMongo, type MongoConnection } from '../../src/adapters/mongo/shared/mongo-connection';
import { newSessionToken, successorOf } from '../../src/domain/hub-identity/refresh-token';
import { runCliCaptured } from '../support/cli';
import { indexCoverageGuard } from '../support/index-coverage/index-coverage-guard';
import { serverImplements, sharedMongo } from '../support/mongo';
import {
  HUB_ENDED_SESSIONS,
  SALES_ENDED_SESSIONS,
} from '../../src/adapters/mongo/shared/ended-sessions/ended-session-collection';
import { MongoEndedSessionStore } from '../../src/adapters/mongo/shared/ended-sessions/mongo-ended-session-store';

const DAY = 86_400;

/** CONTRACT 9.4, written out here on purpose (not imported): every TTL index the product must have, and no other. */
const expectedTtlIndexes = (eventLogDays: number): Record<string, { key: Document; expireAfterSeconds: number }> => ({
  'api_event_logs.at': { key: { at: -1 }, expireAfterSeconds: eventLogDays * DAY },
  'sales_refresh_tokens.expiry_ttl': { key: { expiresAt: 1 }, expireAfterSeconds: 30 * DAY },
  'sales_password_reset_tokens.expiry_ttl': { key: { expiresAt: 1 }, expireAfterSeconds: 30 * DAY },
  'hub_refresh_tokens.expiry_ttl': { key: { expiresAt: 1 }, expireAfterSeconds: 30 * DAY },
  // A rotation claim outlives its rotated token: that token expires at most 7 days after the rotation.
  'hub_refresh_rotations.rotated_ttl': { key: { at: 1 }, expireAfterSeconds: 37 * DAY },
  'hub_reset_tokens.expiry_ttl': { key: { expiresAt: 1 }, expireAfterSeconds: 30 * DAY },
  'hub_lead_events.received_ttl': { key: { receivedAt: 1 }, expireAfterSeconds: 90 * DAY },
  'hub_webhook_receipts.received_ttl': { key: { receivedAt: 1 }, expireAfterSeconds: 90 * DAY },
  // CONTRACT 11.2: an ended session is kept as long as a token of it can live (the entry's expiresAt).
  'sales_ended_sessions.expiry_ttl': { key: { expiresAt: 1 }, expireAfterSeconds: 0 },
  'hub_ended_sessions.expiry_ttl': { key: { expiresAt: 1 }, expireAfterSeconds: 0 },
});

/** Never removed automatically (CONTRACT 9.4): the collections that must have no TTL index at all. */
const KEPT_FOREVER = [
  'sales',
  'sale_status_events',
  'people',
  'vendors',
  'sale_delivery_attempts',
  'sdr_interactions',
  'sdr_interaction_notes',
  'hub_leads',
  'hub_users',
  'sales_users',
];

/** Every TTL index of these collections as listIndexes reports it, keyed `collection.index`. */
async function listedTtlIndexes(
  db: Db,
  collections: readonly string[],
): Promise<Record<string, { key: Document; expireAfterSeconds: number }>> {
  const found: Record<string, { key: Document; expireAfterSeconds: number }> = {};
  for (const collection of collections) {
    for (const index of await db.collection(collection).listIndexes().toArray()) {
      if (index.expireAfterSeconds !== undefined)
        found[`${collection}.${index.name as string}`] = {
          key: index.key as Document,
          expireAfterSeconds: Number(index.expireAfterSeconds),
        };
    }
  }
  return found;
}

const freshDatabaseUri = () =>
  withDatabase(sharedMongo().uri, `retention_${randomUUID().replace(/-/g, '').slice(0, 12)}`);

const connect = (uri: string) =>
  connectMongo(uri, {
    serverSelectionTimeoutMS: 2_000,
    commandObserver: indexCoverageGuard.observer,
    ...(sharedMongo().kind === 'jongodb' ? { serverMonitoringMode: 'poll' as const } : {}),
  });

describe('retention (CONTRACT 9.4): the TTL indexes ensure-indexes and serve create', () => {
  const open: MongoConnection[] = [];
  const database = async (uri: string) => {
    const mongo = await connect(uri);
    open.push(mongo);
    return mongo.db;
  };
  after(async () => {
    await Promise.all(open.map((mongo) => mongo.close()));
  });

  it('ensure-indexes creates every TTL index with its field and period; the data kept forever has none', async () => {
    const uri = freshDatabaseUri();
    const run = await runCliCaptured(['--json', 'ensure-indexes'], {
      LOG_LEVEL: 'silent',
      MONGODB_URI: uri,
      EVENT_LOG_RETENTION_DAYS: '45',
    });
    expect(run.code, run.err.join('\n')).to.equal(0);
    const printed = JSON.parse(run.out[0] ?? '{}') as { collections: string[]; retentionChanges: unknown[] };
    expect(printed.retentionChanges).to.deep.equal([]);
    expect(printed.collections).to.include.members(KEPT_FOREVER);
    const db = await database(uri);
    expect(await listedTtlIndexes(db, printed.collections)).to.deep.equal(expectedTtlIndexes(45));
  });

  it('serve creates them at start, with the EVENT_LOG_RETENTION_DAYS it is given', async () => {
    const uri = freshDatabaseUri();
    let stop: (reason: string) => void = () => undefined;
    const stopped = new Promise<string>((resolve) => (stop = resolve));
    const run = await runCliCaptured(
      ['serve'],
      {
        LOG_LEVEL: 'silent',
        HOST: '127.0.0.1',
        SALES_PORT: '0',
        HUB_PORT: '0',
        MONGODB_URI: uri,
        EVENT_LOG_RETENTION_DAYS: '7',
      },
      {
        waitForStop: () => stopped,
        // The MongoDB line is printed once the indexes are ensured and both services listen.
        onOut: (line) => {
          if (line.startsWith('MongoDB:')) stop('TEST');
        },
      },
    );
    expect(run.code, run.err.join('\n')).to.equal(0);
    const db = await database(uri);
    expect(
      await listedTtlIndexes(
        db,
        Object.keys(expectedTtlIndexes(7)).map((name) => name.split('.')[0] as string),
      ),
    ).to.deep.equal(expectedTtlIndexes(7));
  });

  it(
    'a changed EVENT_LOG_RETENTION_DAYS takes effect on the next run (jongodb, which cannot change an index, ' +
      'fails the run with one line saying what to do)',
    async () => {
      const uri = freshDatabaseUri();
      const env = (days: string) => ({ LOG_LEVEL: 'silent', MONGODB_URI: uri, EVENT_LOG_RETENTION_DAYS: days });
      expect((await runCliCaptured(['ensure-indexes'], env('45'))).code).to.equal(0);
      const db = await database(uri);
      const changed = await runCliCaptured(['ensure-indexes'], env('30'));
      const eventLogTtl = async () =>
        (await listedTtlIndexes(db, ['api_event_logs']))['api_event_logs.at']?.expireAfterSeconds;

      if (await serverImplements(db, { collMod: 'no_such_collection' })) {
        expect(changed.code, changed.err.join('\n')).to.equal(0);
        expect(changed.out).to.include('Retention of api_event_logs (index at) changed from 45 days to 30 days');
        expect(await eventLogTtl()).to.equal(30 * DAY);
        const again = await runCliCaptured(['ensure-indexes'], env('30'));
        expect(again.out.filter((line) => line.startsWith('Retention of'))).to.deep.equal([]);
      } else {
        expect(changed.code).to.equal(1);
        expect(changed.err).to.have.length(1);
        expect(changed.err[0]).to.match(
          /^Cannot change the time-to-live of index at of api_event_logs from 45 days to 30 days: collMod: .*; dropIndexes: .*\. Drop that index by hand, then run ensure-indexes again\.$/,
        );
        expect(await eventLogTtl()).to.equal(45 * DAY);
      }
    },
  );

  it(
    "every TTL index's field is a BSON Date in what the stores write (a TTL index ignores any other " + 'type)',
    async () => {
      const uri = freshDatabaseUri();
      expect((await runCliCaptured(['ensure-indexes'], { LOG_LEVEL: 'silent', MONGODB_URI: uri })).code).to.equal(0);
      const db = await database(uri);
      const now = new Date();
      const later = new Date(now.getTime() + 3_600_000);
      const id = () => randomUUID();

      await new MongoSalesRefreshTokenStore(db).save({
        tokenHash: id(),
        userId: id(),
        expiresAt: later,
        createdAt: now,
      });
      await new MongoPasswordResetTokenStore(db).save({
        tokenHash: id(),
        userId: id(),
        expiresAt: later,
        createdAt: now,
      });
      await new MongoApiEventStore(db).append([
        {
          id: id(),
          requestId: id(),
          method: 'GET',
          path: '/api/sales',
          status: 200,
          durationMs: 3,
          userId: undefined,
          ip: '127.0.0.1',
          at: now,
          errorCode: undefined,
          errorMessages: undefined,
        },
      ]);
      const hubTokens = new MongoHubRefreshTokenStore(db);
      const first = newSessionToken({ id: id(), tokenHash: id(), userId: id(), orgId: id() }, now);
      await hubTokens.create(first);
      expect(await hubTokens.rotate(first.id, successorOf(first, { id: id(), tokenHash: id() }, now), now)).to.equal(
        'rotated',
      );
      await new MongoHubResetTokenStore(db).create({ tokenHash: id(), userId: id(), expiresAt: later, usedAt: null });
      const body = '{"id":"1"}';
      await new MongoLeadEventLog(db).append(
        {
          id: id(),
          orgId: id(),
          leadId: id(),
          provider: 'leadprovider',
          action: 'lead.created',
          rawBody: body,
          bodyHash: id(),
          receivedAt: now,
        },
        60_000,
      );

      for (const collection of [SALES_ENDED_SESSIONS, HUB_ENDED_SESSIONS])
        await new MongoEndedSessionStore(db, collection).end([{ sessionId: id(), endedAt: now, expiresAt: later }]);

      const ttl = Object.entries(expectedTtlIndexes(90));
      for (const [name, { key }] of ttl) {
        const collection = name.split('.')[0] as string;
        const field = Object.keys(key)[0] as string;
        const written = await db.collection(collection).countDocuments({});
        expect(written, `${collection}: nothing written`).to.be.greaterThan(0);
        expect(
          await db.collection(collection).countDocuments({ [field]: { $type: 'date' } }),
          `${collection}.${field}`,
        ).to.equal(written);
      }
    },
  );
});
