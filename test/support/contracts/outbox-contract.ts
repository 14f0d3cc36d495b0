import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { Outbox, OutboxMessage } from '../../../src/application/hub-leads/ports';

const T0 = new Date('2026-11-21T10:00:00.000Z');
const at = (seconds: number): Date => new Date(T0.getTime() + seconds * 1000);

export function outboxMessage(overrides: Partial<OutboxMessage> = {}): OutboxMessage {
  return {
    id: randomUUID(),
    orgId: randomUUID(),
    leadId: randomUUID(),
    templateId: randomUUID(),
    to: '5511987654321',
    text: 'Olá Ana',
    createdAt: T0,
    ...overrides,
  };
}

/** The behaviour every Outbox must have; run against the fake and the MongoDB adapter. */
export function outboxContract(make: () => Promise<Outbox>): void {
  let outbox: Outbox;
  beforeEach(async () => {
    outbox = await make();
  });

  it("lists an organization's queued messages in the order they were queued, not another organization's", async () => {
    const orgId = randomUUID();
    const later = outboxMessage({ orgId, createdAt: at(2) });
    const earlier = outboxMessage({ orgId, createdAt: at(1) });
    await outbox.enqueue(later);
    await outbox.enqueue(earlier);
    await outbox.enqueue(outboxMessage());
    expect(await outbox.listOf(orgId)).to.deep.equal([earlier, later]);
    expect(await outbox.listOf(randomUUID())).to.deep.equal([]);
  });

  it('queues a message once: the same id again does not fail and does not replace the queued message', async () => {
    const first = outboxMessage();
    await outbox.enqueue(first);
    await outbox.enqueue({ ...first, text: 'again', createdAt: at(5) });
    expect(await outbox.listOf(first.orgId)).to.deep.equal([first]);
  });

  it('of concurrent enqueues of one id (redeliveries racing) one message stays', async () => {
    const first = outboxMessage();
    await Promise.all(Array.from({ length: 5 }, () => outbox.enqueue(first)));
    expect(await outbox.listOf(first.orgId)).to.deep.equal([first]);
  });
}
