import { MongoVendorRepository } from '../../../../src/adapters/mongo/sales/mongo-vendor-repository';
import type { MongoConnection } from '../../../../src/adapters/mongo/shared/mongo-connection';
import { vendorRepositoryContract } from '../../../support/contracts/vendor-repository-contract';
import { InMemoryVendorRepository } from '../../../support/fakes/in-memory-vendor-repository';
import { connectTestDatabase } from '../../../support/mongo';
import { freshSalesDatabase } from '../../../support/sales-fixtures';

describe('VendorRepository contract', () => {
  describe('in memory (the fake)', () => {
    vendorRepositoryContract(async () => new InMemoryVendorRepository());
  });

  describe('MongoDB', () => {
    let mongo: MongoConnection;
    before(async () => {
      mongo = await connectTestDatabase();
    });
    after(async () => {
      await mongo.close();
    });
    vendorRepositoryContract(async () => new MongoVendorRepository(await freshSalesDatabase(mongo)));
  });
});
