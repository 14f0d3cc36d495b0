import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { updateFirstAsRead } from '../../../../src/adapters/mongo/shared/revised-update';
import { useTestDatabase } from '../../../support/mongo';

interface Item {
  _id: string;
  group: string;
  rank: number;
  value: number;
  revision?: number;
}

const ITEMS = 'revised_update_items';

/** findAndModify's "before" from a read and a conditional updateOne, on the embedded server (CONTRACT 1.1). */
describe('updateFirstAsRead (MongoDB)', () => {
  const mongo = useTestDatabase([{ collection: ITEMS, indexes: [{ key: { group: 1, rank: -1 }, name: 'by_group' }] }]);
  const items = () => mongo().db.collection<Item>(ITEMS);
  const newest = { rank: -1, _id: -1 } as const;

  it('writes the first document in the sort order and answers it as it was; null when nothing matches', async () => {
    const group = randomUUID();
    await items().insertMany([
      { _id: randomUUID(), group, rank: 1, value: 10 },
      { _id: `${group}-top`, group, rank: 2, value: 20 },
    ]);
    const before = await updateFirstAsRead(items(), { group }, newest, { $set: { value: 21 }, $inc: { rank: 1 } });
    expect(before).to.deep.equal({ _id: `${group}-top`, group, rank: 2, value: 20 });
    expect(await items().findOne({ _id: `${group}-top` })).to.deep.equal({
      _id: `${group}-top`,
      group,
      rank: 3,
      value: 21,
      revision: 1,
    });
    expect(await items().countDocuments({ group, revision: { $exists: true } })).to.equal(1);
    expect(await updateFirstAsRead(items(), { group: randomUUID() }, newest, { $set: { value: 0 } })).to.equal(null);
  });

  it('hands each of many concurrent writers the value the one before it wrote: one chain, nothing twice', async () => {
    // Several documents raced at once: a findAndModify on jongodb answers one "before" twice in some of them.
    const groups = Array.from({ length: 5 }, () => randomUUID());
    await items().insertMany(groups.map((group) => ({ _id: randomUUID(), group, rank: 1, value: 0 })));
    await Promise.all(
      groups.map(async (group) => {
        const writes = Array.from({ length: 20 }, (_, n) => n + 1);
        const befores = await Promise.all(
          writes.map((value) => updateFirstAsRead(items(), { group }, newest, { $set: { value } })),
        );
        const final = (await items().findOne({ group }))?.value as number;
        // Serially, each write replaced the value of the one before it: the initial value and every written
        // value but the last.
        expect(befores.map((b) => b?.value).sort((a, b) => (a as number) - (b as number))).to.deep.equal(
          [0, ...writes.filter((w) => w !== final)].sort((a, b) => a - b),
        );
        expect((await items().findOne({ group }))?.revision).to.equal(writes.length);
      }),
    );
  });
});
