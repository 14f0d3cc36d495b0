import type { Collection, Document, Filter, Sort, UpdateFilter, WithId } from 'mongodb';

/** The field a revised update counts its writes in (absent on documents no revised update wrote yet). */
export interface Revised {
  revision?: number;
}

/**
 * What a findAndModify with `returnDocument: 'before'` promises, from the two commands atomic on both servers
 * (CONTRACT 1.1): jongodb's findAndModify reads and writes in two steps, so concurrent ones can all pass a
 * condition only one should and hand back the same "before". Here a read picks the first document of `filter` in
 * `sort` order, and one conditional `updateOne` writes it only while its revision is the one read (`$inc`: every
 * revised update moves it), so the document answered is exactly the one this write replaced. A write that lost to
 * a concurrent one reads again: each round lets at least one writer through, so every writer gets through.
 * Writers of the same documents that are not revised updates move `revision` too where what they change is read
 * from the answer.
 */
export async function updateFirstAsRead<D extends Document & Revised>(
  collection: Collection<D>,
  filter: Filter<D>,
  sort: Sort,
  update: UpdateFilter<D>,
): Promise<WithId<D> | null> {
  const { $inc, ...rest } = update as UpdateFilter<Document>;
  for (;;) {
    const read = await collection.findOne(filter, { sort });
    if (read === null) return null;
    const written = await collection.updateOne(
      // `revision: null` matches a document without one, as on a real mongod.
      { $and: [filter, { _id: read._id, revision: read.revision ?? null }] } as Filter<D>,
      { ...rest, $inc: { ...$inc, revision: 1 } } as Document,
    );
    if (written.matchedCount === 1) return read;
  }
}
