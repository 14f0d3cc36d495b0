import { deliveryAttemptsCollection } from '../../../../src/adapters/mongo/sales/delivery-attempts-collection';
import { MongoDeliveryAttemptLog } from '../../../../src/adapters/mongo/sales/mongo-delivery-attempt-log';
import { deliveryAttemptLogContract } from '../../../support/contracts/delivery-attempt-log-contract';
import { InMemoryDeliveryAttemptLog } from '../../../support/fakes/in-memory-delivery-attempt-log';
import { useTestDatabase } from '../../../support/mongo';
import { freshSalesDatabase } from '../../../support/sales-fixtures';

describe('DeliveryAttemptLog contract', () => {
  describe('in memory (the fake)', () => {
    deliveryAttemptLogContract(async () => {
      const log = new InMemoryDeliveryAttemptLog();
      return { log, recorded: async () => log.attempts };
    });
  });

  describe('MongoDB', () => {
    const mongo = useTestDatabase();
    deliveryAttemptLogContract(async () => {
      const db = await freshSalesDatabase(mongo());
      return {
        log: new MongoDeliveryAttemptLog(db),
        // What an operator reads back, in the order written.
        recorded: async () =>
          (await deliveryAttemptsCollection(db).find({}).toArray()).map(({ _id, ...rest }) => ({ id: _id, ...rest })),
      };
    });
  });
});
