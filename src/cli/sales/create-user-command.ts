import { Option, type Command } from 'commander';
import * as E from 'fp-ts/Either';
import { SALES_ROLES, type SalesRole } from '../../domain/sales-identity/role';
import { CliFailure, EXIT, withRuntime, type CliContext } from '../cli-context';
import { ensureIndexes } from '../data/ensure-indexes-command';

/** CONTRACT 2: `create-user --email E --password P [--name N] [--role admin|manager|operator]`. */
export function registerCreateUser(program: Command, ctx: CliContext): void {
  program
    .command('create-user')
    .description('create a sales-service user (role default operator); prints its id')
    .requiredOption('--email <email>', 'login e-mail (unique, case-insensitive)')
    .requiredOption('--password <password>', 'password (at least 8 characters)')
    .option('--name <name>', 'display name (default: the e-mail)')
    .addOption(new Option('--role <role>', 'role').choices(SALES_ROLES).default('operator'))
    .action(async (options: { email: string; password: string; name?: string; role: SalesRole }) => {
      const json = program.opts<{ json?: boolean }>().json === true;
      await withRuntime(ctx, 'create-user', async (runtime) => {
        // The unique e-mail index is what refuses a duplicate: make sure it exists on a fresh database.
        await ensureIndexes(runtime.app.maintenance.indexes.salesUsers);
        const result = await runtime.app.salesIdentity.useCases.createSalesUser.execute(options);
        if (E.isLeft(result)) {
          switch (result.left._tag) {
            case 'InvalidEmail':
              throw new CliFailure(`Invalid e-mail address: ${options.email}`, EXIT.usage);
            case 'WeakPassword':
              throw new CliFailure(`Invalid password: ${result.left.problem}`, EXIT.usage);
            case 'EmailTaken':
              throw new CliFailure(`A user with e-mail ${result.left.email} already exists`, EXIT.usage);
          }
        }
        const user = result.right;
        ctx.io.out(json ? JSON.stringify(user) : `Created ${user.role} ${user.email} with id ${user.id}`);
      });
    });
}
