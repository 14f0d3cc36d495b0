import type { Collection, Db } from 'mongodb';
import type { DeliveryAttempt } from '../../../application/sales/ports';
import type { CollectionIndexes } from '../shared/collection-indexes';

export const DELIVERY_ATTEMPTS = 'sale_delivery_attempts';

export type DeliveryAttemptDocument = Omit<DeliveryAttempt, 'id' | 'saleIds'> & { _id: string; saleIds: string[] };

export const deliveryAttemptsCollection = (db: Db): Collection<DeliveryAttemptDocument> =>
  db.collection<DeliveryAttemptDocument>(DELIVERY_ATTEMPTS);

export const deliveryAttemptsIndexes: CollectionIndexes = {
  collection: DELIVERY_ATTEMPTS,
  indexes: [
    { key: { at: -1 }, name: 'newest_first' },
    { key: { saleIds: 1, at: -1 }, name: 'by_sale' },
  ],
};
