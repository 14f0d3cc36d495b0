import { MongoVendorRepository } from '../../../../src/adapters/mongo/sales/mongo-vendor-repository';
import { vendorRepositoryContract } from '../../../support/contracts/vendor-repository-contract';
import { InMemoryVendorRepository } from '../../../support/fakes/in-memory-vendor-repository';
import { useTestDatabase } from '../../../support/mongo';
import { freshSalesDatabase } from '../../../support/sales-fixtures';

describe('VendorRepository contract', () => {
  describe('in memory (the fake)', () => {
    vendorRepositoryContract(async () => new InMemoryVendorRepository());
  });

  describe('MongoDB', () => {
    const mongo = useTestDatabase();
    vendorRepositoryContract(async () => new MongoVendorRepository(await freshSalesDatabase(mongo())));
  });
});
