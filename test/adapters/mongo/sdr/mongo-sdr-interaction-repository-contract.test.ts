import { MongoPersonRepository } from '../../../../src/adapters/mongo/sales/mongo-person-repository';
import { MongoSaleRepository } from '../../../../src/adapters/mongo/sales/mongo-sale-repository';
import { MongoSaleQualificationSync } from '../../../../src/adapters/mongo/sdr/mongo-sale-qualification-sync';
import { MongoSdrInteractionRepository } from '../../../../src/adapters/mongo/sdr/mongo-sdr-interaction-repository';
import { saleQualificationSyncContract } from '../../../support/contracts/sale-qualification-sync-contract';
import { sdrInteractionRepositoryContract } from '../../../support/contracts/sdr-interaction-repository-contract';
import { InMemoryPersonRepository } from '../../../support/fakes/in-memory-person-repository';
import { InMemorySaleQualificationSync } from '../../../support/fakes/in-memory-sale-qualification-sync';
import { InMemorySaleRepository } from '../../../support/fakes/in-memory-sale-repository';
import { InMemorySdrInteractionRepository } from '../../../support/fakes/in-memory-sdr-interaction-repository';
import { InMemoryVendorRepository } from '../../../support/fakes/in-memory-vendor-repository';
import { useTestDatabase } from '../../../support/mongo';
import { freshSalesDatabase } from '../../../support/sales-fixtures';

describe('SdrInteractionRepository and SaleQualificationSync contracts', () => {
  describe('in memory (the fakes)', () => {
    describe('SdrInteractionRepository', () => sdrInteractionRepositoryContract(async () => new InMemorySdrInteractionRepository()));
    describe('SaleQualificationSync', () =>
      saleQualificationSyncContract(async () => {
        const people = new InMemoryPersonRepository();
        const sales = new InMemorySaleRepository(people, new InMemoryVendorRepository());
        return { sync: new InMemorySaleQualificationSync(sales), sales, people };
      }));
  });

  describe('MongoDB', () => {
    const mongo = useTestDatabase();
    describe('SdrInteractionRepository', () =>
      sdrInteractionRepositoryContract(async () => new MongoSdrInteractionRepository(await freshSalesDatabase(mongo()))));
    describe('SaleQualificationSync', () =>
      saleQualificationSyncContract(async () => {
        const db = await freshSalesDatabase(mongo());
        return { sync: new MongoSaleQualificationSync(db), sales: new MongoSaleRepository(db), people: new MongoPersonRepository(db) };
      }));
  });
});
