import { MongoSavedFilterRepository } from '../../../../src/adapters/mongo/saved-filters/mongo-saved-filter-repository';
import { savedFiltersAreaIndexes } from '../../../../src/adapters/mongo/saved-filters/indexes';
import { savedFiltersCollection } from '../../../../src/adapters/mongo/saved-filters/saved-filter-collection';
import { savedFilterRepositoryContract } from '../../../support/contracts/saved-filter-repository-contract';
import { InMemorySavedFilterRepository } from '../../../support/fakes/in-memory-saved-filter-repository';
import { useTestDatabase } from '../../../support/mongo';

describe('SavedFilterRepository contract', () => {
  describe('in memory (the fake)', () => {
    savedFilterRepositoryContract(async () => new InMemorySavedFilterRepository());
  });

  describe('MongoDB', () => {
    const mongo = useTestDatabase(savedFiltersAreaIndexes);
    beforeEach(async () => {
      await savedFiltersCollection(mongo().db).deleteMany({ userId: { $in: ['user-a', 'user-b'] } });
    });
    savedFilterRepositoryContract(async () => new MongoSavedFilterRepository(mongo().db));
  });
});
