import type { Db } from 'mongodb';
import { REMOVED } from '../../../../domain/privacy/erasure';
import { redactText } from '../../../../domain/privacy/erasure-text';
import type { ErasureContext, ErasureStep } from '../../../../application/privacy/ports';
import { saleStatusEventsCollection, salesCollection, type SaleDocument } from '../../sales/sales-collection';

const redactOptional = (value: string | null | undefined, context: ErasureContext) =>
  typeof value === 'string' ? redactText(value, context.subject) : value;

/** The sale's personal values as erasure leaves them (CONTRACT 12.4): undefined when nothing is left to change. */
function anonymized(sale: SaleDocument, context: ErasureContext): Record<string, unknown> | undefined {
  const set: Record<string, unknown> = {};
  if (sale.address !== null) set.address = null;
  if (sale.vehicle !== null && (sale.vehicle.chassi !== REMOVED || sale.vehicle.renavan !== REMOVED)) {
    set['vehicle.chassi'] = REMOVED;
    set['vehicle.renavan'] = REMOVED;
  }
  const sentTo = redactOptional(sale.sdr?.sentTo, context);
  if (sale.sdr !== undefined && sentTo !== sale.sdr.sentTo) set['sdr.sentTo'] = sentTo;
  for (const field of ['sentTo', 'sentToNumber', 'noContactReason', 'dealership'] as const) {
    const value = sale.lastEvent?.[field];
    const redacted = redactOptional(value, context);
    if (redacted !== value) set[`lastEvent.${field}`] = redacted;
  }
  return Object.keys(set).length === 0 ? undefined : set;
}

/**
 * `sales` (CONTRACT 12.4, LGPD art. 16 I): the sale stays with its counts, statuses and delivery state;
 * its address goes (nullable), the vehicle's chassis and RENAVAM become `[removido]` (required strings),
 * the subject's values inside its status events' free text are replaced. The sale's person is erased by
 * the `people` step.
 */
export function salesEraser(db: Db): ErasureStep {
  const sales = salesCollection(db);
  const events = saleStatusEventsCollection(db);
  const ofSubject = (context: ErasureContext) => sales.find({ personId: { $in: [...context.subject.personIds] } });
  return {
    store: 'sales',
    position: 20,
    async count(context) {
      return (await ofSubject(context).toArray()).filter((sale) => anonymized(sale, context) !== undefined).length;
    },
    async erase(context) {
      let changed = 0;
      for (const sale of await ofSubject(context).toArray()) {
        for (const row of await events.find({ saleId: sale._id }).toArray()) {
          const set: Record<string, unknown> = {};
          for (const field of ['sentTo', 'sentToNumber', 'noContactReason', 'dealership'] as const) {
            const redacted = redactOptional(row[field], context);
            if (redacted !== row[field]) set[field] = redacted;
          }
          if (Object.keys(set).length > 0) await events.updateOne({ _id: row._id, saleId: sale._id }, { $set: set });
        }
        const set = anonymized(sale, context);
        if (set === undefined) continue;
        const result = await sales.updateOne({ _id: sale._id, personId: sale.personId }, { $set: set });
        changed += result.modifiedCount;
      }
      return changed;
    },
  };
}
