import { Container } from 'inversify';
import type Koa from 'koa';
import type { Db } from 'mongodb';
import type { Redis } from 'ioredis';
import type { Clock, IdGenerator, ReadinessCheck } from './application/shared/ports';
import type { Config } from './config';
import { buildHubApp } from './adapters/http/hub/hub-app';
import { buildSalesApp } from './adapters/http/sales/sales-app';
import type { CollectionIndexes } from './adapters/mongo/collection-indexes';
import { MongoReadinessCheck } from './adapters/mongo/mongo-readiness-check';
import { RedisReadinessCheck } from './adapters/redis/redis-client';
import type { Logger } from './adapters/system/logger';
import { SystemClock } from './adapters/system/system-clock';
import { UuidIdGenerator } from './adapters/system/uuid-id-generator';

/**
 * The only place that binds ports to adapters. Connections (MongoDB, Redis) are opened before and
 * handed in, so nothing here does I/O; tests replace any binding through `overrides`.
 */
export const TYPES = {
  Config: Symbol.for('Config'),
  Logger: Symbol.for('Logger'),
  Clock: Symbol.for('Clock'),
  IdGenerator: Symbol.for('IdGenerator'),
  Db: Symbol.for('Db'),
  Redis: Symbol.for('Redis'),
  ReadinessChecks: Symbol.for('ReadinessChecks'),
  CollectionIndexes: Symbol.for('CollectionIndexes'),
  SalesApp: Symbol.for('SalesApp'),
  HubApp: Symbol.for('HubApp'),
} as const;

export interface Infrastructure {
  readonly db: Db;
  readonly redis: Redis | undefined;
  readonly logger: Logger;
}

export interface Overrides {
  readonly clock?: Clock;
  readonly idGenerator?: IdGenerator;
  readonly readinessChecks?: readonly ReadinessCheck[];
}

/** Every collection's index definitions; each feature adds its collections here. */
const COLLECTION_INDEXES: readonly CollectionIndexes[] = [];

export function buildContainer(config: Config, infra: Infrastructure, overrides: Overrides = {}): Container {
  const container = new Container({ defaultScope: 'Singleton' });
  container.bind<Config>(TYPES.Config).toConstantValue(config);
  container.bind<Logger>(TYPES.Logger).toConstantValue(infra.logger);
  container.bind<Db>(TYPES.Db).toConstantValue(infra.db);
  if (infra.redis !== undefined) container.bind<Redis>(TYPES.Redis).toConstantValue(infra.redis);
  container.bind<Clock>(TYPES.Clock).toConstantValue(overrides.clock ?? new SystemClock());
  container.bind<IdGenerator>(TYPES.IdGenerator).toConstantValue(overrides.idGenerator ?? new UuidIdGenerator());
  container.bind<readonly CollectionIndexes[]>(TYPES.CollectionIndexes).toConstantValue(COLLECTION_INDEXES);

  container.bind<readonly ReadinessCheck[]>(TYPES.ReadinessChecks).toConstantValue(
    overrides.readinessChecks ?? [
      new MongoReadinessCheck(infra.db),
      ...(infra.redis === undefined ? [] : [new RedisReadinessCheck(infra.redis)]),
    ],
  );

  container
    .bind<Koa>(TYPES.SalesApp)
    .toResolvedValue(
      (logger: Logger, clock: Clock, checks: readonly ReadinessCheck[]) =>
        buildSalesApp({ logger, clock, isProduction: config.isProduction, readinessChecks: checks }),
      [TYPES.Logger, TYPES.Clock, TYPES.ReadinessChecks],
    );
  container
    .bind<Koa>(TYPES.HubApp)
    .toResolvedValue(
      (logger: Logger, checks: readonly ReadinessCheck[]) => buildHubApp({ logger, readinessChecks: checks }),
      [TYPES.Logger, TYPES.ReadinessChecks],
    );
  return container;
}
