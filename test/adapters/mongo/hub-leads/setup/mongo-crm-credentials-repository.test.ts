import { hubCrmCredentialsIndexes } from '../../../../../src/adapters/mongo/hub-leads/setup/crm-credentials-collection';
import { MongoCrmCredentialsRepository } from '../../../../../src/adapters/mongo/hub-leads/setup/mongo-crm-credentials-repository';
import { SystemClock } from '../../../../../src/adapters/system/system-clock';
import { crmCredentialsRepositoryContract } from '../../../../support/contracts/crm-credentials-repository-contract';
import { InMemoryCrmCredentialsRepository } from '../../../../support/fakes/in-memory-crm-credentials-repository';
import { useTestDatabase } from '../../../../support/mongo';

describe('CrmCredentialsRepository contract', () => {
  describe('in memory (the fake)', () => {
    crmCredentialsRepositoryContract(async () => new InMemoryCrmCredentialsRepository());
  });

  describe('MongoDB', () => {
    const mongo = useTestDatabase([hubCrmCredentialsIndexes]);
    crmCredentialsRepositoryContract(async () => new MongoCrmCredentialsRepository(mongo().db, new SystemClock()));
  });
});
