import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import * as E from 'fp-ts/Either';
import pino from 'pino';
import { withDatabase } from '../../../../src/adapters/mongo/shared/embedded-mongo';
import { connectMongo, type MongoConnection } from '../../../../src/adapters/mongo/shared/mongo-connection';
import type { CollectionIndexes } from '../../../../src/adapters/mongo/shared/collection-indexes';
import { MongoSaleRepository } from '../../../../src/adapters/mongo/sales/mongo-sale-repository';
import { SALES } from '../../../../src/adapters/mongo/sales/sales-collection';
import { compose } from '../../../../src/composition-root';
import { loadConfig } from '../../../../src/config';
import type { AllowedScan } from '../../../support/index-coverage/allowed-scans';
import { IndexCoverageGuard } from '../../../support/index-coverage/index-coverage-guard';
import { DECLARED_INDEXES } from '../../../support/index-coverage/declared-indexes';
import { sharedMongo } from '../../../support/mongo';

/** A guard of its own (not the run's), on a client of its own: what it records is what these tests assert on. */
async function guarded(
  options: {
    declarations?: readonly CollectionIndexes[];
    judgeTestCode?: boolean;
    allowed?: readonly AllowedScan[];
  } = {},
) {
  const guard = new IndexCoverageGuard(options.declarations ?? DECLARED_INDEXES, {
    allowed: options.allowed ?? [],
    ...(options.judgeTestCode === false ? {} : { isTestCaller: () => false }),
  });
  const mongo = await connectMongo(withDatabase(sharedMongo().uri, `guard_${randomUUID().slice(0, 8)}`), {
    commandObserver: guard.observer,
  });
  return { guard, mongo, db: mongo.db };
}

const uncovered = (guard: IndexCoverageGuard) => guard.violations.map((v) => `${v.collection} ${v.command} ${v.query}`);

