import type { Db } from 'mongodb';
import type { DeliveryAttempt, DeliveryAttemptLog } from '../../../application/sales/ports';
import { deliveryAttemptsCollection } from './delivery-attempts-collection';

/** Insert-only: one document per attempt (CONTRACT 3.3: every attempt is recorded for operators). */
export class MongoDeliveryAttemptLog implements DeliveryAttemptLog {
  constructor(private readonly db: Db) {}

  async record({ id, saleIds, ...rest }: DeliveryAttempt): Promise<void> {
    await deliveryAttemptsCollection(this.db).insertOne({ _id: id, saleIds: [...saleIds], ...rest });
  }
}
