import type { Outbox, OutboxMessage } from '../../../src/application/hub-leads/ports';
import { byCreation } from './hub-leads-order';
import { NO_FAULTS, type WriteFaults } from './write-faults';

export class InMemoryOutbox implements Outbox {
  private readonly messages = new Map<string, OutboxMessage>();

  constructor(private readonly faults: WriteFaults = NO_FAULTS) {}

  async enqueue(message: OutboxMessage): Promise<void> {
    this.faults.write('hub_outbox.insert');
    if (!this.messages.has(message.id)) this.messages.set(message.id, { ...message });
  }

  async listOf(orgId: string): Promise<readonly OutboxMessage[]> {
    return [...this.messages.values()]
      .filter((m) => m.orgId === orgId)
      .sort(byCreation)
      .map((m) => ({ ...m }));
  }
}
