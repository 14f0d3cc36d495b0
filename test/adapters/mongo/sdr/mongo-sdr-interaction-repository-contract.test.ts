import { MongoPersonRepository } from '../../../../src/adapters/mongo/sales/mongo-person-repository';
import { MongoSaleRepository } from '../../../../src/adapters/mongo/sales/mongo-sale-repository';
import { salesCollection } from '../../../../src/adapters/mongo/sales/sales-collection';
import type { SaleQualification } from '../../../../src/application/sdr/ports';
import { MongoSaleQualificationSync } from '../../../../src/adapters/mongo/sdr/mongo-sale-qualification-sync';
import { MongoSdrInteractionRepository } from '../../../../src/adapters/mongo/sdr/mongo-sdr-interaction-repository';
import { saleQualificationSyncContract } from '../../../support/contracts/sale-qualification-sync-contract';
import { sdrInteractionRepositoryContract } from '../../../support/contracts/sdr-interaction-repository-contract';
import { InMemoryPersonRepository } from '../../../support/fakes/in-memory-person-repository';
import { InMemorySaleQualificationSync } from '../../../support/fakes/in-memory-sale-qualification-sync';
import { InMemorySaleRepository } from '../../../support/fakes/in-memory-sale-repository';
import { InMemorySdrInteractionRepository } from '../../../support/fakes/in-memory-sdr-interaction-repository';
import { InMemoryVendorRepository } from '../../../support/fakes/in-memory-vendor-repository';
import { faultyDb } from '../../../support/fakes/write-faults';
import { useTestDatabase } from '../../../support/mongo';
import { freshSalesDatabase } from '../../../support/sales-fixtures';

describe('SdrInteractionRepository and SaleQualificationSync contracts', () => {
  describe('in memory (the fakes)', () => {
    describe('SdrInteractionRepository', () =>
      sdrInteractionRepositoryContract(async (faults) => new InMemorySdrInteractionRepository(faults)));
    describe('SaleQualificationSync', () =>
      saleQualificationSyncContract(async (faults) => {
        const people = new InMemoryPersonRepository();
        const sales = new InMemorySaleRepository(people, new InMemoryVendorRepository());
        return {
          sync: new InMemorySaleQualificationSync(sales, faults),
          sales,
          people,
          mirrorOf: async (id) => sales.qualifications.get(id),
        };
      }));
  });

  describe('MongoDB', () => {
    const mongo = useTestDatabase();
    describe('SdrInteractionRepository', () =>
      sdrInteractionRepositoryContract(
        async (faults) => new MongoSdrInteractionRepository(faultyDb(await freshSalesDatabase(mongo()), faults)),
      ));
    describe('SaleQualificationSync', () =>
      saleQualificationSyncContract(async (faults) => {
        const db = await freshSalesDatabase(mongo());
        const mirrorOf = async (id: string) =>
          (await salesCollection(db).findOne({ _id: id }))?.sdr as Partial<SaleQualification> | undefined;
        return {
          sync: new MongoSaleQualificationSync(faultyDb(db, faults)),
          sales: new MongoSaleRepository(db),
          people: new MongoPersonRepository(db),
          mirrorOf,
        };
      }));
  });
});
