import type { Command } from 'commander';
import * as E from 'fp-ts/Either';
import { readFile } from 'node:fs/promises';
import type { WebhookSettingsPatch } from '../../application/hub-leads/ports';
import { isValidTimezone, parseBusinessHours } from '../../domain/hub-leads/business-hours';
import { detailsOf } from '../../adapters/http/hub/hub-codecs';
import { conditionPairs, LeadTemplateBody } from '../../adapters/http/hub/hub-leads/lead-template-codec';
import { CliFailure, EXIT, withRuntime, type CliContext } from '../cli-context';
import { ensureIndexes } from '../data/ensure-indexes-command';

/** `hub set-webhook-settings`, `hub set-crm-credentials`, `hub add-template` (CONTRACT section 2). */
export function registerHubWebhookCommands(hub: Command, program: Command, ctx: CliContext): void {
  const json = (): boolean => program.opts<{ json?: boolean }>().json === true;

  hub
    .command('set-webhook-settings')
    .description('webhook settings of an organization: signing secret, human team, business hours, timezone')
    .requiredOption('--org <orgId>', 'organization id')
    .option('--webhook-secret <secret>', 'HMAC secret inbound webhooks are signed with')
    .option('--human-team <bool>', 'the organization has a human service team (true|false)')
    .option('--business-hours <hours>', 'e.g. "mon-fri 09:00-18:00, sat 09:00-13:00"')
    .option('--timezone <tz>', 'IANA timezone of the business hours, e.g. America/Sao_Paulo')
    .action((options: SetWebhookSettingsOptions) => setWebhookSettings(ctx, json(), options));

  hub
    .command('set-crm-credentials')
    .description('CRM provider credentials used to fetch card data (GraphQL endpoint and bearer token)')
    .requiredOption('--org <orgId>', 'organization id')
    .requiredOption('--endpoint <url>', 'the provider GraphQL endpoint (http or https)')
    .requiredOption('--token <token>', 'bearer token')
    .action((options: SetCrmCredentialsOptions) => setCrmCredentials(ctx, json(), options));

  hub
    .command('add-template')
    .description('add a lead-form template from a JSON file {name, active, pipelineExternalId, conditions, message}')
    .requiredOption('--org <orgId>', 'organization id')
    .requiredOption('--file <path>', 'template JSON file')
    .action((options: AddTemplateOptions) => addTemplate(ctx, json(), options));
}

