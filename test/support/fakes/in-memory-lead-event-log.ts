import type { LeadEventLog, LeadEventRecord, ReceiptClaim } from '../../../src/application/hub-leads/ports';
import type { LeadProvider } from '../../../src/domain/hub-leads/lead';
import { compareIds } from './hub-leads-order';
import { NO_FAULTS, type WriteFaults } from './write-faults';

interface Receipt {
  readonly leadId: string;
  readonly receivedAt: Date;
  /** The event the accepted delivery stores right after the receipt. */
  readonly eventId: string;
}

const receiptKey = (orgId: string, provider: string, bodyHash: string): string => `${orgId}:${provider}:${bodyHash}`;

/**
 * The fake of LeadEventLog; passes the contract suite MongoLeadEventLog passes, including its crash
 * promise: the receipt (naming its event) and the event are two writes, and `faults` can kill the
 * process between them; a recent receipt whose event is missing is no redelivery, and the next
 * append of that body stores the event under the receipt's id.
 */
export class InMemoryLeadEventLog implements LeadEventLog {
  private readonly receipts = new Map<string, Receipt>();
  private readonly events = new Map<string, LeadEventRecord>();

  constructor(private readonly faults: WriteFaults = NO_FAULTS) {}

  async recentDelivery(
    orgId: string,
    provider: LeadProvider,
    bodyHash: string,
    now: Date,
    windowMs: number,
  ): Promise<string | undefined> {
    const receipt = this.receipts.get(receiptKey(orgId, provider, bodyHash));
    return receipt !== undefined &&
      receipt.receivedAt.getTime() > now.getTime() - windowMs &&
      this.events.has(receipt.eventId)
      ? receipt.leadId
      : undefined;
  }

  /**
   * No await between the receipt check and the writes: one of two concurrent twins claims it, as on the unique `_id`.
   */
  async append(event: LeadEventRecord, windowMs: number): Promise<ReceiptClaim> {
    const key = receiptKey(event.orgId, event.provider, event.bodyHash);
    const receipt = this.receipts.get(key);
    let stored: LeadEventRecord = { ...event };
    if (receipt !== undefined && receipt.receivedAt.getTime() > event.receivedAt.getTime() - windowMs) {
      if (this.events.has(receipt.eventId)) return { kind: 'recent', leadId: receipt.leadId };
      // The delivery that wrote the receipt died before its event: this one (the same body) stores it.
      stored = { ...event, id: receipt.eventId };
    } else {
      this.faults.write(receipt === undefined ? 'hub_webhook_receipts.insert' : 'hub_webhook_receipts.update');
      this.receipts.set(key, { leadId: event.leadId, receivedAt: event.receivedAt, eventId: event.id });
    }
    // The event's id is its unique `_id`: a second insert under it is refused (already stored).
    if (this.events.has(stored.id)) return { kind: 'recent', leadId: this.receipts.get(key)?.leadId ?? event.leadId };
    this.faults.write('hub_lead_events.insert');
    this.events.set(stored.id, stored);
    return { kind: 'claimed' };
  }

  async listOf(leadId: string): Promise<readonly LeadEventRecord[]> {
    return [...this.events.values()]
      .filter((e) => e.leadId === leadId)
      .sort((a, b) => a.receivedAt.getTime() - b.receivedAt.getTime() || compareIds(a.id, b.id))
      .map((e) => ({ ...e }));
  }
}
