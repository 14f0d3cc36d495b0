import { MongoPersonRepository } from '../../../../src/adapters/mongo/sales/mongo-person-repository';
import { MongoSaleRepository } from '../../../../src/adapters/mongo/sales/mongo-sale-repository';
import { MongoVendorRepository } from '../../../../src/adapters/mongo/sales/mongo-vendor-repository';
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { toSaleDocument } from '../../../../src/adapters/mongo/sales/sale-mapper';
import { saleStatusEventsCollection, salesCollection } from '../../../../src/adapters/mongo/sales/sales-collection';
import { saleRepositoryContract } from '../../../support/contracts/sale-repository-contract';
import { crashingDb } from '../../../support/crashing-db';
import { CrashSwitch } from '../../../support/fakes/crash-switch';
import { InMemoryPersonRepository } from '../../../support/fakes/in-memory-person-repository';
import { InMemorySaleRepository } from '../../../support/fakes/in-memory-sale-repository';
import { InMemoryVendorRepository } from '../../../support/fakes/in-memory-vendor-repository';
import { useTestDatabase } from '../../../support/mongo';
import { freshSalesDatabase, person, sale } from '../../../support/sales-fixtures';

describe('SaleRepository contract', () => {
  describe('in memory (the fake)', () => {
    saleRepositoryContract(async () => {
      const people = new InMemoryPersonRepository();
      const vendors = new InMemoryVendorRepository();
      const crash = new CrashSwitch();
      const sales = new InMemorySaleRepository(people, vendors, crash);
      const statusEventRows = async (saleId: string) =>
        sales.statusEvents
          .filter((row) => row.saleId === saleId)
          .sort((a, b) => a.event.at.getTime() - b.event.at.getTime())
          .map(({ id, event }) => ({ id, event }));
      return { sales, people, vendors, crash, statusEventRows };
    });
  });

  describe('MongoDB', () => {
    const mongo = useTestDatabase();
    saleRepositoryContract(async () => {
      const db = await freshSalesDatabase(mongo());
      const crash = new CrashSwitch();
      const statusEventRows = async (saleId: string) =>
        (
          await saleStatusEventsCollection(db)
            .find({ saleId }, { sort: { saleId: 1, at: 1 } })
            .toArray()
        ).map(({ _id, saleId: _sale, ...event }) => ({ id: _id, event }));
      return {
        sales: new MongoSaleRepository(crashingDb(db, crash)),
        people: new MongoPersonRepository(db),
        vendors: new MongoVendorRepository(db),
        crash,
        statusEventRows,
      };
    });

    it(
      'a sale whose last event was recorded before rows had ids (no lastEventId field) takes its next event, ' +
        'logged once',
      async () => {
        const db = await freshSalesDatabase(mongo());
        const personId = (await new MongoPersonRepository(db).saveByCpf(person())).id;
        const old = { event: 'template_sent' as const, at: new Date('2026-11-01T10:00:00.000Z') };
        const s = sale(personId, { lastEvent: old });
        const { lastEventId: _absent, ...legacy } = toSaleDocument(s);
        await salesCollection(db).insertOne(legacy);
        await saleStatusEventsCollection(db).insertOne({ _id: randomUUID(), saleId: s.id, ...old });
        const next = {
          event: 'contact_failed' as const,
          noContactReason: 'sem resposta',
          at: new Date('2026-11-02T10:00:00.000Z'),
        };
        expect(await new MongoSaleRepository(db).recordEvent(s.id, next)).to.deep.include({ lastEvent: next });
        const rows = await saleStatusEventsCollection(db)
          .find({ saleId: s.id }, { sort: { saleId: 1, at: 1 } })
          .toArray();
        expect(rows.map(({ _id: _row, saleId: _sale, ...event }) => event)).to.deep.equal([old, next]);
        expect((await salesCollection(db).findOne({ _id: s.id }))?.lastEventId).to.equal(rows[1]?._id);
      },
    );
  });
});
