import { MongoPersonRepository } from '../../../../src/adapters/mongo/sales/mongo-person-repository';
import { MongoSaleRepository } from '../../../../src/adapters/mongo/sales/mongo-sale-repository';
import { MongoVendorRepository } from '../../../../src/adapters/mongo/sales/mongo-vendor-repository';
import { saleRepositoryContract } from '../../../support/contracts/sale-repository-contract';
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
      return { sales: new InMemorySaleRepository(people, vendors), people, vendors };
    });
  });

  describe('MongoDB', () => {
    const mongo = useTestDatabase();
    saleRepositoryContract(async () => {
      const db = await freshSalesDatabase(mongo());
      return { sales: new MongoSaleRepository(db), people: new MongoPersonRepository(db), vendors: new MongoVendorRepository(db) };
    });
  });
});
