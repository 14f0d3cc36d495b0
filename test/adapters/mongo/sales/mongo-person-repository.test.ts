import { MongoPersonRepository } from '../../../../src/adapters/mongo/sales/mongo-person-repository';
import { personRepositoryContract } from '../../../support/contracts/person-repository-contract';
import { sdrPersonDirectoryContract } from '../../../support/contracts/sdr-person-directory-contract';
import { InMemoryPersonRepository } from '../../../support/fakes/in-memory-person-repository';
import { useTestDatabase } from '../../../support/mongo';
import { freshSalesDatabase } from '../../../support/sales-fixtures';

describe('PersonRepository and SdrPersonDirectory contracts', () => {
  describe('in memory (the fake)', () => {
    describe('PersonRepository', () => personRepositoryContract(async () => new InMemoryPersonRepository()));
    describe('SdrPersonDirectory', () =>
      sdrPersonDirectoryContract(async () => {
        const people = new InMemoryPersonRepository();
        return { directory: people, people };
      }));
  });

  describe('MongoDB', () => {
    const mongo = useTestDatabase();
    describe('PersonRepository', () =>
      personRepositoryContract(async () => new MongoPersonRepository(await freshSalesDatabase(mongo()))));
    describe('SdrPersonDirectory', () =>
      sdrPersonDirectoryContract(async () => {
        const people = new MongoPersonRepository(await freshSalesDatabase(mongo()));
        return { directory: people, people };
      }));
  });
});
