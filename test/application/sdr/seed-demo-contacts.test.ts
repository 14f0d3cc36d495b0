import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { DEMO_WINDOW_MS } from '../../../src/application/sdr/demo/demo-contacts';
import type { DemoDataSink } from '../../../src/application/sdr/ports';
import { SeedDemoContacts } from '../../../src/application/sdr/demo/seed-demo-contacts';
import type { Person, Sale } from '../../../src/domain/sales/sale';
import type { GatewayMessageRecord } from '../../../src/domain/sdr/gateway-message';
import type { SdrInteraction } from '../../../src/domain/sdr/interaction';
import { ManualClock } from '../../support/fakes/fixed-clock';
import { InMemoryGatewayMessageStore } from '../../support/fakes/in-memory-gateway-message-store';

/** Keeps everything seed-demo hands over, as it was handed over. */
class RecordingSink implements DemoDataSink {
  readonly people: Person[] = [];
  readonly sales: Sale[] = [];
  readonly interactions: SdrInteraction[] = [];
  async insertPeople(people: readonly Person[]): Promise<void> {
    this.people.push(...people);
  }
  async insertSales(sales: readonly Sale[]): Promise<void> {
    this.sales.push(...sales);
  }
  async insertInteractions(interactions: readonly SdrInteraction[]): Promise<void> {
    this.interactions.push(...interactions);
  }
}

async function seed(now: Date, seedNumber: number) {
  const sink = new RecordingSink();
  const gateway = new InMemoryGatewayMessageStore();
  const result = await new SeedDemoContacts(sink, gateway, new ManualClock(now)).execute({
    contacts: 300,
    messagesPerContact: 3,
    seed: seedNumber,
  });
  if (E.isLeft(result)) throw new Error('unreachable');
  // The records as seeded; the `_id` the store gave each (a fresh ObjectId, as the driver does) is not seeded data.
  const messages = gateway.documents.map((doc) => {
    const { _id, ...record } = doc as GatewayMessageRecord & { _id?: unknown };
    return record;
  });
  return { counts: result.right, people: sink.people, sales: sink.sales, interactions: sink.interactions, messages };
}

describe('SeedDemoContacts at a fixed clock', () => {
  const now = new Date('2026-11-26T05:08:00.000Z');

  it('writes every timestamp in the past, spread over the last 60 days', async () => {
    const { people, sales, interactions, messages } = await seed(now, 1);
    const times = [
      ...people.flatMap((p) => [p.createdAt, p.updatedAt]),
      ...sales.flatMap((s) => [s.createdAt, s.updatedAt]),
      ...interactions.flatMap((i) => [i.createdAt, i.updatedAt, ...(i.convertedAt === null ? [] : [i.convertedAt])]),
      ...messages.map((m) => new Date(m.messageTimestamp * 1000)),
    ].map((d) => d.getTime());
    expect(sales.length).to.be.greaterThan(50);
    expect(interactions.length).to.be.greaterThan(150);
    expect(messages.length).to.be.greaterThan(500);
    const oldest = now.getTime() - DEMO_WINDOW_MS;
    expect(times.filter((t) => t > now.getTime()).length, 'timestamps after the clock').to.equal(0);
    expect(times.filter((t) => t < oldest).length, 'timestamps older than 60 days').to.equal(0);
    // Spread: each of the last six 10-day spans holds some of the contacts' starts.
    const starts = people.map((p) => p.createdAt.getTime());
    for (let span = 0; span < 6; span += 1) {
      const from = now.getTime() - (span + 1) * 10 * 86_400_000;
      const to = now.getTime() - span * 10 * 86_400_000;
      expect(
        starts.filter((t) => t >= from && t < to).length,
        `starts ${span * 10}-${(span + 1) * 10} days ago`,
      ).to.be.greaterThan(5);
    }
    // The newest writes are recent: the KPI period that ends now sees them.
    expect(Math.max(...times)).to.be.greaterThan(now.getTime() - 2 * 86_400_000);
  });

  it('makes the same data for the same seed, other data for another', async () => {
    const first = await seed(now, 7);
    const again = await seed(now, 7);
    expect(again).to.deep.equal(first);
    const other = await seed(now, 8);
    expect(other.people.map((p) => p.id)).to.not.deep.equal(first.people.map((p) => p.id));
  });
});
