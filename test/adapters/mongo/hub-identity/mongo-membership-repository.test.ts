import { MongoMembershipRepository } from '../../../../src/adapters/mongo/hub-identity/mongo-membership-repository';
import { hubMembershipIndexes } from '../../../../src/adapters/mongo/hub-identity/membership-collection';
import { membershipRepositoryContract } from '../../../support/contracts/membership-repository-contract';
import { InMemoryMembershipRepository } from '../../../support/fakes/in-memory-membership-repository';
import { faultyDb } from '../../../support/fakes/write-faults';
import { useTestDatabase } from '../../../support/mongo';

describe('MembershipRepository contract', () => {
  describe('in memory (the fake)', () => {
    membershipRepositoryContract(async (faults) => new InMemoryMembershipRepository(faults));
  });

  describe('MongoDB', () => {
    const mongo = useTestDatabase([hubMembershipIndexes]);
    membershipRepositoryContract(async (faults) => new MongoMembershipRepository(faultyDb(mongo().db, faults)));
  });
});
