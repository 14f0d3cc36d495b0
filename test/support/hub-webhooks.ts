import * as E from 'fp-ts/Either';
import type { HubHarness } from './hub';
import { TYPES } from '../../src/composition-root';
import type { CreateOrganization } from '../../src/application/hub-identity/create-organization';
import type { CreateLeadTemplate, CreateLeadTemplateInput } from '../../src/application/hub-leads/create-lead-template';
import type { SetCrmCredentials } from '../../src/application/hub-leads/set-crm-credentials';
import type { SetWebhookSettings } from '../../src/application/hub-leads/set-webhook-settings';
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
  const result = await hub.container.get<CreateOrganization>(TYPES.CreateOrganization).execute({ name, ...(webhookSecret === undefined ? {} : { webhookSecret }) });
  if (E.isLeft(result)) throw new Error('slug taken');
  return result.right.id;
}

export async function setSettings(hub: HubHarness, orgId: string, patch: WebhookSettingsPatch): Promise<void> {
  const result = await hub.container.get<SetWebhookSettings>(TYPES.SetWebhookSettings).execute({ orgId, patch });
  if (E.isLeft(result)) throw new Error('no such org');
}

export async function setCrmCredentials(hub: HubHarness, orgId: string, endpoint: string, token: string): Promise<void> {
  const result = await hub.container.get<SetCrmCredentials>(TYPES.SetCrmCredentials).execute({ orgId, endpoint, token });
  if (E.isLeft(result)) throw new Error('no such org');
}

export async function addTemplate(hub: HubHarness, input: CreateLeadTemplateInput): Promise<string> {
  const result = await hub.container.get<CreateLeadTemplate>(TYPES.CreateLeadTemplate).execute(input);
  if (E.isLeft(result)) throw new Error('no such org');
  return result.right.id;
}
