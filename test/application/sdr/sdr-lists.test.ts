import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import {
  ImportGatewayMessages,
  IMPORT_BATCH,
  type ImportLine,
} from '../../../src/application/sdr/import-gateway-messages';
import { ListSdrContacts } from '../../../src/application/sdr/list-sdr-contacts';
import { ListSdrSessions } from '../../../src/application/sdr/list-sdr-sessions';
import { REFRESH_BATCH } from '../../../src/application/sdr/read-models/sdr-read-models';
import { SeedDemoContacts } from '../../../src/application/sdr/demo/seed-demo-contacts';
import { gatewayRecord } from '../../support/contracts/gateway-message-store-contract';
import { InMemoryContactDirectory } from '../../support/fakes/in-memory-contact-directory';
import { InMemoryDemoDataSink } from '../../support/fakes/in-memory-demo-data-sink';
import { InMemoryGatewayMessageStore } from '../../support/fakes/in-memory-gateway-message-store';
import { InMemorySdrInteractionRepository } from '../../support/fakes/in-memory-sdr-interaction-repository';
import { ManualClock } from '../../support/fakes/fixed-clock';
import { person, sdrInteraction } from '../../support/sales-fixtures';
import { fakeReadSide } from '../../support/sdr-read-side';

const NOW = new Date('2026-03-01T12:00:00.000Z');
const T = NOW.getTime() / 1000;
const jidOf = (i: number) => `55119${String(10_000_000 + i)}@s.whatsapp.net`;
const phoneOf = (i: number) => `55119${String(10_000_000 + i)}`;

async function* lines(items: ImportLine[]): AsyncIterable<ImportLine> {
  yield* items;
}

