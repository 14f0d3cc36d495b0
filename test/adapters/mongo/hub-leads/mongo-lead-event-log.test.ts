import { hubLeadEventIndexes } from '../../../../src/adapters/mongo/hub-leads/lead-event-collection';
import { ensureIndexes } from '../../../../src/adapters/mongo/shared/collection-indexes';
import { MongoLeadEventLog } from '../../../../src/adapters/mongo/hub-leads/mongo-lead-event-log';
import { hubWebhookReceiptIndexes } from '../../../../src/adapters/mongo/hub-leads/webhook-receipt-collection';
import type { MongoConnection } from '../../../../src/adapters/mongo/shared/mongo-connection';
import { leadEventLogContract } from '../../../support/contracts/lead-event-log-contract';
import { InMemoryLeadEventLog } from '../../../support/fakes/in-memory-lead-event-log';
import { connectTestDatabase } from '../../../support/mongo';

describe('LeadEventLog contract', () => {
  describe('in memory (the fake)', () => {
    leadEventLogContract(async () => new InMemoryLeadEventLog());
  });

  describe('MongoDB', () => {
    let mongo: MongoConnection;
    before(async () => {
      mongo = await connectTestDatabase();
      await ensureIndexes(mongo.db, [hubLeadEventIndexes, hubWebhookReceiptIndexes]);
    });
    after(async () => {
      await mongo.close();
    });
    leadEventLogContract(async () => new MongoLeadEventLog(mongo.db));
  });
});