describe('index-coverage guard (a mongod with notablescan, modelled over the declared indexes)', () => {
  const open: MongoConnection[] = [];
  const use = async (options?: Parameters<typeof guarded>[0]) => {
    const g = await guarded(options);
    open.push(g.mongo);
    return g;
  };
  after(async () => {
    await Promise.all(open.map((m) => m.close()));
  });

  it('records a filter on a field no index leads with, and passes one an index prefix covers', async () => {
    const { guard, db } = await use();
    await db.collection('sales').find({ personId: 'p' }).toArray();
    await db.collection('sales').find({ webhookProcessed: false, sellerId: 's' }).toArray();
    await db
      .collection('sales')
      .find({ _id: 'x' as never })
      .toArray();
    expect(guard.violations).to.deep.equal([]);
    await db.collection('sales').find({ sellerId: 's' }).toArray();
    // `status` is a key of no index of sdr_interactions (and `createdAt` leads by_created, so that one passes).
    await db
      .collection('sdr_interactions')
      .find({ createdAt: { $gte: new Date() } })
      .toArray();
    await db.collection('sdr_interactions').find({ status: 'converted' }).toArray();
    expect(uncovered(guard)).to.deep.equal(['sales find { sellerId: ? }', 'sdr_interactions find { status: ? }']);
  });

  it('judges every filtering command: update, delete, findAndModify, count, distinct', async () => {
    const { guard, db } = await use();
    const sales = db.collection('sales');
    await sales.updateOne({ sellerId: 's' }, { $set: { a: 1 } });
    await sales.deleteMany({ sellerName: 'n' });
    await sales.findOneAndUpdate({ vendorId: 'v' }, { $set: { a: 1 } });
    await db.command({ count: 'sales', query: { sellerId: 's' } });
    await sales.distinct('sellerId');
    await sales.estimatedDocumentCount();
    await sales.distinct('personId');
    expect(uncovered(guard)).to.deep.equal([
      'sales update { sellerId: ? }',
      'sales delete { sellerName: ? }',
      'sales findAndModify { vendorId: ? }',
      'sales count { sellerId: ? }',
      'sales distinct {}',
    ]);
  });

  it('a $or is covered only when every branch is (or when an indexed field sits beside it)', async () => {
    const { guard, db } = await use();
    await db
      .collection('sales')
      .find({ $or: [{ personId: 'p' }, { _id: 'x' as never }] })
      .toArray();
    await db
      .collection('sales')
      .find({ personId: 'p', $or: [{ sellerId: 's' }, { vendorId: 'v' }] })
      .toArray();
    await db
      .collection('sales')
      .find({ $and: [{ sellerId: 's' }, { webhookProcessed: true }] })
      .toArray();
    expect(guard.violations).to.deep.equal([]);
    await db
      .collection('sales')
      .find({ $or: [{ personId: 'p' }, { sellerId: 's' }] })
      .toArray();
    expect(uncovered(guard)).to.deep.equal(['sales find { $or: [{ personId: ? }, { sellerId: ? }] }']);
  });

  it('uses a partial index only when the filter implies its condition', async () => {
    const { guard, db } = await use();
    await db.collection('sdr_interactions').find({ phoneKey: '1187654321' }).toArray();
    await db.collection('sdr_interactions').find({ phoneKey: null }).toArray();
    expect(uncovered(guard)).to.deep.equal(['sdr_interactions find { phoneKey: ? }']);
  });

  it(
    'serves a distinct from an index leading with its key when the index holds every field of its query and its ' +
      'partial filter is implied',
    async () => {
      const { guard, db } = await use();
      const gateway = db.collection('gateway_messages');
      await gateway.distinct('instance', { 'key.id': { $type: 'string' } });
      expect(guard.violations).to.deep.equal([]);
      // The partial unique index holds only records with a string id: an unfiltered distinct cannot use it.
      await gateway.distinct('instance');
      await gateway.distinct('instance', { 'key.id': { $type: 'string' }, messageType: 'conversation' });
      expect(uncovered(guard)).to.deep.equal([
        'gateway_messages distinct {}',
        'gateway_messages distinct { key.id: { $type: ? }, messageType: ? }',
      ]);
    },
  );

  it('judges an aggregation by its leading $match (countDocuments is one)', async () => {
    const { guard, db } = await use();
    await db
      .collection('sales')
      .aggregate([{ $match: { personId: 'p' } }, { $group: { _id: '$sellerId', n: { $sum: 1 } } }])
      .toArray();
    await db.collection('sales').countDocuments({ webhookProcessed: false });
    expect(guard.violations).to.deep.equal([]);
    await db
      .collection('sales')
      .aggregate([{ $match: { sellerId: 's' } }, { $group: { _id: '$personId', n: { $sum: 1 } } }])
      .toArray();
    await db.collection('people').countDocuments({ gender: 'F' });
    await db
      .collection('people')
      .aggregate([{ $group: { _id: '$gender', n: { $sum: 1 } } }])
      .toArray();
    expect(uncovered(guard)).to.deep.equal([
      'sales aggregate { sellerId: ? }',
      'people aggregate { gender: ? }',
      'people aggregate {}',
    ]);
  });

  it('an empty filter is a scan unless an index serves its sort', async () => {
    const { guard, db } = await use();
    await db.collection('sales').find({}).sort({ createdAt: -1 }).toArray();
    await db.collection('sales').find({}).sort({ createdAt: 1 }).toArray();
    expect(guard.violations).to.deep.equal([]);
    await db.collection('sales').find({}).toArray();
    await db.collection('sales').find({}).sort({ sellerName: 1 }).toArray();
    expect(uncovered(guard)).to.deep.equal(['sales find {}', 'sales find {} sort { sellerName: 1 }']);
  });

  it('lets an allow-listed scan through by its shape, and only that one', async () => {
    const allowed = [
      {
        name: 'vendor list page',
        collection: 'vendors',
        command: 'find',
        query: '{} sort { name: 1, _id: 1 }',
        reason: 'small admin list',
      },
    ];
    const { guard, db } = await use({ allowed });
    await db.collection('vendors').find({}).sort({ name: 1, _id: 1 }).toArray();
    expect(guard.violations).to.deep.equal([]);
    expect(guard.summary().allowed).to.equal(1);
    await db.collection('vendors').find({}).sort({ name: -1 }).toArray();
    expect(uncovered(guard)).to.deep.equal(['vendors find {} sort { name: -1 }']);
  });

  it('ignores collections without a declaration and the admin database', async () => {
    const { guard, db } = await use();
    await db.collection('scratch_not_declared').find({ anything: 1 }).toArray();
    await db.admin().command({ ping: 1 });
    expect(guard.violations).to.deep.equal([]);
    expect(guard.summary().checked).to.equal(0);
  });

  it("judges the product's queries, not the test's own reads (by the caller in the async stack)", async () => {
    const withoutSalesIndexes = DECLARED_INDEXES.map((d) => (d.collection === SALES ? { ...d, indexes: [] } : d));
    const { guard, db } = await use({ declarations: withoutSalesIndexes, judgeTestCode: false });
    await db.collection('sales').find({ sellerId: 's' }).toArray();
    expect(guard.violations).to.deep.equal([]);
    expect(guard.summary().testOwn).to.equal(1);
    await new MongoSaleRepository(db).list({ processed: false }, 1, 10);
    expect(uncovered(guard)).to.include('sales find { webhookProcessed: ? } sort { createdAt: -1, _id: 1 }');
  });

  it('fails the test that sent the query, naming collection, command, filter shape and test', async () => {
    const { guard, db } = await use();
    const fakeTest = (title: string, fn: Mocha.Func | Mocha.AsyncFunc) =>
      ({ fn, fullTitle: () => title }) as unknown as Mocha.Test;
    const promised = fakeTest('a test that scans', async () => {
      await db.collection('hub_leads').find({ email: 'a@b.c' }).toArray();
    });
    guard.wrapTest(promised);
    let failure: unknown;
    await (promised.fn as () => Promise<void>).call({}).catch((error: unknown) => (failure = error));
    expect(String(failure))
      .to.contain('"a test that scans"')
      .and.to.contain('hub_leads find { email: ? }')
      .and.to.contain('notablescan');

    const callback = fakeTest(
      'a callback test that scans',
      (done: Mocha.Done) =>
        void db
          .collection('hub_users')
          .findOne({ name: 'x' })
          .then(() => done(), done),
    );
    guard.wrapTest(callback);
    const passedToDone = await new Promise((resolve) => (callback.fn as (done: Mocha.Done) => void).call({}, resolve));
    expect(String(passedToDone)).to.contain('hub_users find { name: ? }');

    const clean = fakeTest(
      'a test that uses an index',
      async () => void (await db.collection('hub_users').findOne({ email: 'a@b.c' })),
    );
    guard.wrapTest(clean);
    await (clean.fn as () => Promise<void>).call({});
  });

  it('keeps what no test failed for (hooks, work left running) for the end-of-run summary', async () => {
    const { guard, db } = await use();
    await db.collection('hub_users').find({ name: 'x' }).toArray();
    const late = {
      fn: async () => void setTimeout(() => void db.collection('hub_users').findOne({ language: 'pt' }), 0),
      fullTitle: () => 'a test that leaves work behind',
    } as unknown as Mocha.Test;
    guard.wrapTest(late);
    await (late.fn as () => Promise<void>).call({});
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(guard.summary().unreported.map((v) => `${v.query} in ${v.test.slice(0, 16)}`)).to.deep.equal([
      '{ name: ? } in outside any test',
      '{ language: ? } in a test that leav',
    ]);
  });

  it('holds queries against the same index list as the one ensure-indexes creates (TTL indexes included)', async () => {
    const { db } = await use();
    const loaded = loadConfig({ HUB_JWT_SECRET: 'x'.repeat(40), SALES_JWT_SECRET: 'y'.repeat(40) });
    if (E.isLeft(loaded)) throw new Error(loaded.left.problem);
    const created = compose(loaded.right.config, { db, redis: undefined, logger: pino({ level: 'silent' }) }).indexes;
    const byCollection = (list: readonly CollectionIndexes[]) =>
      [...list].sort((a, b) => a.collection.localeCompare(b.collection));
    expect(byCollection(DECLARED_INDEXES)).to.deep.equal(byCollection(created));
    expect(
      DECLARED_INDEXES.flatMap((d) => d.indexes.filter((i) => i.expireAfterSeconds !== undefined)),
    ).to.have.length.greaterThan(0);
  });
});
