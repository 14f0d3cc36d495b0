import type { Collection, Db, Document } from 'mongodb';
import { isDuplicateKey } from '../shared/mongo-errors';

/** The fields of a stored erasure request both services answer the same way. */
export function requestFieldsOf<S, T extends string>(doc: {
  readonly _id: string;
  readonly status: T;
  readonly reason: string;
  readonly requestedAt: Date;
  readonly doneAt: Date | null;
  readonly counts: Readonly<Record<string, number>>;
  readonly subject?: S;
}) {
  const { _id: id, status, reason, requestedAt, doneAt, counts } = doc;
  return { id, status, reason, requestedAt, doneAt, counts, subject: doc.subject ?? null };
}

/**
 * What the sales and the hub erasure stores share (CONTRACT 12.4, class (c) of 10.2): their collection,
 * and the two writes every durable erasure request makes: the counts, fixed once when the run starts (a
 * rerun keeps the first ones), and the end, which drops the identifier (`identifierFields`) in the same
 * write.
 */
export abstract class MongoErasureRequests<D extends Document> {
  constructor(
    private readonly db: Db,
    private readonly collectionOf: (db: Db) => Collection<D>,
    private readonly identifierFields: readonly string[],
  ) {}

  protected get collection(): Collection<D> {
    return this.collectionOf(this.db);
  }

  async setCounts(id: string, counts: Readonly<Record<string, number>>): Promise<void> {
    await (this.collection as unknown as Collection).updateOne(
      { _id: id as never, status: 'pending', countsSet: { $ne: true } },
      { $set: { counts: { ...counts }, countsSet: true } },
    );
  }

  async finish(id: string, doneAt: Date): Promise<void> {
    await (this.collection as unknown as Collection).updateOne(
      { _id: id as never, status: 'pending' },
      {
        $set: { status: 'done', doneAt },
        $unset: Object.fromEntries(this.identifierFields.map((field) => [field, ''])),
      },
    );
  }

  /** Stores a new request; when the unique index finds one pending for the subject, answers that one instead. */
  protected async insertUnlessPending<E>(
    doc: D,
    view: (doc: D) => E,
    pending: () => Promise<E | undefined>,
  ): Promise<{ readonly created: boolean; readonly erasure: E }> {
    try {
      await (this.collection as unknown as Collection).insertOne(doc);
      return { created: true, erasure: view(doc) };
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      const winner = await pending();
      if (winner === undefined) throw error;
      return { created: false, erasure: winner };
    }
  }
}
