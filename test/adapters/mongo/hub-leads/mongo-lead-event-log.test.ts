import { hubLeadEventIndexes } from '../../../../src/adapters/mongo/hub-leads/lead-event-collection';
import { MongoLeadEventLog } from '../../../../src/adapters/mongo/hub-leads/mongo-lead-event-log';
import { hubWebhookReceiptIndexes } from '../../../../src/adapters/mongo/hub-leads/webhook-receipt-collection';
import { leadEventLogContract } from '../../../support/contracts/lead-event-log-contract';
import { InMemoryLeadEventLog } from '../../../support/fakes/in-memory-lead-event-log';
import { useTestDatabase } from '../../../support/mongo';

describe('LeadEventLog contract', () => {
  describe('in memory (the fake)', () => {
    leadEventLogContract(async () => new InMemoryLeadEventLog());
  });

  describe('MongoDB', () => {
    const mongo = useTestDatabase([hubLeadEventIndexes, hubWebhookReceiptIndexes]);
    leadEventLogContract(async () => new MongoLeadEventLog(mongo().db));
  });
});
