import { Option, type Command } from 'commander';
import * as E from 'fp-ts/Either';
import { parseEmail } from '../../domain/hub-identity/email';
import { isPermission, ROLES, type Role } from '../../domain/hub-identity/role';
import { SLUG_PATTERN } from '../../domain/hub-identity/slug';
import type { Runtime } from '../../runtime';
import { CliFailure, EXIT, withRuntime, type CliContext } from '../cli-context';
import { ensureIndexes } from '../data/ensure-indexes-command';
import { registerHubWebhookCommands } from './hub-webhook-commands';

/** Uniqueness (slug, e-mail) lives in indexes: make sure they exist even if `serve` never ran on this database. */
async function withIndexes(runtime: Runtime): Promise<void> {
  await ensureIndexes(runtime.app.maintenance.indexes.service);
}

/** `hub create-org` and `hub create-user` (CONTRACT section 2). */
export function registerHub(program: Command, ctx: CliContext): void {
  const hub = program.command('hub').description('hub service administration (organizations, users)');
  const json = (): boolean => program.opts<{ json?: boolean }>().json === true;

  hub
    .command('create-org')
    .description('create an organization; prints its id')
    .requiredOption('--name <name>', 'organization name')
    .option('--slug <slug>', 'unique slug (default: derived from the name)')
    .option('--webhook-secret <secret>', 'webhook signing secret (stored by the webhook feature)')
    .action((options: CreateOrgOptions) => createOrg(ctx, json(), options));

  hub
    .command('create-user')
    .description('create a hub user, with a membership when --org is given')
    .requiredOption('--email <email>', 'e-mail (trimmed and lower-cased)')
    .requiredOption('--password <password>', 'password (at least 8 characters)')
    .requiredOption('--name <name>', 'display name')
    .option('--org <orgId>', 'organization to join (without it the user has no membership)')
    .addOption(new Option('--role <role>', 'membership role').choices(ROLES))
    .option('--permission <permission...>', 'resource:action permission records (CLIENT only)')
    .option('--language <tag>', 'locale tag', 'pt-BR')
    .action((options: CreateHubUserOptions) => createHubUser(ctx, json(), options));

  // Hub inbound webhooks (CONTRACT 2, 6).
  registerHubWebhookCommands(hub, program, ctx);
}

interface CreateOrgOptions {
  readonly name: string;
  readonly slug?: string;
  readonly webhookSecret?: string;
}

async function createOrg(ctx: CliContext, json: boolean, options: CreateOrgOptions): Promise<void> {
  const name = options.name.trim();
  if (name === '') throw new CliFailure('--name must not be empty', EXIT.usage);
  if (options.slug !== undefined && !SLUG_PATTERN.test(options.slug)) {
    throw new CliFailure('--slug must be lower-case letters, digits and single dashes (e.g. acme-motors)', EXIT.usage);
  }
  if (options.webhookSecret !== undefined && options.webhookSecret.trim() === '')
    throw new CliFailure('--webhook-secret must not be empty', EXIT.usage);
  await withRuntime(ctx, 'hub create-org', async (runtime) => {
    await withIndexes(runtime);
    const result = await runtime.app.hubIdentity.useCases.createOrganization.execute({
      name,
      ...(options.slug === undefined ? {} : { slug: options.slug }),
      ...(options.webhookSecret === undefined ? {} : { webhookSecret: options.webhookSecret }),
    });
    if (E.isLeft(result)) throw new CliFailure(`Slug already taken: ${result.left.slug}`, EXIT.usage);
    const org = result.right;
    ctx.io.out(
      json
        ? JSON.stringify({ id: org.id, name: org.name, slug: org.slug })
        : `Organization created: ${org.id} (slug ${org.slug})`,
    );
  });
}

interface CreateHubUserOptions {
  readonly email: string;
  readonly password: string;
  readonly name: string;
  readonly org?: string;
  readonly role?: Role;
  readonly permission?: string[];
  readonly language: string;
}

async function createHubUser(ctx: CliContext, json: boolean, options: CreateHubUserOptions): Promise<void> {
  const email = parseEmail(options.email);
  if (email === undefined) throw new CliFailure('--email is not a valid e-mail address', EXIT.usage);
  if (options.password.length < 8) throw new CliFailure('--password must be at least 8 characters', EXIT.usage);
  if (options.name.trim() === '') throw new CliFailure('--name must not be empty', EXIT.usage);
  if (options.org !== undefined && options.role === undefined)
    throw new CliFailure('--role is required with --org', EXIT.usage);
  if (options.org === undefined && options.role !== undefined) throw new CliFailure('--role needs --org', EXIT.usage);
  const permissions = options.permission ?? [];
  const bad = permissions.find((p) => !isPermission(p));
  if (bad !== undefined) throw new CliFailure(`--permission ${bad} is not of the form resource:action`, EXIT.usage);
  if (permissions.length > 0 && options.role !== 'CLIENT')
    throw new CliFailure('--permission applies to the CLIENT role only', EXIT.usage);

  await withRuntime(ctx, 'hub create-user', async (runtime) => {
    await withIndexes(runtime);
    const result = await runtime.app.hubIdentity.useCases.createHubUser.execute({
      email,
      password: options.password,
      name: options.name.trim(),
      language: options.language,
      ...(options.org === undefined || options.role === undefined
        ? {}
        : { membership: { orgId: options.org, role: options.role, permissions } }),
    });
    if (E.isLeft(result)) {
      throw new CliFailure(
        result.left._tag === 'EmailTaken'
          ? `E-mail already registered: ${email}`
          : `Organization not found: ${options.org ?? ''}`,
        EXIT.usage,
      );
    }
    const user = result.right;
    const membership = options.org === undefined ? null : { orgId: options.org, role: options.role };
    const joined = membership === null ? ', no membership' : `, ${membership.role ?? ''} of ${membership.orgId}`;
    ctx.io.out(
      json
        ? JSON.stringify({ id: user.id, email: user.email, membership })
        : `Hub user created: ${user.id} (${user.email})${joined}`,
    );
  });
}
