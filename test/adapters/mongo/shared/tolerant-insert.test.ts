import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { MongoServerError } from 'mongodb';
import { isDuplicateKey } from '../../../../src/adapters/mongo/shared/mongo-errors';
import { insertTolerant } from '../../../../src/adapters/mongo/shared/tolerant-insert';
import { useTestDatabase } from '../../../support/mongo';

interface Thing {
  big?: string;
  _id: string;
  code: string;
  n: number;
}

const THINGS = 'tolerant_insert_things';

/** The one duplicate-tolerant bulk insert and the one duplicate-key test, on the embedded server. */
describe('insertTolerant and isDuplicateKey (MongoDB)', () => {
  const mongo = useTestDatabase([
    { collection: THINGS, indexes: [{ key: { code: 1 }, name: 'code_unique', unique: true }] },
  ]);
  const things = () => mongo().db.collection<Thing>(THINGS);
  // Each test names its own documents (the database lives for the file).
  let prefix = '';
  beforeEach(() => {
    prefix = randomUUID();
  });
  const thing = (id: string, code: string, n = 0): Thing => ({ _id: `${prefix}-${id}`, code: `${prefix}-${code}`, n });
  const ours = () =>
    things()
      .find({ _id: { $regex: `^${prefix}-` } }, { sort: { _id: 1 } })
      .toArray();

  it('inserts a batch without duplicates whole, and nothing for an empty batch', async () => {
    expect(await insertTolerant(things(), [])).to.deep.equal({ inserted: 0, refused: [] });
    const batch = [thing('a', 'A'), thing('b', 'B'), thing('c', 'C')];
    expect(await insertTolerant(things(), batch)).to.deep.equal({ inserted: 3, refused: [] });
    expect(await ours()).to.deep.equal(batch);
  });

  it('reports what a unique index refuses (same _id, other unique key, twice in a batch), keeps others', async () => {
    await things().insertMany([thing('a', 'A', 1), thing('b', 'B', 1)]);
    const batch = [
      thing('a', 'X'), // the same _id as a stored one
      thing('c', 'C'),
      thing('d', 'B'), // the same code as a stored one
      thing('e', 'E'),
      thing('f', 'E'), // the same code as another of the batch
    ];
    const result = await insertTolerant(things(), batch);
    expect(result).to.deep.equal({ inserted: 2, refused: [0, 2, 4] });
    expect(await ours()).to.deep.equal([thing('a', 'A', 1), thing('b', 'B', 1), thing('c', 'C'), thing('e', 'E')]);
  });

  it('leaves the documents given unchanged (no _id added)', async () => {
    const batch = [
      { code: `${prefix}-P`, n: 1 },
      { code: `${prefix}-Q`, n: 2 },
    ];
    const given = structuredClone(batch);
    const result = await insertTolerant(mongo().db.collection<{ code: string; n: number }>(THINGS), batch);
    expect(result).to.deep.equal({ inserted: 2, refused: [] });
    expect(batch).to.deep.equal(given);
    expect(await things().countDocuments({ code: { $in: batch.map((b) => b.code) } })).to.equal(2);
  });

  it('rejects any failure other than a duplicate key, and isDuplicateKey tells the two apart', async () => {
    await things().insertOne(thing('a', 'A'));
    const single = await things()
      .insertOne(thing('a', 'Z'))
      .catch((e: unknown) => e);
    expect(isDuplicateKey(single)).to.equal(true);
    const bulk = await things()
      .insertMany([thing('a', 'Y'), thing('z', 'Z')], { ordered: false })
      .catch((e: unknown) => e);
    expect(isDuplicateKey(bulk)).to.equal(true);
    // An update operator the server refuses: not a duplicate key.
    const other = await things()
      .updateOne({ _id: thing('a', 'A')._id }, { $bogus: { n: 1 } })
      .catch((e: unknown) => e);
    expect(other).to.be.instanceOf(MongoServerError);
    expect(isDuplicateKey(other)).to.equal(false);
    expect(isDuplicateKey(new Error('E11000 duplicate key'))).to.equal(false);
    // A document over the server's 16 MiB limit: refused, and not for a duplicate key.
    const invalid = await insertTolerant(things(), [
      thing('p', 'P'),
      { ...thing('q', 'Q'), big: 'x'.repeat(17 * 1024 * 1024) },
    ]).catch((e: unknown) => e);
    expect(invalid).to.be.instanceOf(Error);
    expect(isDuplicateKey(invalid)).to.equal(false);
  });
});
