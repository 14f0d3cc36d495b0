import { expect } from 'chai';
import { BSON, type Db, type Document } from 'mongodb';
import {
  firstFound,
  periodRead,
  pipelineDocuments,
  projectedRead,
} from '../../../../src/adapters/mongo/shared/projected-read';
import { useTestDatabase } from '../../../support/mongo';

const THINGS = 'period_read_things';

async function all<T>(batches: AsyncIterable<readonly T[]>): Promise<T[][]> {
  const read: T[][] = [];
  for await (const batch of batches) read.push([...batch]);
  return read;
}

/** The KPI's period reads (CONTRACT 10.1): aggregate and getMore as commands, a reply at a time, on the embedded server. */
describe('periodRead (MongoDB)', () => {
  const mongo = useTestDatabase([{ collection: THINGS, indexes: [{ key: { n: 1 }, name: 'by_n' }] }]);
  const named = () => ({ db: mongo().db, name: THINGS });
  /** The real database, with the name of every command periodRead sends written down. */
  const watched = (sent: string[], commands: Document[] = []) => {
    const { db } = mongo();
    const command: Db['command'] = (cmd, options) => {
      sent.push(Object.keys(cmd)[0] ?? '');
      commands.push(cmd);
      return db.command(cmd, options);
    };
    return { db: { client: db.client, command } as Db, name: THINGS };
  };
  const docs = Array.from({ length: 25 }, (_, n) => ({
    _id: `thing-${String(n).padStart(2, '0')}`,
    n,
    at: new Date(Date.UTC(2026, 0, 1 + n)),
    bytes: new BSON.Binary(new Uint8Array([n, n + 1])),
    skipped: 'not projected',
  }));
  before(async () => {
    await mongo()
      .db.collection<(typeof docs)[number]>(THINGS)
      .insertMany(docs.map((d) => ({ ...d })));
  });
  const filter = { n: { $gte: 3 } };
  const fields = { _id: 1, n: 1, at: 1, bytes: 1 };

  it('reads every document across getMores, a reply per batch, the same values as the cursor path', async () => {
    const batches = await all(periodRead(named(), filter, fields, { sort: { n: 1 }, batchSize: 10 }));
    expect(batches.map((b) => b.length)).to.deep.equal([10, 10, 2]);
    const viaCursor: Document[] = [];
    for await (const doc of projectedRead(mongo().db.collection(THINGS), filter, fields, {
      sort: { n: 1 },
      batchSize: 10,
    }))
      viaCursor.push(doc);
    expect(batches.flat()).to.deep.equal(viaCursor);
    expect(viaCursor.map((d) => d.n)).to.deep.equal(docs.slice(3).map((d) => d.n));
    expect(viaCursor[0]).to.not.have.property('skipped');
  });

  it('reads nothing for an empty range, and kills the cursor of a read left after its first batch', async () => {
    expect(await all(periodRead(named(), { n: { $gte: 100 } }, fields, { batchSize: 10 }))).to.deep.equal([[]]);
    const left: string[] = [];
    for await (const batch of periodRead(watched(left), filter, fields, { sort: { n: 1 }, batchSize: 5 })) {
      expect(batch).to.have.length(5);
      break;
    }
    expect(left).to.deep.equal(['aggregate', 'killCursors']);
    const whole: string[] = [];
    const again = await all(periodRead(watched(whole), filter, fields, { sort: { n: 1 }, batchSize: 50 }));
    expect(again.flat()).to.have.length(22);
    expect(whole).to.deep.equal(['aggregate']);
  });

  it('reads a page in one reply with its hint, and the first document of a find in one command', async () => {
    const sent: string[] = [];
    const commands: Document[] = [];
    const page = await pipelineDocuments(
      watched(sent, commands),
      [{ $match: filter }, { $sort: { n: -1 } }, { $limit: 4 }, { $project: { _id: 0, n: 1 } }],
      { batchSize: 5, hint: 'by_n' },
    );
    expect(page).to.deep.equal([{ n: 24 }, { n: 23 }, { n: 22 }, { n: 21 }]);
    expect(sent).to.deep.equal(['aggregate']);
    expect(commands[0]?.hint).to.equal('by_n');
    const first = await firstFound(watched(sent), { n: { $gt: 6 } }, { sort: { n: 1 }, projection: { _id: 1, n: 1 } });
    expect(first).to.include({ _id: 'thing-07', n: 7 });
    expect(sent).to.deep.equal(['aggregate', 'find']);
    expect(await firstFound(named(), { n: { $gt: 99 } }, { sort: { n: 1 }, projection: { _id: 1 } })).to.equal(
      undefined,
    );
  });
});