describe('SDR lists use cases (against fakes)', () => {
  let gateway: InMemoryGatewayMessageStore;
  let directory: InMemoryContactDirectory;
  let interactions: InMemorySdrInteractionRepository;
  beforeEach(() => {
    gateway = new InMemoryGatewayMessageStore();
    directory = new InMemoryContactDirectory();
    interactions = new InMemorySdrInteractionRepository();
  });

  describe('ListSdrSessions', () => {
    it('pages the chats newest first (ties by id) whatever order the store streams them in', async () => {
      for (let i = 0; i < 25; i += 1)
        gateway.write(gatewayRecord(i, { jid: jidOf(i % 12), at: T - 1000 + (i % 12 === 3 ? 500 : i) }));
      const side = fakeReadSide({ interactions, gateway, directory });
      const list = new ListSdrSessions(side.chats, side.follower, gateway, directory);
      const all = await list.execute({ page: 1, limit: 100 });
      if (E.isLeft(all)) throw new Error('refused');
      expect(all.right.total).to.equal(12);
      const order = all.right.items.map((s) => s.id);
      const pages: string[] = [];
      for (let page = 1; page <= 3; page += 1) {
        const result = await list.execute({ page, limit: 5 });
        if (E.isLeft(result)) throw new Error('refused');
        pages.push(...result.right.items.map((s) => s.id));
      }
      expect(pages).to.deep.equal(order);
      expect(order[0]).to.equal(`main:${jidOf(3)}`);
    });

    it('refuses dateFrom after dateTo', async () => {
      const side = fakeReadSide({ interactions, gateway, directory });
      const result = await new ListSdrSessions(side.chats, side.follower, gateway, directory).execute({
        page: 1,
        limit: 5,
        dateFrom: new Date(2),
        dateTo: new Date(1),
      });
      expect(result).to.deep.equal(E.left({ _tag: 'InvalidDateRange' }));
    });
  });

  describe('ListSdrContacts', () => {
    it('enriches contacts across several person batches and counts the whole filtered set', async () => {
      const n = REFRESH_BATCH + 7;
      for (let i = 0; i < n; i += 1) {
        const p = person({ fullName: `Pessoa ${i}`, cpf: null, mobile: phoneOf(i), residentialPhone: null });
        directory.addPerson(p);
        if (i % 2 === 0) directory.addSale(p.id, new Date(NOW.getTime() - 1000));
        gateway.write(gatewayRecord(i, { jid: jidOf(i), at: T - 10 * 86_400 }));
      }
      const side = fakeReadSide({ interactions, gateway, directory });
      const list = new ListSdrContacts(side.contacts, side.follower, new ManualClock(NOW));
      const result = await list.execute({
        filter: { qualified: true },
        sortBy: 'name',
        sortOrder: 'asc',
        page: 2,
        limit: 10,
      });
      if (E.isLeft(result)) throw new Error('refused');
      const qualified = Math.ceil(n / 2);
      expect(result.right.total).to.equal(qualified);
      expect(result.right.items).to.have.length(10);
      expect(result.right.items.every((c) => c.registered && c.qualified && c.salesCount === 1)).to.equal(true);
      expect(result.right.metrics).to.deep.include({
        totalContacts: qualified,
        activeContacts: qualified,
        conversionRate: 1,
        totalMessages: qualified,
        sdrDisparos: 0,
      });
    });

    it('joins an interaction-only contact to its person and refuses dateFrom after dateTo', async () => {
      const p = person({ fullName: 'Carla', cpf: null });
      directory.addPerson(p);
      await interactions.insert(
        sdrInteraction({
          personId: p.id,
          phone: '5531988887777',
          phoneKey: '3188887777',
          createdAt: NOW,
          updatedAt: NOW,
        }),
      );
      const side = fakeReadSide({ interactions, gateway, directory });
      const list = new ListSdrContacts(side.contacts, side.follower, new ManualClock(NOW));
      const result = await list.execute({
        filter: {},
        sortBy: 'lastInteraction',
        sortOrder: 'desc',
        page: 1,
        limit: 20,
      });
      if (E.isLeft(result)) throw new Error('refused');
      expect(result.right.items.map((c) => [c.sessionId, c.name, c.personId, c.registered])).to.deep.equal([
        ['5531988887777', 'Carla', p.id, true],
      ]);
      const bad = await list.execute({
        filter: { dateFrom: new Date(2), dateTo: new Date(1) },
        sortBy: 'name',
        sortOrder: 'asc',
        page: 1,
        limit: 1,
      });
      expect(bad).to.deep.equal(E.left({ _tag: 'InvalidDateRange' }));
    });
  });

  describe('ImportGatewayMessages', () => {
    it(
      'stores records in batches, counts duplicates and rejected lines, reports each rejection with its ' + 'line',
      async () => {
        const items: ImportLine[] = [];
        for (let i = 0; i < IMPORT_BATCH + 3; i += 1) items.push({ line: i + 1, value: gatewayRecord(i) });
        items.push(
          { line: 900, unreadable: 'not JSON' },
          { line: 901, value: gatewayRecord(0) },
          { line: 902, value: { event: 'messages.upsert', instance: 'x', data: [] } },
        );
        const rejected: [number, string][] = [];
        const progress: number[] = [];
        const result = await new ImportGatewayMessages(gateway).execute({
          records: lines(items),
          onRejected: (line, reason) => rejected.push([line, reason]),
          onProgress: (c) => progress.push(c.inserted),
        });
        expect(result).to.deep.equal(E.right({ inserted: IMPORT_BATCH + 3, duplicates: 1, rejected: 2 }));
        expect(rejected).to.deep.equal([
          [900, 'not JSON'],
          [902, 'event without data'],
        ]);
        expect(progress).to.deep.equal([IMPORT_BATCH, IMPORT_BATCH + 3]);
        const again = await new ImportGatewayMessages(gateway).execute({ records: lines(items) });
        expect(again).to.deep.equal(E.right({ inserted: 0, duplicates: IMPORT_BATCH + 4, rejected: 2 }));
      },
    );
  });
});

describe('SeedDemoContacts (against fakes)', () => {
  it('writes every contact it reports, and the lists see them', async () => {
    const directory = new InMemoryContactDirectory();
    const interactions = new InMemorySdrInteractionRepository();
    const gateway = new InMemoryGatewayMessageStore();
    const clock = new ManualClock(NOW);
    const seeded = await new SeedDemoContacts(
      new InMemoryDemoDataSink(directory, interactions),
      gateway,
      clock,
    ).execute({ contacts: 450, messagesPerContact: 4 });
    if (E.isLeft(seeded)) throw new Error('refused');
    const counts = seeded.right;
    expect(counts.contacts).to.equal(450);
    expect(directory.persons.size).to.equal(counts.people);
    expect(directory.sales).to.have.length(counts.sales);
    expect(gateway.documents).to.have.length(counts.messages);
    const side = fakeReadSide({ interactions, gateway, directory });
    const list = await new ListSdrContacts(side.contacts, side.follower, clock).execute({
      filter: {},
      sortBy: 'name',
      sortOrder: 'asc',
      page: 1,
      limit: 5,
    });
    if (E.isLeft(list)) throw new Error('refused');
    // Every seeded contact is one contact of the list (no two share a phone).
    expect(list.right.total).to.equal(450);
    expect(list.right.metrics.sdrDisparos).to.equal(counts.interactions);
    expect(list.right.metrics.totalMessages).to.equal(counts.messages);
  });
});
