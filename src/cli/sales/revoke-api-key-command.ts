import type { Command } from 'commander';
import * as E from 'fp-ts/Either';
import { CliFailure, EXIT, withRuntime, type CliContext } from '../cli-context';

export function registerRevokeApiKey(program: Command, ctx: CliContext): void {
  program
    .command('revoke-api-key')
    .description('revoke an API key (running services notice within the key cache TTL, 5 s)')
    .requiredOption('--id <id>', 'the key record id (as printed by create-api-key)')
    .action(async (options: { id: string }) => {
      const json = program.opts<{ json?: boolean }>().json === true;
      await withRuntime(ctx, 'revoke-api-key', async (runtime) => {
        const result = await runtime.app.salesIdentity.useCases.revokeApiKey.execute({
          actor: { system: true },
          id: options.id,
        });
        if (E.isLeft(result)) throw new CliFailure(`No API key with id ${options.id}`, EXIT.usage);
        const revokedAt = result.right.revokedAt.toISOString();
        ctx.io.out(
          json
            ? JSON.stringify({ id: result.right.id, revoked: true, revokedAt })
            : `API key ${result.right.id} revoked at ${revokedAt}`,
        );
      });
    });
}