function settingsPatch(options: {
  webhookSecret?: string;
  humanTeam?: string;
  businessHours?: string;
  timezone?: string;
}): WebhookSettingsPatch {
  if (options.webhookSecret !== undefined && options.webhookSecret.trim() === '')
    throw new CliFailure('--webhook-secret must not be empty', EXIT.usage);
  if (options.humanTeam !== undefined && options.humanTeam !== 'true' && options.humanTeam !== 'false')
    throw new CliFailure('--human-team must be true or false', EXIT.usage);
  if (options.timezone !== undefined && !isValidTimezone(options.timezone))
    throw new CliFailure(`--timezone ${options.timezone} is not an IANA timezone`, EXIT.usage);
  let businessHours: WebhookSettingsPatch['businessHours'];
  if (options.businessHours !== undefined) {
    const parsed = parseBusinessHours(options.businessHours);
    if (E.isLeft(parsed)) throw new CliFailure(`--business-hours: ${parsed.left}`, EXIT.usage);
    businessHours = parsed.right;
  }
  const patch: WebhookSettingsPatch = {
    ...(options.webhookSecret === undefined ? {} : { webhookSecret: options.webhookSecret }),
    ...(options.humanTeam === undefined ? {} : { humanTeam: options.humanTeam === 'true' }),
    ...(businessHours === undefined ? {} : { businessHours }),
    ...(options.timezone === undefined ? {} : { timezone: options.timezone }),
  };
  if (Object.keys(patch).length === 0)
    throw new CliFailure(
      'nothing to set: give --webhook-secret, --human-team, --business-hours or --timezone',
      EXIT.usage,
    );
  return patch;
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

interface SetWebhookSettingsOptions {
  readonly org: string;
  readonly webhookSecret?: string;
  readonly humanTeam?: string;
  readonly businessHours?: string;
  readonly timezone?: string;
}

async function setWebhookSettings(ctx: CliContext, json: boolean, options: SetWebhookSettingsOptions): Promise<void> {
  const patch = settingsPatch(options);
  await withRuntime(ctx, 'hub set-webhook-settings', async (runtime) => {
    const result = await runtime.app.hubLeads.useCases.setWebhookSettings.execute({ orgId: options.org, patch });
    if (E.isLeft(result)) throw new CliFailure(`Organization not found: ${options.org}`, EXIT.usage);
    const s = result.right;
    // The secret itself is never printed back.
    const view = {
      orgId: options.org,
      webhookSecret: s.webhookSecret !== undefined,
      humanTeam: s.humanTeam,
      businessHours: s.businessHours?.text ?? null,
      timezone: s.timezone,
    };
    ctx.io.out(
      json
        ? JSON.stringify(view)
        : `Webhook settings of ${options.org}: secret ${view.webhookSecret ? 'set' : 'not set'}, human ` +
            `team ${String(view.humanTeam)}, business hours ${view.businessHours ?? 'none'}, ` +
            `timezone ${view.timezone}`,
    );
  });
}

interface SetCrmCredentialsOptions {
  readonly org: string;
  readonly endpoint: string;
  readonly token: string;
}

async function setCrmCredentials(ctx: CliContext, json: boolean, options: SetCrmCredentialsOptions): Promise<void> {
  if (!isHttpUrl(options.endpoint)) throw new CliFailure('--endpoint must be an http(s) URL', EXIT.usage);
  if (options.token.trim() === '') throw new CliFailure('--token must not be empty', EXIT.usage);
  await withRuntime(ctx, 'hub set-crm-credentials', async (runtime) => {
    const result = await runtime.app.hubLeads.useCases.setCrmCredentials.execute({
      orgId: options.org,
      endpoint: options.endpoint,
      token: options.token.trim(),
    });
    if (E.isLeft(result)) throw new CliFailure(`Organization not found: ${options.org}`, EXIT.usage);
    ctx.io.out(
      json
        ? JSON.stringify({ orgId: options.org, endpoint: options.endpoint })
        : `CRM credentials set for ${options.org} (${options.endpoint})`,
    );
  });
}

interface AddTemplateOptions {
  readonly org: string;
  readonly file: string;
}

async function addTemplate(ctx: CliContext, json: boolean, options: AddTemplateOptions): Promise<void> {
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(options.file, 'utf8'));
  } catch (error) {
    throw new CliFailure(
      `Cannot read ${options.file}: ${error instanceof Error ? error.message : String(error)}`,
      EXIT.usage,
    );
  }
  const decoded = LeadTemplateBody.decode(raw);
  if (E.isLeft(decoded)) {
    const problems = Object.values(detailsOf(decoded.left)).flat();
    throw new CliFailure(`Invalid template: ${problems.join('; ')}`, EXIT.usage);
  }
  const body = decoded.right;
  await withRuntime(ctx, 'hub add-template', async (runtime) => {
    await ensureIndexes(runtime.app.maintenance.indexes.service);
    const result = await runtime.app.hubLeads.useCases.createLeadTemplate.execute({
      orgId: options.org,
      ...body,
      conditions: conditionPairs(body.conditions),
    });
    if (E.isLeft(result)) throw new CliFailure(`Organization not found: ${options.org}`, EXIT.usage);
    const t = result.right;
    ctx.io.out(
      json
        ? JSON.stringify({ id: t.id, name: t.name, active: t.active })
        : `Template added: ${t.id} (${t.name}${t.active ? '' : ', inactive'})`,
    );
  });
}
