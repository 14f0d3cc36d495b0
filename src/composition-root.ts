import { Container } from 'inversify';
import type Koa from 'koa';
import type { Db } from 'mongodb';
import type { Redis } from 'ioredis';
import type Router from '@koa/router';
import type {
  Clock,
  IdGenerator,
  Mailer,
  PasswordHasher,
  RateLimitStore,
  ReadinessCheck,
  SecretGenerator,
  SecretHasher,
} from './application/shared/ports';
import type { Config } from './config';
import { buildHubApp } from './adapters/http/hub/hub-app';
import { buildSalesApp } from './adapters/http/sales/sales-app';
import type { CollectionIndexes } from './adapters/mongo/collection-indexes';
import { MongoReadinessCheck } from './adapters/mongo/mongo-readiness-check';
import { RedisReadinessCheck } from './adapters/redis/redis-client';
import { Argon2PasswordHasher } from './adapters/crypto/argon2-password-hasher';
import { CryptoSecretGenerator, Sha256SecretHasher } from './adapters/crypto/crypto-secrets';
import { LogMailer } from './adapters/mail/log-mailer';
import { SmtpMailer } from './adapters/mail/smtp-mailer';
import { FallbackRateLimitStore } from './adapters/rate-limit/fallback-rate-limit-store';
import { InMemoryRateLimitStore } from './adapters/rate-limit/in-memory-rate-limit-store';
import { RedisRateLimitStore } from './adapters/redis/redis-rate-limit-store';
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
  SecretGenerator: Symbol.for('SecretGenerator'),
  SecretHasher: Symbol.for('SecretHasher'),
  PasswordHasher: Symbol.for('PasswordHasher'),
  RateLimitStore: Symbol.for('RateLimitStore'),
  Mailer: Symbol.for('Mailer'),
  SalesRouters: Symbol.for('SalesRouters'),
  HubRouters: Symbol.for('HubRouters'),
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
  readonly secretGenerator?: SecretGenerator;
  readonly passwordHasher?: PasswordHasher;
  readonly rateLimitStore?: RateLimitStore;
  readonly mailer?: Mailer;
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
  container.bind<SecretGenerator>(TYPES.SecretGenerator).toConstantValue(overrides.secretGenerator ?? new CryptoSecretGenerator());
  container.bind<SecretHasher>(TYPES.SecretHasher).toConstantValue(new Sha256SecretHasher());
  container.bind<PasswordHasher>(TYPES.PasswordHasher).toConstantValue(overrides.passwordHasher ?? new Argon2PasswordHasher());
  container.bind<RateLimitStore>(TYPES.RateLimitStore).toResolvedValue(
    (clock: Clock, logger: Logger) => {
      if (overrides.rateLimitStore !== undefined) return overrides.rateLimitStore;
      const memory = new InMemoryRateLimitStore(clock);
      if (infra.redis === undefined) return memory;
      return new FallbackRateLimitStore(new RedisRateLimitStore(infra.redis), memory, ({ degraded, error }) =>
        degraded
          ? logger.warn({ err: error }, 'rate limiting: Redis failed, counting in memory until it answers again')
          : logger.info('rate limiting: Redis answers again, counting there'),
      );
    },
    [TYPES.Clock, TYPES.Logger],
  );
  container.bind<Mailer>(TYPES.Mailer).toConstantValue(
    overrides.mailer ??
      (config.smtpUrl !== undefined ? new SmtpMailer(config.smtpUrl, config.mailFrom) : new LogMailer(infra.logger, config.isProduction)),
  );

  // Each feature appends its routers here (hub routers carry the /api/v1 prefix themselves).
  container.bind<readonly Router[]>(TYPES.SalesRouters).toResolvedValue(() => [], []);
  container.bind<readonly Router[]>(TYPES.HubRouters).toResolvedValue(() => [], []);

  container.bind<readonly ReadinessCheck[]>(TYPES.ReadinessChecks).toConstantValue(
    overrides.readinessChecks ?? [
      new MongoReadinessCheck(infra.db),
      ...(infra.redis === undefined ? [] : [new RedisReadinessCheck(infra.redis)]),
    ],
  );

  container
    .bind<Koa>(TYPES.SalesApp)
    .toResolvedValue(
      (logger: Logger, clock: Clock, checks: readonly ReadinessCheck[], routers: readonly Router[]) =>
        buildSalesApp({ logger, clock, isProduction: config.isProduction, readinessChecks: checks, routers }),
      [TYPES.Logger, TYPES.Clock, TYPES.ReadinessChecks, TYPES.SalesRouters],
    );
  container
    .bind<Koa>(TYPES.HubApp)
    .toResolvedValue(
      (logger: Logger, checks: readonly ReadinessCheck[], routers: readonly Router[]) =>
        buildHubApp({ logger, readinessChecks: checks, routers }),
      [TYPES.Logger, TYPES.ReadinessChecks, TYPES.HubRouters],
    );
  return container;
}
