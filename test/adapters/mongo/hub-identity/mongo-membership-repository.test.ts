import type { MongoConnection } from '../../../../src/adapters/mongo/shared/mongo-connection';
import { ensureIndexes } from '../../../../src/adapters/mongo/shared/collection-indexes';
import { MongoMembershipRepository } from '../../../../src/adapters/mongo/hub-identity/mongo-membership-repository';
import { hubMembershipIndexes } from '../../../../src/adapters/mongo/hub-identity/membership-collection';
import { membershipRepositoryContract } from '../../../support/contracts/membership-repository-contract';
import { InMemoryMembershipRepository } from '../../../support/fakes/in-memory-membership-repository';
import { connectTestDatabase } from '../../../support/mongo';

describe('MembershipRepository contract', () => {
  describe('in memory (the fake)', () => {
    membershipRepositoryContract(async () => new InMemoryMembershipRepository());
  });

  describe('MongoDB', () => {
    let mongo: MongoConnection;
    before(async () => {
      mongo = await connectTestDatabase();
      await ensureIndexes(mongo.db, [hubMembershipIndexes]);
    });
    after(async () => {
      await mongo.close();
    });
    membershipRepositoryContract(async () => new MongoMembershipRepository(mongo.db));
  });
});
