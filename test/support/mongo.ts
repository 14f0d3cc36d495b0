import { randomUUID } from 'node:crypto';
import { MongoServerError, type Db, type Document } from 'mongodb';
import { startMongoServer, withDatabase, type MongoServerHandle } from '../../src/adapters/mongo/shared/embedded-mongo';
import {
  connectMongo,
  type CommandObserver,
  type MongoConnection,
} from '../../src/adapters/mongo/shared/mongo-connection';
import { ensureIndexes, type CollectionIndexes } from '../../src/adapters/mongo/shared/collection-indexes';
import { indexCoverageGuard } from './index-coverage/index-coverage-guard';

/**
 * One MongoDB for the whole test run, chosen exactly as `npm start` chooses it (MONGODB_URI, else
 * mongodb-memory-server, else jongodb). Each test file works in its own database.
 */
let shared: MongoServerHandle | undefined;

export async function startSharedMongo(): Promise<void> {
  shared = await startMongoServer({
    uri: process.env.MONGODB_URI,
    // The choice is printed once so a test log says which server the suite ran against.
    log: (line) => process.stdout.write(`  ${line}\n`),
  });
}

export async function stopSharedMongo(): Promise<void> {
  await shared?.stop();
  shared = undefined;
}

export function sharedMongo(): MongoServerHandle {
  if (shared === undefined) throw new Error('the shared test MongoDB is not started (test/support/hooks.ts)');
  return shared;
}

/**
 * A connection to a new, empty database on the shared server, watched by the index-coverage guard.
 * Databases are not dropped afterwards (jongodb has no dropDatabase); the server is thrown away at
 * the end of the run. `observe` also sees every command the connection sends.
 */
export async function connectTestDatabase(options: { observe?: CommandObserver } = {}): Promise<MongoConnection> {
  const name = `test_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const server = sharedMongo();
  const { observe } = options;
  return connectMongo(withDatabase(server.uri, name), {
    serverSelectionTimeoutMS: 2_000,
    commandObserver:
      observe === undefined
        ? indexCoverageGuard.observer
        : (event) => {
            indexCoverageGuard.observer(event);
            observe(event);
          },
    // As openRuntime does: jongodb has no streaming health check, so the driver polls it.
    ...(server.kind === 'jongodb' ? { serverMonitoringMode: 'poll' as const } : {}),
  });
}

/**
 * A connection to a new database for one `describe` block, with these collections' indexes: opened
 * before its tests, closed after them.
 * Call it inside the block; the returned function gives the open connection.
 */
export function useTestDatabase(indexes: readonly CollectionIndexes[] = []): () => MongoConnection {
  let mongo: MongoConnection | undefined;
  before(async () => {
    mongo = await connectTestDatabase();
    await ensureIndexes(mongo.db, indexes);
  });
  after(async () => {
    await mongo?.close();
  });
  return () => {
    if (mongo === undefined) throw new Error('useTestDatabase(): the connection opens in the before hook');
    return mongo;
  };
}

/**
 * Whether the server implements a command at all: jongodb answers CommandNotFound (59) for the ones it
 * lacks (0.1.6: collMod, dropIndexes), a real mongod runs them or refuses them for another reason.
 */
export async function serverImplements(db: Db, command: Document): Promise<boolean> {
  try {
    await db.command(command);
    return true;
  } catch (error) {
    return !(error instanceof MongoServerError && error.code === 59);
  }
}
