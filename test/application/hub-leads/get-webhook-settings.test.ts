import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { randomUUID } from 'node:crypto';
import { GetWebhookSettings } from '../../../src/application/hub-leads/get-webhook-settings';
import { InMemoryWebhookSettingsRepository } from '../../support/fakes/in-memory-webhook-settings-repository';

describe('GetWebhookSettings', () => {
  it("answers the organization's settings, its webhook secret included", async () => {
    const settings = new InMemoryWebhookSettingsRepository();
    const orgId = randomUUID();
    await settings.addOrganization(orgId, 'org-secret');
    expect(await new GetWebhookSettings(settings).execute({ orgId })).to.deep.equal(
      E.right({ humanTeam: false, timezone: 'America/Sao_Paulo', webhookSecret: 'org-secret' }),
    );
  });

  it('OrganizationNotFound for an organization that does not exist (the webhook 404)', async () => {
    expect(
      await new GetWebhookSettings(new InMemoryWebhookSettingsRepository()).execute({ orgId: randomUUID() }),
    ).to.deep.equal(E.left({ _tag: 'OrganizationNotFound' }));
  });
});
