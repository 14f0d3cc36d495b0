import * as E from 'fp-ts/Either';
import type { HubHarness } from './hub';
import type { CreateLeadTemplateInput } from '../../src/application/hub-leads/create-lead-template';
import type { WebhookSettingsPatch } from '../../src/application/hub-leads/ports';

/**
 * GitHub's X-Hub-Signature-256 scheme by an independent implementation: `sha256=<hex>`. The package
 * is ESM-only and exports no `require` condition, so it is loaded with a dynamic import.
 */
export async function signBody(secret: string, body: string): Promise<string> {
  const { sign } = await import('@octokit/webhooks-methods');
  return sign(secret, body);
}

export async function createOrgWithSecret(hub: HubHarness, name: string, webhookSecret?: string): Promise<string> {
  const result = await hub.composition.hubIdentity.useCases.createOrganization.execute({
    name,
    ...(webhookSecret === undefined ? {} : { webhookSecret }),
  });
  if (E.isLeft(result)) throw new Error('slug taken');
  return result.right.id;
}

export async function setSettings(hub: HubHarness, orgId: string, patch: WebhookSettingsPatch): Promise<void> {
  const result = await hub.composition.hubLeads.useCases.setWebhookSettings.execute({ orgId, patch });
  if (E.isLeft(result)) throw new Error('no such org');
}

export async function setCrmCredentials(
  hub: HubHarness,
  orgId: string,
  endpoint: string,
  token: string,
): Promise<void> {
  const result = await hub.composition.hubLeads.useCases.setCrmCredentials.execute({ orgId, endpoint, token });
  if (E.isLeft(result)) throw new Error('no such org');
}

export async function addTemplate(hub: HubHarness, input: CreateLeadTemplateInput): Promise<string> {
  const result = await hub.composition.hubLeads.useCases.createLeadTemplate.execute(input);
  if (E.isLeft(result)) throw new Error('no such org');
  return result.right.id;
}
