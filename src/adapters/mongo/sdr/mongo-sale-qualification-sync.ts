import type { Db } from 'mongodb';
import type { SaleQualificationSync } from '../../../application/sdr/ports';
import { saleMirrorOf } from '../../../application/sdr/sale-mirror';
import type { SdrInteraction } from '../../../domain/sdr/interaction';
import { salesCollection } from '../sales/sales-collection';

/** Writes the SDR data onto the person's newest sale (index `by_person`), so both stores agree. */
export class MongoSaleQualificationSync implements SaleQualificationSync {
  constructor(private readonly db: Db) {}

  async mirrorOnLatestSale(interaction: SdrInteraction): Promise<string | undefined> {
    // One findAndModify finds the newest sale created by the interaction's write and writes the whole
    // mirror; only the sdr member and updatedAt change, the delivery state and the rest stay untouched.
    const updated = await salesCollection(this.db).findOneAndUpdate(
      { personId: interaction.personId, createdAt: { $lte: interaction.updatedAt } },
      { $set: { sdr: saleMirrorOf(interaction), updatedAt: interaction.updatedAt } },
      { sort: { createdAt: -1, _id: -1 } },
    );
    return updated?._id;
  }
}
