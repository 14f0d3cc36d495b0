import type { Redis } from 'ioredis';
import type { Config } from './config';
import { compose, type Composition, type Overrides } from './composition-root';
import {
  startMongoServer,
  type EmbeddedMongoStrategy,
  type MongoServerHandle,
} from './adapters/mongo/shared/embedded-mongo';
import { connectMongo, type CommandObserver, type MongoConnection } from './adapters/mongo/shared/mongo-connection';
import { closeRedis, connectRedis } from './adapters/redis/redis-client';
import type { Logger } from './adapters/system/logger';
import { deadlineIn } from './adapters/system/system-clock';

/** A dependency could not be reached at start-up (CLI exit code 2). */
export class DependencyUnavailableError extends Error {
  constructor(
    readonly dependency: 'MongoDB' | 'Redis',
    reason: string,
  ) {
    super(`${dependency} is unreachable: ${reason}`);
    this.name = 'DependencyUnavailableError';
  }
}

export interface Runtime {
  /** The composed areas (use cases, routers, indexes) and the two Koa apps. */
  readonly app: Composition;
  readonly mongoServer: MongoServerHandle;
  /**
   * Closes the buffers (the API event log writes what it can within `budgetMs`, CONTRACT 9.5), then
   * Redis, the MongoDB client and the embedded server, in that order; safe to call twice.
   */
  close(budgetMs?: number): Promise<void>;
}

export interface RuntimeOptions {
  readonly overrides?: Overrides;
  readonly mongoStrategies?: readonly EmbeddedMongoStrategy[];
  readonly serverSelectionTimeoutMS?: number;
  /** Sees every command the MongoDB client sends (see connectMongo). */
  readonly commandObserver?: CommandObserver;
  /** `poll` for a MONGODB_URI known to be a jongodb server (the running serve's, found by the CLI). */
  readonly serverMonitoringMode?: 'poll';
}

/** Opens every connection the composition needs, then composes the areas and the apps. */
export async function openRuntime(config: Config, logger: Logger, options: RuntimeOptions = {}): Promise<Runtime> {
  const mongoServer = await startServer(config, logger, options);
  const mongo = await connectPrimary(mongoServer, options);
  const redis = await connectOptionalRedis(config, logger, async () => {
    await mongo.close();
    await mongoServer.stop();
  });
  const gateway = await connectGateway(config, options, async () => {
    if (redis !== undefined) await closeRedis(redis);
    await mongo.close();
    await mongoServer.stop();
  });

  const app = compose(
    config,
    { db: mongo.db, ...(gateway === undefined ? {} : { gatewayDb: gateway.db }), redis, logger },
    options.overrides,
  );
  let closing: Promise<void> | undefined;
  return {
    app,
    mongoServer,
    close: (budgetMs = Number.POSITIVE_INFINITY) => {
      closing ??= (async () => {
        // Buffers that write to the databases (the sales API event log) flush before connections close.
        const deadline = deadlineIn(budgetMs);
        for (const closable of app.platform.closables) await closable.close(Math.max(0, deadline.leftMs()));
        if (redis !== undefined) await closeRedis(redis);
        await gateway?.close();
        await mongo.close();
        await mongoServer.stop();
      })();
      return closing;
    },
  };
}

async function startServer(config: Config, logger: Logger, options: RuntimeOptions): Promise<MongoServerHandle> {
  try {
    return await startMongoServer({
      uri: config.mongodbUri,
      log: (line) => logger.info(line),
      ...(options.mongoStrategies === undefined ? {} : { strategies: options.mongoStrategies }),
    });
  } catch (error) {
    throw new DependencyUnavailableError('MongoDB', messageOf(error));
  }
}

/** The service's own database; the embedded server stops again when no client connects. */
async function connectPrimary(mongoServer: MongoServerHandle, options: RuntimeOptions): Promise<MongoConnection> {
  try {
    return await connectMongo(mongoServer.uri, {
      serverSelectionTimeoutMS: options.serverSelectionTimeoutMS,
      commandObserver: options.commandObserver,
      ...(mongoServer.kind === 'jongodb' || options.serverMonitoringMode === 'poll'
        ? { serverMonitoringMode: 'poll' as const }
        : {}),
    });
  } catch (error) {
    await mongoServer.stop();
    throw new DependencyUnavailableError('MongoDB', messageOf(error));
  }
}

/** Redis when REDIS_URL is set; `release` closes what was opened before it when it is unreachable. */
async function connectOptionalRedis(
  config: Config,
  logger: Logger,
  release: () => Promise<void>,
): Promise<Redis | undefined> {
  if (config.redisUrl === undefined) return undefined;
  try {
    return await connectRedis(config.redisUrl, (error) => logger.warn({ err: error }, 'redis connection error'));
  } catch (error) {
    await release();
    throw new DependencyUnavailableError('Redis', messageOf(error));
  }
}

// CONTRACT 8.1: the gateway's store may live in another database (read, and written by gateway-import).
async function connectGateway(
  config: Config,
  options: RuntimeOptions,
  release: () => Promise<void>,
): Promise<MongoConnection | undefined> {
  if (config.gatewayMongodbUri === undefined) return undefined;
  try {
    return await connectMongo(config.gatewayMongodbUri, {
      serverSelectionTimeoutMS: options.serverSelectionTimeoutMS,
      commandObserver: options.commandObserver,
      // Polling works on every server, jongodb included (it has no streaming health check).
      serverMonitoringMode: 'poll',
    });
  } catch (error) {
    await release();
    throw new DependencyUnavailableError('MongoDB', `gateway store (GATEWAY_MONGODB_URI): ${messageOf(error)}`);
  }
}

/** Whether a MongoDB server answers at `uri` (the CLI's check of a running serve's embedded server). */
export async function databaseAnswers(uri: string): Promise<boolean> {
  try {
    const probe = await connectMongo(uri, { serverSelectionTimeoutMS: 2_000, serverMonitoringMode: 'poll' });
    await probe.close();
    return true;
  } catch {
    return false;
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
