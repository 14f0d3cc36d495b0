import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { randomUUID } from 'node:crypto';
import { SetWebhookSettings } from '../../../src/application/hub-leads/set-webhook-settings';
import { InMemoryWebhookSettingsRepository } from '../../support/fakes/in-memory-webhook-settings-repository';
import { businessHours } from '../../support/hub-leads-world';

describe('SetWebhookSettings', () => {
  it('changes only the settings given and answers the settings now in force', async () => {
    const settings = new InMemoryWebhookSettingsRepository();
    const orgId = randomUUID();
    await settings.addOrganization(orgId, 'first');
    const set = new SetWebhookSettings(settings);
    const hours = businessHours('mon-fri 09:00-18:00');
    expect(await set.execute({ orgId, patch: { humanTeam: true, businessHours: hours } })).to.deep.equal(
      E.right({ humanTeam: true, businessHours: hours, timezone: 'America/Sao_Paulo', webhookSecret: 'first' }),
    );
    expect(await set.execute({ orgId, patch: { timezone: 'America/Manaus', webhookSecret: 'second' } })).to.deep.equal(
      E.right({ humanTeam: true, businessHours: hours, timezone: 'America/Manaus', webhookSecret: 'second' }),
    );
  });

  it('OrganizationNotFound for an organization that does not exist', async () => {
    expect(
      await new SetWebhookSettings(new InMemoryWebhookSettingsRepository()).execute({
        orgId: randomUUID(),
        patch: { humanTeam: true },
      }),
    ).to.deep.equal(E.left({ _tag: 'OrganizationNotFound' }));
  });
});
