import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { randomUUID } from 'node:crypto';
import type { WebhookSettingsRepository } from '../../../src/application/hub-leads/ports';
import { parseBusinessHours, type BusinessHours } from '../../../src/domain/hub-leads/business-hours';

export interface WebhookSettingsSubject {
  readonly repo: WebhookSettingsRepository;
  /** Creates the organization the settings belong to (`hub create-org`), with a webhook secret when given. */
  addOrganization(orgId: string, webhookSecret?: string): Promise<void>;
}

function hours(text: string): BusinessHours {
  const parsed = parseBusinessHours(text);
  if (E.isLeft(parsed)) throw new Error(parsed.left);
  return parsed.right;
}

/** The behaviour every WebhookSettingsRepository must have; run against the fake and the MongoDB adapter. */
export function webhookSettingsRepositoryContract(make: () => Promise<WebhookSettingsSubject>): void {
  let subject: WebhookSettingsSubject;
  beforeEach(async () => {
    subject = await make();
  });

  it('an unknown organization has no settings and cannot be updated (the webhook 404)', async () => {
    const orgId = randomUUID();
    expect(await subject.repo.find(orgId)).to.equal(undefined);
    expect(await subject.repo.update(orgId, { humanTeam: true })).to.equal(false);
    expect(await subject.repo.update(orgId, {})).to.equal(false);
    expect(await subject.repo.find(orgId)).to.equal(undefined);
  });

  it(
    'a new organization has the defaults: no human team, São Paulo time, no hours; its secret when it was created ' +
      'with one',
    async () => {
      const plain = randomUUID();
      const signed = randomUUID();
      await subject.addOrganization(plain);
      await subject.addOrganization(signed, 'org-secret');
      expect(await subject.repo.find(plain)).to.deep.equal({ humanTeam: false, timezone: 'America/Sao_Paulo' });
      expect(await subject.repo.find(signed)).to.deep.equal({
        humanTeam: false,
        timezone: 'America/Sao_Paulo',
        webhookSecret: 'org-secret',
      });
    },
  );

  it('an update changes only the members it carries; business hours read back as parsed', async () => {
    const orgId = randomUUID();
    await subject.addOrganization(orgId, 'first-secret');
    const open = hours('mon-fri 09:00-18:00, sat 09:00-13:00');
    expect(await subject.repo.update(orgId, { humanTeam: true, businessHours: open })).to.equal(true);
    expect(await subject.repo.find(orgId)).to.deep.equal({
      humanTeam: true,
      businessHours: open,
      timezone: 'America/Sao_Paulo',
      webhookSecret: 'first-secret',
    });
    expect(await subject.repo.update(orgId, { timezone: 'America/Manaus', webhookSecret: 'second-secret' })).to.equal(
      true,
    );
    expect(await subject.repo.find(orgId)).to.deep.equal({
      humanTeam: true,
      businessHours: open,
      timezone: 'America/Manaus',
      webhookSecret: 'second-secret',
    });
    expect(await subject.repo.update(orgId, { humanTeam: false })).to.equal(true);
    expect(await subject.repo.update(orgId, {})).to.equal(true);
    expect(await subject.repo.find(orgId)).to.deep.equal({
      humanTeam: false,
      businessHours: open,
      timezone: 'America/Manaus',
      webhookSecret: 'second-secret',
    });
  });

  it('concurrent updates of different members both stay', async () => {
    const orgId = randomUUID();
    await subject.addOrganization(orgId);
    const open = hours('sun 00:00-24:00');
    await Promise.all([
      subject.repo.update(orgId, { humanTeam: true }),
      subject.repo.update(orgId, { businessHours: open }),
      subject.repo.update(orgId, { timezone: 'America/Recife' }),
    ]);
    expect(await subject.repo.find(orgId)).to.deep.equal({
      humanTeam: true,
      businessHours: open,
      timezone: 'America/Recife',
    });
  });
}
