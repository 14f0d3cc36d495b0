import { MongoPersonRepository } from '../../../../src/adapters/mongo/sales/mongo-person-repository';
import { MongoSaleRepository } from '../../../../src/adapters/mongo/sales/mongo-sale-repository';
import { MongoVendorRepository } from '../../../../src/adapters/mongo/sales/mongo-vendor-repository';
import { saleStatusEventsCollection } from '../../../../src/adapters/mongo/sales/sales-collection';
import { saleRepositoryContract } from '../../../support/contracts/sale-repository-contract';
import { crashingDb } from '../../../support/crashing-db';
import { CrashSwitch } from '../../../support/fakes/crash-switch';
import { InMemoryPersonRepository } from '../../../support/fakes/in-memory-person-repository';
import { InMemorySaleRepository } from '../../../support/fakes/in-memory-sale-repository';
import { InMemoryVendorRepository } from '../../../support/fakes/in-memory-vendor-repository';
import { useTestDatabase } from '../../../support/mongo';
import { freshSalesDatabase } from '../../../support/sales-fixtures';

describe('SaleRepository contract', () => {
  describe('in memory (the fake)', () => {
    saleRepositoryContract(async () => {
      const people = new InMemoryPersonRepository();
      const vendors = new InMemoryVendorRepository();
      const crash = new CrashSwitch();
      const sales = new InMemorySaleRepository(people, vendors, crash);
      const statusEventRows = async (saleId: string) =>
        sales.statusEvents.filter((row) => row.saleId === saleId).sort((a, b) => a.event.at.getTime() - b.event.at.getTime()).map(({ id, event }) => ({ id, event }));
      return { sales, people, vendors, crash, statusEventRows };
    });
  });

  describe('MongoDB', () => {
    const mongo = useTestDatabase();
    saleRepositoryContract(async () => {
      const db = await freshSalesDatabase(mongo());
      const crash = new CrashSwitch();
      const statusEventRows = async (saleId: string) =>
        (await saleStatusEventsCollection(db).find({ saleId }, { sort: { saleId: 1, at: 1 } }).toArray()).map(({ _id, saleId: _sale, ...event }) => ({ id: _id, event }));
      return { sales: new MongoSaleRepository(crashingDb(db, crash)), people: new MongoPersonRepository(db), vendors: new MongoVendorRepository(db), crash, statusEventRows };
    });
  });
});
