import type { Command } from 'commander';
import * as E from 'fp-ts/Either';
import { describeRetentionChange, type IndexSetup, type RetentionChange } from '../../application/shared/index-setup';
import type { Area } from '../../composition/area';
import { indexSetupOf, type Platform } from '../../composition/platform';
import { CliFailure, EXIT, withRuntime, type CliContext } from '../cli-context';

export { describeRetentionChange };

export function registerEnsureIndexes(program: Command, ctx: CliContext): void {
  program
    .command('ensure-indexes')
    .description('create every collection index, and apply a changed retention (also done when the services start)')
    .action(async () => {
      const json = program.opts<{ json?: boolean }>().json === true;
      await withRuntime(ctx, 'ensure-indexes', async (runtime) => {
        const { service, gateway } = runtime.app.maintenance.indexes;
        const retentionChanges: RetentionChange[] = [];
        const collections = await indexesOrFail(service, (change) => retentionChanges.push(change));
        // CONTRACT 8.1: a gateway store in a database of its own gets its indexes here (not at start-up).
        if (gateway.separate) {
          const created = await indexesOrFail(gateway, (change) => retentionChanges.push(change));
          collections.push(...created.map((c) => `${gateway.database}.${c}`));
        }
        const ephemeral = runtime.mongoServer.kind !== 'external';
        // In seconds; null: not a TTL index.
        const changes = retentionChanges.map((change) => ({
          ...change,
          fromSeconds: change.fromSeconds ?? null,
          toSeconds: change.toSeconds ?? null,
        }));
        const database = service.database;
        if (json) ctx.io.out(JSON.stringify({ collections, database, ephemeral, retentionChanges: changes }));
        else {
          ctx.io.out(
            `Indexes ensured on ${collections.length} collection(s) of database ${database}` +
              (collections.length > 0 ? `: ${collections.join(', ')}` : ''),
          );
          for (const change of retentionChanges) ctx.io.out(describeRetentionChange(change));
          if (ephemeral) ctx.io.out('Note: MONGODB_URI is not set, so this ran against a throw-away embedded MongoDB.');
        }
      });
    });
}

/**
 * For the commands (ensure-indexes, serve, gateway-import): an index the server cannot change is one
 * readable line, exit 1.
 */
export async function indexesOrFail(
  setup: IndexSetup,
  onRetentionChange: (change: RetentionChange) => void,
): Promise<string[]> {
  const ensured = await setup.ensure(onRetentionChange);
  if (E.isLeft(ensured)) throw new CliFailure(ensured.left.error.message, EXIT.usage);
  return ensured.right;
}

/** For the commands that write before they run: an index the server cannot change is a fault, as it always was. */
export async function ensureIndexes(setup: IndexSetup): Promise<void> {
  const ensured = await setup.ensure();
  if (E.isLeft(ensured)) throw ensured.left.error;
}

/**
 * The form rebuild-sdr-read-models-command.ts still calls with the database and its indexes; it goes
 * when that command receives its index setup from the composition (moved by the read-side change).
 */
export function ensureIndexesOrFail(
  db: Platform['db'],
  indexes: Area['indexes'],
  onRetentionChange: (change: RetentionChange) => void,
): Promise<string[]> {
  return indexesOrFail(indexSetupOf(db, indexes), onRetentionChange);
}
