import type { Command } from 'commander';
import type { Db } from 'mongodb';
import {
  describeTtl,
  ensureIndexes,
  IndexFilterChangeError,
  RetentionChangeError,
  type CollectionIndexes,
  type RetentionChange,
} from '../adapters/mongo/shared/collection-indexes';
import { CliFailure, EXIT, withRuntime, type CliContext } from './cli-context';

export function registerEnsureIndexes(program: Command, ctx: CliContext): void {
  program
    .command('ensure-indexes')
    .description('create every collection index, and apply a changed retention (also done when the services start)')
    .action(async () => {
      const json = program.opts<{ json?: boolean }>().json === true;
      await withRuntime(ctx, 'ensure-indexes', async (runtime) => {
        const db = runtime.app.platform.db;
        const retentionChanges: RetentionChange[] = [];
        const collections = await ensureIndexesOrFail(db, runtime.app.indexes, (change) =>
          retentionChanges.push(change),
        );
        // CONTRACT 8.1: a gateway store in a database of its own gets its indexes here (not at start-up).
        const { gatewayStore } = runtime.app.sdr;
        if (gatewayStore.separate) {
          const gateway = await ensureIndexesOrFail(gatewayStore.db, gatewayStore.indexes, (change) =>
            retentionChanges.push(change),
          );
          collections.push(...gateway.map((c) => `${gatewayStore.db.databaseName}.${c}`));
        }
        const ephemeral = runtime.mongoServer.kind !== 'external';
        // In seconds; null: not a TTL index.
        const changes = retentionChanges.map((change) => ({
          ...change,
          fromSeconds: change.fromSeconds ?? null,
          toSeconds: change.toSeconds ?? null,
        }));
        if (json)
          ctx.io.out(JSON.stringify({ collections, database: db.databaseName, ephemeral, retentionChanges: changes }));
        else {
          ctx.io.out(
            `Indexes ensured on ${collections.length} collection(s) of database ${db.databaseName}${collections.length > 0 ? `: ${collections.join(', ')}` : ''}`,
          );
          for (const change of retentionChanges) ctx.io.out(describeRetentionChange(change));
          if (ephemeral) ctx.io.out('Note: MONGODB_URI is not set, so this ran against a throw-away embedded MongoDB.');
        }
      });
    });
}

export const describeRetentionChange = (change: RetentionChange): string =>
  `Retention of ${change.collection} (index ${change.index}) changed from ${describeTtl(change.fromSeconds)} to ${describeTtl(change.toSeconds)}`;

/** ensureIndexes for the commands (ensure-indexes, serve, gateway-import): an index the server cannot change is one readable line, exit 1. */
export async function ensureIndexesOrFail(
  db: Db,
  indexes: readonly CollectionIndexes[],
  onRetentionChange: (change: RetentionChange) => void,
): Promise<string[]> {
  try {
    return await ensureIndexes(db, indexes, { onRetentionChange });
  } catch (error) {
    if (error instanceof RetentionChangeError || error instanceof IndexFilterChangeError)
      throw new CliFailure(error.message, EXIT.usage);
    throw error;
  }
}
