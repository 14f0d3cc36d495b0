import { ContainerModule } from 'inversify';
import type { Db } from 'mongodb';
import type { Redis } from 'ioredis';
import {
  Clock,
  IdGenerator,
  Mailer,
  PasswordHasher,
  RateLimitStore,
  SecretGenerator,
  SecretHasher,
  type ReadinessCheck,
} from '../application/shared/ports';
import type { Config } from '../config';
import type { ExpiredDocuments } from '../application/shared/expired-documents';
import type { IndexSetup } from '../application/shared/index-setup';
import { policiesAreaIndexes } from '../adapters/mongo/policies/indexes';
import { salesUserIndexes } from '../adapters/mongo/sales-identity/sales-user-collection';
import type { CollectionIndexes } from '../adapters/mongo/shared/collection-indexes';
import { MongoExpiredDocuments } from '../adapters/mongo/shared/expiry/mongo-expired-documents';
import { MongoIndexSetup } from '../adapters/mongo/shared/mongo-index-setup';
import {
  BoundedPasswordHasher,
  DEFAULT_HASH_QUEUE,
  defaultHashConcurrency,
  HASH_RETRY_AFTER_SECONDS,
} from '../adapters/crypto/bounded-password-hasher';
import { HASHING_THREAD_NICE, ThreadedArgon2PasswordHasher } from '../adapters/crypto/threaded-argon2-password-hasher';
import { CryptoSecretGenerator, Sha256SecretHasher } from '../adapters/crypto/crypto-secrets';
import { LogMailer } from '../adapters/mail/log-mailer';
import { NO_HUB_METRICS, NO_SALES_METRICS, type HubMetrics, type SalesMetrics } from '../adapters/metrics/metrics';
import { PrometheusHubMetrics, PrometheusSalesMetrics } from '../adapters/metrics/prometheus-metrics';
import { SmtpMailer } from '../adapters/mail/smtp-mailer';
import { MongoReadinessCheck } from '../adapters/mongo/shared/mongo-readiness-check';
import { FallbackRateLimitStore } from '../adapters/rate-limit/fallback-rate-limit-store';
import { InMemoryRateLimitStore } from '../adapters/rate-limit/in-memory-rate-limit-store';
import { RedisReadinessCheck } from '../adapters/redis/redis-client';
import { RedisRateLimitStore } from '../adapters/redis/redis-rate-limit-store';
import type { Logger } from '../adapters/system/logger';
import { SystemClock } from '../adapters/system/system-clock';
import { UuidIdGenerator } from '../adapters/system/uuid-id-generator';
import { token, type Token } from '../application/shared/token';
import { provide } from './container';

/** Something the runtime closes at shutdown, before the connections it uses (a write buffer, a connection pool). */
export interface Closable {
  /** `budgetMs`: how long it may take at most (a write buffer stops writing then); absent: no limit. */
  close(budgetMs?: number): Promise<void> | void;
}

/** The connections, opened before composition: nothing here does I/O. */
export interface Infrastructure {
  readonly db: Db;
  /** The messaging gateway's database (GATEWAY_MONGODB_URI, CONTRACT 8.1); absent: `db`. */
  readonly gatewayDb?: Db;
  readonly redis: Redis | undefined;
  readonly logger: Logger;
}

export interface PlatformOptions {
  readonly readinessChecks?: readonly ReadinessCheck[];
  /** CONTRACT 9.2 metrics; `false` turns them off (the metrics benchmark's baseline). Default on. */
  readonly metrics?: boolean;
}

/** What every area shares besides the ports (those are bound in the container under their tokens). */
export interface Platform extends Infrastructure {
  readonly config: Config;
  readonly readinessChecks: readonly ReadinessCheck[];
  /** Closed in order at shutdown; an area appends its buffers and pools when the container builds them. */
  readonly closables: Closable[];
  /** What each service measures (CONTRACT 9.2), on registries of this composition's own. */
  readonly metrics: { readonly sales: SalesMetrics; readonly hub: HubMetrics };
}
export const Platform: Token<Platform> = token('Platform');

/**
 * The password-hashing algorithm (tests rebind a fast or gated one); `PasswordHasher` is always this
 * algorithm behind the configured bound (PASSWORD_HASH_CONCURRENCY, PASSWORD_HASH_QUEUE).
 */
export const PasswordHashing: Token<PasswordHasher> = token('PasswordHashing');

