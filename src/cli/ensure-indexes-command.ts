import type { Command } from 'commander';
import { ensureIndexes } from '../adapters/mongo/shared/collection-indexes';
import { withRuntime, type CliContext } from './cli-context';

export function registerEnsureIndexes(program: Command, ctx: CliContext): void {
  program
    .command('ensure-indexes')
    .description('create every collection index (also done when the services start)')
    .action(async () => {
      const json = program.opts<{ json?: boolean }>().json === true;
      await withRuntime(ctx, 'ensure-indexes', async (runtime) => {
        const db = runtime.app.platform.db;
        const collections = await ensureIndexes(db, runtime.app.indexes);
        // CONTRACT 8.1: a gateway store in a database of its own gets its indexes here (not at start-up).
        const { gatewayStore } = runtime.app.sdr;
        if (gatewayStore.separate) collections.push(...(await ensureIndexes(gatewayStore.db, gatewayStore.indexes)).map((c) => `${gatewayStore.db.databaseName}.${c}`));
        const ephemeral = runtime.mongoServer.kind !== 'external';
        if (json) ctx.io.out(JSON.stringify({ collections, database: db.databaseName, ephemeral }));
        else {
          ctx.io.out(`Indexes ensured on ${collections.length} collection(s) of database ${db.databaseName}${collections.length > 0 ? `: ${collections.join(', ')}` : ''}`);
          if (ephemeral) ctx.io.out('Note: MONGODB_URI is not set, so this ran against a throw-away embedded MongoDB.');
        }
      });
    });
}
