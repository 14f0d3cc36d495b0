import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { LeadEventLog, LeadEventRecord } from '../../../src/application/hub-leads/ports';
import { ProcessDied, WriteFaults } from '../fakes/write-faults';

const T0 = new Date('2026-11-21T10:00:00.000Z');
const at = (seconds: number): Date => new Date(T0.getTime() + seconds * 1000);
const WINDOW_MS = 60_000;

export function leadEvent(overrides: Partial<LeadEventRecord> = {}): LeadEventRecord {
  return {
    id: randomUUID(),
    orgId: randomUUID(),
    leadId: randomUUID(),
    provider: 'leadprovider',
    action: 'lead.form',
    rawBody: '{"id":"1"}',
    bodyHash: randomUUID(),
    receivedAt: T0,
    ...overrides,
  };
}

/**
 * The behaviour every LeadEventLog must have; run against the fake and the MongoDB adapter. `make`
 * wires `faults` into the log's writes (the fake's own, the adapter's through `faultyDb`), so the
 * crash promise (CONTRACT 10.2) is checked on both.
 */
export function leadEventLogContract(make: (faults: WriteFaults) => Promise<LeadEventLog>): void {
  let log: LeadEventLog;
  let faults: WriteFaults;
  beforeEach(async () => {
    faults = new WriteFaults();
    log = await make(faults);
  });

  /** `append` in a process killed before its first write to `collection`. */
  async function dies(event: LeadEventRecord, collection: 'hub_webhook_receipts' | 'hub_lead_events'): Promise<void> {
    faults.dieBefore(collection);
    const died = await log.append(event, WINDOW_MS).catch((error: unknown) => error);
    expect(died).to.be.instanceOf(ProcessDied);
    faults.revive();
  }

  it('appends an accepted delivery with its raw body, and remembers the body inside the window only', async () => {
    const event = leadEvent();
    expect(await log.append(event, WINDOW_MS)).to.deep.equal({ kind: 'claimed' });
    expect(await log.listOf(event.leadId)).to.deep.equal([event]);
    expect(await log.recentDelivery(event.orgId, event.provider, event.bodyHash, at(59), WINDOW_MS)).to.equal(
      event.leadId,
    );
    expect(await log.recentDelivery(event.orgId, event.provider, event.bodyHash, at(60), WINDOW_MS)).to.equal(
      undefined,
    );
    expect(await log.recentDelivery(event.orgId, 'crmprovider', event.bodyHash, at(1), WINDOW_MS)).to.equal(undefined);
    expect(await log.recentDelivery(randomUUID(), event.provider, event.bodyHash, at(1), WINDOW_MS)).to.equal(
      undefined,
    );
  });

  it('a twin of the same body inside the window is recent (with the first lead) and appends nothing', async () => {
    const first = leadEvent();
    await log.append(first, WINDOW_MS);
    const twin = leadEvent({ orgId: first.orgId, bodyHash: first.bodyHash, leadId: randomUUID(), receivedAt: at(30) });
    expect(await log.append(twin, WINDOW_MS)).to.deep.equal({ kind: 'recent', leadId: first.leadId });
    expect(await log.listOf(twin.leadId)).to.deep.equal([]);
    expect(await log.listOf(first.leadId)).to.deep.equal([first]);
  });

  it('the same body after the window is a new delivery: appended, and remembered from its own time', async () => {
    const first = leadEvent();
    await log.append(first, WINDOW_MS);
    const later = leadEvent({ orgId: first.orgId, leadId: first.leadId, bodyHash: first.bodyHash, receivedAt: at(90) });
    expect(await log.append(later, WINDOW_MS)).to.deep.equal({ kind: 'claimed' });
    expect(await log.listOf(first.leadId)).to.deep.equal([first, later]);
    expect(await log.recentDelivery(first.orgId, first.provider, first.bodyHash, at(140), WINDOW_MS)).to.equal(
      first.leadId,
    );
  });

  it('of concurrent twins of one body exactly one is claimed and logged', async () => {
    const orgId = randomUUID();
    const bodyHash = randomUUID();
    const leadId = randomUUID();
    const claims = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        log.append(leadEvent({ orgId, bodyHash, leadId, receivedAt: at(i) }), WINDOW_MS),
      ),
    );
    expect(claims.filter((c) => c.kind === 'claimed')).to.have.length(1);
    expect(claims.filter((c) => c.kind === 'recent').map((c) => (c.kind === 'recent' ? c.leadId : ''))).to.deep.equal(
      Array(5).fill(leadId),
    );
    expect(await log.listOf(leadId)).to.have.length(1);
  });

  it("lists one lead's events oldest first", async () => {
    const leadId = randomUUID();
    const second = leadEvent({ leadId, action: 'card.move', receivedAt: at(2) });
    const first = leadEvent({ leadId, action: 'card.create', receivedAt: at(1) });
    await log.append(second, WINDOW_MS);
    await log.append(first, WINDOW_MS);
    await log.append(leadEvent(), WINDOW_MS);
    expect(await log.listOf(leadId)).to.deep.equal([first, second]);
    expect(await log.listOf(randomUUID())).to.deep.equal([]);
  });

  it('a delivery that dies before its receipt leaves nothing: its resend is a first delivery', async () => {
    const event = leadEvent();
    await dies(event, 'hub_webhook_receipts');
    expect(await log.recentDelivery(event.orgId, event.provider, event.bodyHash, at(1), WINDOW_MS)).to.equal(undefined);
    expect(await log.listOf(event.leadId)).to.deep.equal([]);
    const resend = { ...event, id: randomUUID(), receivedAt: at(5) };
    expect(await log.append(resend, WINDOW_MS)).to.deep.equal({ kind: 'claimed' });
    expect(await log.listOf(event.leadId)).to.deep.equal([resend]);
  });

  it(
    '(c) a delivery that dies between its receipt and its event is no redelivery; the resend stores the event ' +
      'once, under the id the receipt names',
    async () => {
      const event = leadEvent();
      await dies(event, 'hub_lead_events');
      expect(await log.listOf(event.leadId)).to.deep.equal([]);
      expect(await log.recentDelivery(event.orgId, event.provider, event.bodyHash, at(1), WINDOW_MS)).to.equal(
        undefined,
      );
      const resend = { ...event, id: randomUUID(), receivedAt: at(5) };
      expect(await log.append(resend, WINDOW_MS)).to.deep.equal({ kind: 'claimed' });
      expect(await log.listOf(event.leadId)).to.deep.equal([{ ...resend, id: event.id }]);
      // Complete now: the next resend is a redelivery, and a twin racing past that check appends nothing.
      expect(await log.recentDelivery(event.orgId, event.provider, event.bodyHash, at(6), WINDOW_MS)).to.equal(
        event.leadId,
      );
      expect(await log.append({ ...event, id: randomUUID(), receivedAt: at(7) }, WINDOW_MS)).to.deep.equal({
        kind: 'recent',
        leadId: event.leadId,
      });
      expect(await log.listOf(event.leadId)).to.have.length(1);
    },
  );

  it(
    '(c) the takeover of an old receipt that dies before its event is completed by the resend the same ' + 'way',
    async () => {
      const first = leadEvent();
      await log.append(first, WINDOW_MS);
      const later = leadEvent({
        orgId: first.orgId,
        leadId: first.leadId,
        bodyHash: first.bodyHash,
        receivedAt: at(90),
      });
      await dies(later, 'hub_lead_events');
      expect(await log.recentDelivery(first.orgId, first.provider, first.bodyHash, at(91), WINDOW_MS)).to.equal(
        undefined,
      );
      const resend = { ...later, id: randomUUID(), receivedAt: at(95) };
      expect(await log.append(resend, WINDOW_MS)).to.deep.equal({ kind: 'claimed' });
      expect(await log.listOf(first.leadId)).to.deep.equal([first, { ...resend, id: later.id }]);
      expect(await log.recentDelivery(first.orgId, first.provider, first.bodyHash, at(96), WINDOW_MS)).to.equal(
        first.leadId,
      );
    },
  );

  it('of concurrent resends completing one receipt, exactly one stores the event', async () => {
    const event = leadEvent();
    await dies(event, 'hub_lead_events');
    const claims = await Promise.all(
      Array.from({ length: 4 }, (_, i) => log.append({ ...event, id: randomUUID(), receivedAt: at(i + 1) }, WINDOW_MS)),
    );
    expect(claims.filter((c) => c.kind === 'claimed')).to.have.length(1);
    expect(claims.filter((c) => c.kind === 'recent')).to.deep.equal(
      Array(3).fill({ kind: 'recent', leadId: event.leadId }),
    );
    const stored = await log.listOf(event.leadId);
    expect(stored.map((e) => e.id)).to.deep.equal([event.id]);
  });
}