/** The platform and the shared ports: clock, ids, secrets, hashers, mailer and the rate-limit store. */
export function platformModule(config: Config, infra: Infrastructure, options: PlatformOptions): ContainerModule {
  const platform: Platform = {
    ...infra,
    config,
    readinessChecks: options.readinessChecks ?? [
      new MongoReadinessCheck(infra.db),
      ...(infra.redis === undefined ? [] : [new RedisReadinessCheck(infra.redis)]),
    ],
    closables: [],
    metrics:
      options.metrics === false
        ? { sales: NO_SALES_METRICS, hub: NO_HUB_METRICS }
        : { sales: new PrometheusSalesMetrics(), hub: new PrometheusHubMetrics() },
  };
  const hashConcurrency = config.passwordHashConcurrency ?? defaultHashConcurrency();
  return new ContainerModule(({ bind }) => {
    bind(Platform).toConstantValue(platform);
    provide(bind, Clock, () => new SystemClock());
    provide(bind, IdGenerator, () => new UuidIdGenerator());
    provide(bind, SecretGenerator, () => new CryptoSecretGenerator());
    provide(bind, SecretHasher, () => new Sha256SecretHasher());
    provide(bind, PasswordHashing, () => {
      const threaded = new ThreadedArgon2PasswordHasher({ threads: hashConcurrency, nice: HASHING_THREAD_NICE });
      platform.closables.push(threaded);
      return threaded;
    });
    provide(
      bind,
      PasswordHasher,
      (get) =>
        new BoundedPasswordHasher(get(PasswordHashing), {
          concurrency: hashConcurrency,
          maxQueued: config.passwordHashQueue ?? DEFAULT_HASH_QUEUE,
          retryAfterSeconds: HASH_RETRY_AFTER_SECONDS,
        }),
    );
    provide(bind, RateLimitStore, (get) => rateLimitStore(infra, get(Clock)));
    provide(bind, Mailer, () =>
      config.smtpUrl !== undefined
        ? new SmtpMailer(config.smtpUrl, config.mailFrom)
        : new LogMailer(infra.logger, config.isProduction),
    );
  });
}

/** Redis when configured, counting in memory while it fails; memory alone without Redis. */
function rateLimitStore({ redis, logger }: Infrastructure, clock: Clock): RateLimitStore {
  const memory = new InMemoryRateLimitStore(clock);
  if (redis === undefined) return memory;
  return new FallbackRateLimitStore(new RedisRateLimitStore(redis), memory, ({ degraded, error }) =>
    degraded
      ? logger.warn({ err: error }, 'rate limiting: Redis failed, counting in memory until it answers again')
      : logger.info('rate limiting: Redis answers again, counting there'),
  );
}

/** The index setups the commands run before they write. */
export interface IndexSetups {
  /** Every area's collections in the service's database (serve, ensure-indexes, the commands that write). */
  readonly service: IndexSetup;
  /** The gateway store's collection, in a database of its own when GATEWAY_MONGODB_URI names one (CONTRACT 8.1). */
  readonly gateway: IndexSetup & { readonly separate: boolean };
  /** The sales users' collection alone (create-user). */
  readonly salesUsers: IndexSetup;
  /** The policies area's collections (import-policies). */
  readonly policies: IndexSetup;
}

/** What `serve` and the commands do to the database itself, behind ports: the CLI sees no driver. */
export interface DatabaseMaintenance {
  readonly indexes: IndexSetups;
  /** Retention where the server has no TTL monitor (CONTRACT 9.4), over every area's TTL indexes. */
  readonly expiredDocuments: ExpiredDocuments;
}

/** Built by the root once the areas are resolved: the lists are theirs (src/adapters/mongo/<area>/indexes.ts). */
export function databaseMaintenance(
  db: Db,
  all: readonly CollectionIndexes[],
  gatewayStore: { readonly db: Db; readonly indexes: readonly CollectionIndexes[]; readonly separate: boolean },
): DatabaseMaintenance {
  return {
    indexes: {
      service: indexSetupOf(db, all),
      gateway: Object.assign(indexSetupOf(gatewayStore.db, gatewayStore.indexes), { separate: gatewayStore.separate }),
      salesUsers: indexSetupOf(db, [salesUserIndexes]),
      policies: indexSetupOf(db, policiesAreaIndexes),
    },
    expiredDocuments: new MongoExpiredDocuments(db, all),
  };
}

export function indexSetupOf(db: Db, indexes: readonly CollectionIndexes[]): IndexSetup {
  return new MongoIndexSetup(db, indexes);
}
