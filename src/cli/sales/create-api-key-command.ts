import type { Command } from 'commander';
import * as E from 'fp-ts/Either';
import { CliFailure, EXIT, withRuntime, type CliContext } from '../cli-context';

/** CONTRACT 2: prints `{id, key, user{id,email}}`; the key is shown only here. */
export function registerCreateApiKey(program: Command, ctx: CliContext): void {
  program
    .command('create-api-key')
    .description('issue an API key bound to an existing sales user; the key is shown only once')
    .requiredOption('--email <email>', "the user's e-mail")
    .action(async (options: { email: string }) => {
      const json = program.opts<{ json?: boolean }>().json === true;
      await withRuntime(ctx, 'create-api-key', async (runtime) => {
        // The CLI runs at the machine, with the database credentials: it acts as an administrator.
        const result = await runtime.app.salesIdentity.useCases.createApiKey.execute({
          actor: { system: true },
          email: options.email,
        });
        if (E.isLeft(result)) throw new CliFailure(`No user with e-mail ${options.email}`, EXIT.usage);
        const created = result.right;
        if (json) ctx.io.out(JSON.stringify(created));
        else {
          ctx.io.out(JSON.stringify(created, null, 2));
          ctx.io.out('Store the key now: it cannot be shown again.');
        }
      });
    });
}
