import type { Db, Document } from 'mongodb';
import type {
  OwnedReferenceStore,
  Reference,
  ReferenceStore,
} from '../../../application/shared/data-checks/reference-check';
import { idText } from './stored-values';

export interface ReferenceSpec {
  /** The referencing collection and the field that names the target's `_id`. */
  readonly from: string;
  readonly field: string;
  /** The target collection. */
  readonly to: string;
  /** What a referencing document and its target must share (both sides read by the same function); absent: nothing. */
  readonly scopeOf?: (doc: Document) => string;
}

/**
 * One kind of reference (a message's session, a note's interaction...), for `check-data`: the
 * referencing documents in `_id` order (a full read the `_id` index serves, in cursor batches), and
 * keyed `_id` lookups of their targets. Reads only.
 */
export class MongoReferenceStore implements ReferenceStore {
  constructor(
    protected readonly db: Db,
    protected readonly spec: ReferenceSpec,
  ) {}

  async *references(batchSize: number): AsyncIterable<readonly Reference[]> {
    const { from, field, scopeOf } = this.spec;
    let batch: Reference[] = [];
    for await (const doc of this.db
      .collection(from)
      .find({}, { sort: { _id: 1 } })
      .batchSize(batchSize)) {
      const target: unknown = doc[field];
      batch.push({
        id: idText(doc._id),
        target: idText(target),
        ...(scopeOf === undefined ? {} : { scope: scopeOf(doc) }),
      });
      if (batch.length >= batchSize) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length > 0) yield batch;
  }

  async targets(ids: readonly string[]): Promise<ReadonlyMap<string, string | undefined>> {
    if (ids.length === 0) return new Map();
    const { to, scopeOf } = this.spec;
    const docs = await this.db
      .collection<{ _id: string }>(to)
      .find({ _id: { $in: [...ids] } })
      .toArray();
    return new Map(docs.map((doc) => [idText(doc._id), scopeOf?.(doc)]));
  }
}

/**
 * A reference whose documents belong to their target (a chat session's messages), for check-data's
 * repair: documents whose target is gone are deleted, each only while it still names that target.
 */
export class MongoOwnedReferenceStore extends MongoReferenceStore implements OwnedReferenceStore {
  async deleteOrphans(references: readonly Reference[]): Promise<number> {
    if (references.length === 0) return 0;
    const { from, field } = this.spec;
    // Only our string ids and string references match: a document of another shape is never touched.
    const { deletedCount } = await this.db.collection<{ _id: string }>(from).deleteMany({
      _id: { $in: references.map((r) => r.id) },
      [field]: { $in: [...new Set(references.map((r) => r.target))] },
    });
    return deletedCount;
  }
}
