import type { Db } from 'mongodb';
import type {
  ConversionRecord,
  ConversionTimeStore,
  SaleMirrorRecord,
  SaleMirrorStore,
} from '../../../application/sdr/data-checks/ports';
import type { SaleQualification } from '../../../application/sdr/ports';
import { contactKeyOfInteraction } from '../../../domain/sdr/contact';
import { isConvertedInteraction, type SdrInteraction } from '../../../domain/sdr/interaction';
import { salesCollection, type SaleDocument } from '../sales/sales-collection';
import { asDate, asNullableDate, asString, idText } from '../shared/stored-values';
import { toSdrInteraction } from './sdr-interaction-mapper';
import { sdrInteractionsCollection, type SdrInteractionDocument } from './sdr-interactions-collection';

/** Full reads in `_id` order (the `_id` index serves them), in cursor batches of `batchSize`. */
async function* batchesOf<D, T>(
  cursor: AsyncIterable<D>,
  map: (doc: D) => T | undefined,
  batchSize: number,
): AsyncIterable<readonly T[]> {
  let batch: T[] = [];
  for await (const doc of cursor) {
    const item = map(doc);
    if (item !== undefined) batch.push(item);
    if (batch.length >= batchSize) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/** A stored interaction of our shape (a document of another shape is left out, never a crash). */
function interactionOf(doc: SdrInteractionDocument): SdrInteraction | undefined {
  if (
    typeof doc._id !== 'string' ||
    typeof doc.personId !== 'string' ||
    !(doc.updatedAt instanceof Date) ||
    !(doc.createdAt instanceof Date)
  )
    return undefined;
  return toSdrInteraction(doc);
}

/** `sdr-conversion-times`: the interactions' conversion times as stored, and the repair's conditional write. */
export class MongoConversionTimeStore implements ConversionTimeStore {
  constructor(private readonly db: Db) {}

  interactions(batchSize: number): AsyncIterable<readonly ConversionRecord[]> {
    const cursor = sdrInteractionsCollection(this.db)
      .find({}, { sort: { _id: 1 } })
      .batchSize(batchSize);
    return batchesOf(
      cursor,
      (doc): ConversionRecord | undefined => {
        const interaction = interactionOf(doc);
        if (interaction === undefined) return undefined;
        // As stored: the mapper reads an absent time (data from before conversion times) as updatedAt.
        return {
          id: interaction.id,
          converted: isConvertedInteraction(doc),
          convertedAt: asNullableDate(doc.convertedAt),
          updatedAt: interaction.updatedAt,
          contactKey: contactKeyOfInteraction(interaction),
        };
      },
      batchSize,
    );
  }

  async storeConversionTime(seen: ConversionRecord, at: Date): Promise<boolean> {
    // `convertedAt: null` matches null and absent; updatedAt as read: a write since then is judged again.
    const { matchedCount } = await sdrInteractionsCollection(this.db).updateOne(
      { _id: seen.id, convertedAt: null, updatedAt: seen.updatedAt },
      { $set: { convertedAt: at }, $inc: { revision: 1 } },
    );
    return matchedCount === 1;
  }
}

/**
 * `sale-sdr-mirror`: the sales with their stored SDR data, their persons' interactions, and the repair's conditional
 * write.
 */
export class MongoSaleMirrorStore implements SaleMirrorStore {
  constructor(private readonly db: Db) {}

  sales(batchSize: number): AsyncIterable<readonly SaleMirrorRecord[]> {
    return batchesOf(
      salesCollection(this.db)
        .find({}, { sort: { _id: 1 } })
        .batchSize(batchSize),
      saleRecordOf,
      batchSize,
    );
  }

  async salesOfPersons(personIds: readonly string[]): Promise<readonly SaleMirrorRecord[]> {
    if (personIds.length === 0) return [];
    const docs = await salesCollection(this.db)
      .find({ personId: { $in: [...personIds] } })
      .toArray();
    return docs.map(saleRecordOf).filter((s): s is SaleMirrorRecord => s !== undefined);
  }

  async interactionsOfPersons(personIds: readonly string[]): Promise<readonly SdrInteraction[]> {
    if (personIds.length === 0) return [];
    const docs = await sdrInteractionsCollection(this.db)
      .find({ personId: { $in: [...personIds] } })
      .toArray();
    return docs.map(interactionOf).filter((i): i is SdrInteraction => i !== undefined);
  }

  async setMirror(seen: SaleMirrorRecord, mirror: SaleQualification): Promise<boolean> {
    const updatedAt = new Date(Math.max(seen.updatedAt.getTime(), mirror.at.getTime()));
    const { matchedCount } = await salesCollection(this.db).updateOne(
      { _id: seen.id, updatedAt: seen.updatedAt },
      { $set: { sdr: { ...mirror }, updatedAt } },
    );
    return matchedCount === 1;
  }
}

function saleRecordOf(doc: SaleDocument): SaleMirrorRecord | undefined {
  if (typeof doc.personId !== 'string') return undefined;
  const sdr = typeof doc.sdr === 'object' && doc.sdr !== null ? (doc.sdr as Partial<SaleQualification>) : undefined;
  return {
    id: idText(doc._id),
    personId: asString(doc.personId),
    createdAt: asDate(doc.createdAt),
    updatedAt: asDate(doc.updatedAt),
    sdr,
  };
}
