import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { hubLeadEventIndexes } from '../../../../../src/adapters/mongo/hub-leads/leads/lead-event-collection';
import { MongoLeadEventLog } from '../../../../../src/adapters/mongo/hub-leads/leads/mongo-lead-event-log';
import {
  hubWebhookReceiptIndexes,
  webhookReceiptCollection,
  webhookReceiptKey,
} from '../../../../../src/adapters/mongo/hub-leads/webhooks/webhook-receipt-collection';
import { leadEvent, leadEventLogContract } from '../../../../support/contracts/lead-event-log-contract';
import { InMemoryLeadEventLog } from '../../../../support/fakes/in-memory-lead-event-log';
import { faultyDb } from '../../../../support/fakes/write-faults';
import { useTestDatabase } from '../../../../support/mongo';

describe('LeadEventLog contract', () => {
  describe('in memory (the fake)', () => {
    leadEventLogContract(async (faults) => new InMemoryLeadEventLog(faults));
  });

  describe('MongoDB', () => {
    const mongo = useTestDatabase([hubLeadEventIndexes, hubWebhookReceiptIndexes]);
    leadEventLogContract(async (faults) => new MongoLeadEventLog(faultyDb(mongo().db, faults)));

    it(
      'a receipt stored before receipts named their event (no eventId) still counts as a complete ' + 'delivery',
      async () => {
        const log = new MongoLeadEventLog(mongo().db);
        const event = leadEvent();
        await webhookReceiptCollection(mongo().db).insertOne({
          _id: webhookReceiptKey(event.orgId, event.provider, event.bodyHash),
          leadId: event.leadId,
          receivedAt: event.receivedAt,
        });
        const soon = new Date(event.receivedAt.getTime() + 1000);
        expect(await log.recentDelivery(event.orgId, event.provider, event.bodyHash, soon, 60_000)).to.equal(
          event.leadId,
        );
        expect(await log.append({ ...event, id: randomUUID(), receivedAt: soon }, 60_000)).to.deep.equal({
          kind: 'recent',
          leadId: event.leadId,
        });
        expect(await log.listOf(event.leadId)).to.deep.equal([]);
      },
    );

    it('an accepted delivery leaves a receipt naming its stored event', async () => {
      const log = new MongoLeadEventLog(mongo().db);
      const event = leadEvent();
      await log.append(event, 60_000);
      expect(
        await webhookReceiptCollection(mongo().db).findOne({
          _id: webhookReceiptKey(event.orgId, event.provider, event.bodyHash),
        }),
      ).to.deep.include({ eventId: event.id, leadId: event.leadId });
    });
  });
});
