import type { Outbox, OutboxMessage } from '../../../src/application/hub-leads/ports';
import { byCreation } from './hub-leads-order';

export class InMemoryOutbox implements Outbox {
  private readonly messages = new Map<string, OutboxMessage>();

  async enqueue(message: OutboxMessage): Promise<void> {
    if (!this.messages.has(message.id)) this.messages.set(message.id, { ...message });
  }

  async listOf(orgId: string): Promise<readonly OutboxMessage[]> {
    return [...this.messages.values()].filter((m) => m.orgId === orgId).sort(byCreation).map((m) => ({ ...m }));
  }
}
