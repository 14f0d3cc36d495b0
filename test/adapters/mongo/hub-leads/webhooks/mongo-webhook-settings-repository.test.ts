import { hubOrganizationIndexes } from '../../../../../src/adapters/mongo/hub-identity/organization-collection';
import { MongoOrganizationRepository } from '../../../../../src/adapters/mongo/hub-identity/mongo-organization-repository';
import { MongoWebhookSettingsRepository } from '../../../../../src/adapters/mongo/hub-leads/webhooks/mongo-webhook-settings-repository';
import { webhookSettingsRepositoryContract } from '../../../../support/contracts/webhook-settings-repository-contract';
import { InMemoryWebhookSettingsRepository } from '../../../../support/fakes/in-memory-webhook-settings-repository';
import { useTestDatabase } from '../../../../support/mongo';

describe('WebhookSettingsRepository contract', () => {
  describe('in memory (the fake)', () => {
    webhookSettingsRepositoryContract(async () => {
      const repo = new InMemoryWebhookSettingsRepository();
      return { repo, addOrganization: (orgId, webhookSecret) => repo.addOrganization(orgId, webhookSecret) };
    });
  });

  describe('MongoDB (the settings on the hub organization documents)', () => {
    const mongo = useTestDatabase([hubOrganizationIndexes]);
    webhookSettingsRepositoryContract(async () => {
      const organizations = new MongoOrganizationRepository(mongo().db);
      return {
        repo: new MongoWebhookSettingsRepository(mongo().db),
        async addOrganization(orgId, webhookSecret) {
          const created = await organizations.create({
            id: orgId,
            name: `Org ${orgId}`,
            slug: `org-${orgId}`,
            createdAt: new Date(),
            ...(webhookSecret === undefined ? {} : { webhookSecret }),
          });
          if (!created) throw new Error(`organization ${orgId} not created`);
        },
      };
    });
  });
});
