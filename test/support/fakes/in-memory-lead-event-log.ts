import type { LeadEventLog, LeadEventRecord, ReceiptClaim } from '../../../src/application/hub-leads/ports';
import type { LeadProvider } from '../../../src/domain/hub-leads/lead';
import { compareIds } from './hub-leads-order';

interface Receipt {
  readonly leadId: string;
  readonly receivedAt: Date;
}

const receiptKey = (orgId: string, provider: string, bodyHash: string): string => `${orgId}:${provider}:${bodyHash}`;

export class InMemoryLeadEventLog implements LeadEventLog {
  private readonly receipts = new Map<string, Receipt>();
  private readonly events = new Map<string, LeadEventRecord>();

  async recentDelivery(orgId: string, provider: LeadProvider, bodyHash: string, now: Date, windowMs: number): Promise<string | undefined> {
    const receipt = this.receipts.get(receiptKey(orgId, provider, bodyHash));
    return receipt !== undefined && receipt.receivedAt.getTime() > now.getTime() - windowMs ? receipt.leadId : undefined;
  }

  /** No await between the receipt check and the writes: one of two concurrent twins claims it, as on the unique `_id`. */
  async append(event: LeadEventRecord, windowMs: number): Promise<ReceiptClaim> {
    const key = receiptKey(event.orgId, event.provider, event.bodyHash);
    const receipt = this.receipts.get(key);
    if (receipt !== undefined && receipt.receivedAt.getTime() > event.receivedAt.getTime() - windowMs) return { kind: 'recent', leadId: receipt.leadId };
    this.receipts.set(key, { leadId: event.leadId, receivedAt: event.receivedAt });
    if (this.events.has(event.id)) throw new Error(`duplicate lead event id ${event.id}`);
    this.events.set(event.id, { ...event });
    return { kind: 'claimed' };
  }

  async listOf(leadId: string): Promise<readonly LeadEventRecord[]> {
    return [...this.events.values()]
      .filter((e) => e.leadId === leadId)
      .sort((a, b) => a.receivedAt.getTime() - b.receivedAt.getTime() || compareIds(a.id, b.id))
      .map((e) => ({ ...e }));
  }
}
