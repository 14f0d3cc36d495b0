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
// Sales identity (issue 3): accounts, sessions, API keys, guards, rate limits, API event log.
import type {
  AccessTokens,
  ApiEventRecorder,
  ApiEventStore,
  ApiKeyRepository,
  PasswordResetTokenStore,
  SalesRefreshTokenStore,
  SalesUserRepository,
} from './application/identity/ports';
import { ApiKeyCache } from './application/identity/api-key-cache';
import { AuthenticateAccessToken } from './application/identity/authenticate-access-token';
import { AuthenticateApiKey } from './application/identity/authenticate-api-key';
import { CreateApiKey } from './application/identity/create-api-key';
import { CreateUser } from './application/identity/create-user';
import { GetApiEvent } from './application/identity/get-api-event';
import { ListApiEvents } from './application/identity/list-api-events';
import { ListApiKeys } from './application/identity/list-api-keys';
import { LogIn } from './application/identity/log-in';
import { LogOut } from './application/identity/log-out';
import { RefreshSession } from './application/identity/refresh-session';
import { RequestPasswordReset } from './application/identity/request-password-reset';
import { ResetPassword } from './application/identity/reset-password';
import { RevokeApiKey } from './application/identity/revoke-api-key';
import { JwtSalesAccessTokens } from './adapters/crypto/jwt-sales-access-tokens';
import { apiKeyRoutes } from './adapters/http/sales/api-key-routes';
import { auditLogRoutes } from './adapters/http/sales/audit-log-routes';
import { authRoutes } from './adapters/http/sales/auth-routes';
import { BatchingApiEventRecorder, DEFAULT_BATCHING } from './adapters/http/sales/batching-api-event-recorder';
import type { GuardDeps } from './adapters/http/sales/guards';
import type { RateLimitRule } from './adapters/http/sales/sales-rate-limit';
import { apiEventIndexes } from './adapters/mongo/api-event-collection';
import { apiKeyIndexes } from './adapters/mongo/api-key-collection';
import { MongoApiEventStore } from './adapters/mongo/mongo-api-event-store';
import { MongoApiKeyRepository } from './adapters/mongo/mongo-api-key-repository';
import { MongoPasswordResetTokenStore } from './adapters/mongo/mongo-password-reset-token-store';
import { MongoSalesRefreshTokenStore } from './adapters/mongo/mongo-sales-refresh-token-store';
import { MongoSalesUserRepository } from './adapters/mongo/mongo-sales-user-repository';
import { passwordResetTokenIndexes } from './adapters/mongo/password-reset-token-collection';
import { salesRefreshTokenIndexes } from './adapters/mongo/sales-refresh-token-collection';
import { salesUserIndexes } from './adapters/mongo/sales-user-collection';

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
  // Sales identity (issue 3).
  Closables: Symbol.for('Closables'),
  SalesUserRepository: Symbol.for('SalesUserRepository'),
  SalesRefreshTokenStore: Symbol.for('SalesRefreshTokenStore'),
  PasswordResetTokenStore: Symbol.for('PasswordResetTokenStore'),
  ApiKeyRepository: Symbol.for('ApiKeyRepository'),
  ApiKeyCache: Symbol.for('ApiKeyCache'),
  ApiEventStore: Symbol.for('ApiEventStore'),
  ApiEventRecorder: Symbol.for('ApiEventRecorder'),
  SalesAccessTokens: Symbol.for('SalesAccessTokens'),
  SalesGuards: Symbol.for('SalesGuards'),
  CreateUser: Symbol.for('CreateUser'),
  LogIn: Symbol.for('LogIn'),
  RefreshSession: Symbol.for('RefreshSession'),
  LogOut: Symbol.for('LogOut'),
  RequestPasswordReset: Symbol.for('RequestPasswordReset'),
  ResetPassword: Symbol.for('ResetPassword'),
  CreateApiKey: Symbol.for('CreateApiKey'),
  ListApiKeys: Symbol.for('ListApiKeys'),
  RevokeApiKey: Symbol.for('RevokeApiKey'),
  ListApiEvents: Symbol.for('ListApiEvents'),
  GetApiEvent: Symbol.for('GetApiEvent'),
  SalesAuthRouter: Symbol.for('SalesAuthRouter'),
  SalesApiKeyRouter: Symbol.for('SalesApiKeyRouter'),
  SalesAuditLogRouter: Symbol.for('SalesAuditLogRouter'),
  SalesExtraRouters: Symbol.for('SalesExtraRouters'),
} as const;

/** Something the runtime closes at shutdown, before the connections it uses (e.g. a write buffer). */
export interface Closable {
  close(): Promise<void>;
}

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
  // Sales identity (issue 3): small limits and short intervals for tests.
  readonly salesRateLimit?: RateLimitRule;
  readonly salesRateLimitRuleFor?: (declared: RateLimitRule) => RateLimitRule;
  readonly apiKeyCacheTtlMs?: number;
  readonly apiEventFlushIntervalMs?: number;
  /** Routes mounted after the real ones (tests and the auth benchmark), built with the real guards. */
  readonly extraSalesRouters?: (guards: GuardDeps) => readonly Router[];
}

/** Every collection's index definitions; each feature adds its collections here. */
const COLLECTION_INDEXES: readonly CollectionIndexes[] = [
  // Sales identity (issue 3).
  salesUserIndexes,
  salesRefreshTokenIndexes,
  passwordResetTokenIndexes,
  apiKeyIndexes,
  apiEventIndexes,
];

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
  container.bind<readonly Router[]>(TYPES.SalesRouters).toResolvedValue(
    // Each entry resolves to a router or a list of routers.
    (...routers: (Router | readonly Router[])[]) => routers.flat(),
    [
      // Sales identity (issue 3).
      TYPES.SalesAuthRouter,
      TYPES.SalesApiKeyRouter,
      TYPES.SalesAuditLogRouter,
      TYPES.SalesExtraRouters,
    ],
  );
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
        buildSalesApp({
          logger, clock, isProduction: config.isProduction, readinessChecks: checks, routers,
          // Sales identity (issue 3): spec part 8 limiter and the API event log.
          rateLimit: {
            store: container.get<RateLimitStore>(TYPES.RateLimitStore),
            trustProxy: config.trustProxy,
            ...(overrides.salesRateLimit === undefined ? {} : { defaultRule: overrides.salesRateLimit }),
            ...(overrides.salesRateLimitRuleFor === undefined ? {} : { ruleFor: overrides.salesRateLimitRuleFor }),
          },
          eventLog: {
            recorder: container.get<ApiEventRecorder>(TYPES.ApiEventRecorder),
            ids: container.get<IdGenerator>(TYPES.IdGenerator),
            trustProxy: config.trustProxy,
          },
        }),
      [TYPES.Logger, TYPES.Clock, TYPES.ReadinessChecks, TYPES.SalesRouters],
    );
  container
    .bind<Koa>(TYPES.HubApp)
    .toResolvedValue(
      (logger: Logger, checks: readonly ReadinessCheck[], routers: readonly Router[]) =>
        buildHubApp({ logger, readinessChecks: checks, routers }),
      [TYPES.Logger, TYPES.ReadinessChecks, TYPES.HubRouters],
    );
  bindSalesIdentity(container, config, overrides);
  return container;
}

/** Sales identity (issue 3): ports, use cases and routers. */
function bindSalesIdentity(container: Container, config: Config, overrides: Overrides): void {
  const closables: Closable[] = [];
  container.bind<Closable[]>(TYPES.Closables).toConstantValue(closables);
  container.bind<SalesUserRepository>(TYPES.SalesUserRepository).toResolvedValue((db: Db) => new MongoSalesUserRepository(db), [TYPES.Db]);
  container.bind<SalesRefreshTokenStore>(TYPES.SalesRefreshTokenStore).toResolvedValue((db: Db) => new MongoSalesRefreshTokenStore(db), [TYPES.Db]);
  container.bind<PasswordResetTokenStore>(TYPES.PasswordResetTokenStore).toResolvedValue((db: Db) => new MongoPasswordResetTokenStore(db), [TYPES.Db]);
  container.bind<ApiKeyRepository>(TYPES.ApiKeyRepository).toResolvedValue((db: Db) => new MongoApiKeyRepository(db), [TYPES.Db]);
  container.bind<ApiEventStore>(TYPES.ApiEventStore).toResolvedValue((db: Db) => new MongoApiEventStore(db), [TYPES.Db]);
  container.bind<ApiEventRecorder>(TYPES.ApiEventRecorder).toResolvedValue(
    (store: ApiEventStore, logger: Logger) => {
      const recorder = new BatchingApiEventRecorder(store, logger, {
        ...DEFAULT_BATCHING,
        ...(overrides.apiEventFlushIntervalMs === undefined ? {} : { flushIntervalMs: overrides.apiEventFlushIntervalMs }),
      });
      // The runtime flushes the buffer at shutdown, before the MongoDB client closes.
      closables.push(recorder);
      return recorder;
    },
    [TYPES.ApiEventStore, TYPES.Logger],
  );
  container.bind<ApiKeyCache>(TYPES.ApiKeyCache).toResolvedValue((clock: Clock) => new ApiKeyCache(clock, overrides.apiKeyCacheTtlMs), [TYPES.Clock]);
  container.bind<AccessTokens>(TYPES.SalesAccessTokens).toConstantValue(new JwtSalesAccessTokens(config.salesJwtSecret));

  container.bind<CreateUser>(TYPES.CreateUser).toResolvedValue(
    (users: SalesUserRepository, hasher: PasswordHasher, ids: IdGenerator, clock: Clock) => new CreateUser(users, hasher, ids, clock),
    [TYPES.SalesUserRepository, TYPES.PasswordHasher, TYPES.IdGenerator, TYPES.Clock],
  );
  container.bind<LogIn>(TYPES.LogIn).toResolvedValue(
    (users: SalesUserRepository, hasher: PasswordHasher, tokens: AccessTokens, refresh: SalesRefreshTokenStore, secrets: SecretGenerator, secretHasher: SecretHasher, clock: Clock) =>
      new LogIn(users, hasher, tokens, refresh, secrets, secretHasher, clock),
    [TYPES.SalesUserRepository, TYPES.PasswordHasher, TYPES.SalesAccessTokens, TYPES.SalesRefreshTokenStore, TYPES.SecretGenerator, TYPES.SecretHasher, TYPES.Clock],
  );
  container.bind<RefreshSession>(TYPES.RefreshSession).toResolvedValue(
    (refresh: SalesRefreshTokenStore, users: SalesUserRepository, tokens: AccessTokens, secretHasher: SecretHasher, clock: Clock) =>
      new RefreshSession(refresh, users, tokens, secretHasher, clock),
    [TYPES.SalesRefreshTokenStore, TYPES.SalesUserRepository, TYPES.SalesAccessTokens, TYPES.SecretHasher, TYPES.Clock],
  );
  container.bind<LogOut>(TYPES.LogOut).toResolvedValue(
    (refresh: SalesRefreshTokenStore, secretHasher: SecretHasher, clock: Clock) => new LogOut(refresh, secretHasher, clock),
    [TYPES.SalesRefreshTokenStore, TYPES.SecretHasher, TYPES.Clock],
  );
  container.bind<RequestPasswordReset>(TYPES.RequestPasswordReset).toResolvedValue(
    (users: SalesUserRepository, resets: PasswordResetTokenStore, mailer: Mailer, secrets: SecretGenerator, secretHasher: SecretHasher, clock: Clock) =>
      new RequestPasswordReset(users, resets, mailer, secrets, secretHasher, clock, config.publicAppUrl),
    [TYPES.SalesUserRepository, TYPES.PasswordResetTokenStore, TYPES.Mailer, TYPES.SecretGenerator, TYPES.SecretHasher, TYPES.Clock],
  );
  container.bind<ResetPassword>(TYPES.ResetPassword).toResolvedValue(
    (resets: PasswordResetTokenStore, users: SalesUserRepository, refresh: SalesRefreshTokenStore, hasher: PasswordHasher, secretHasher: SecretHasher, clock: Clock) =>
      new ResetPassword(resets, users, refresh, hasher, secretHasher, clock),
    [TYPES.PasswordResetTokenStore, TYPES.SalesUserRepository, TYPES.SalesRefreshTokenStore, TYPES.PasswordHasher, TYPES.SecretHasher, TYPES.Clock],
  );
  container.bind<CreateApiKey>(TYPES.CreateApiKey).toResolvedValue(
    (users: SalesUserRepository, keys: ApiKeyRepository, secrets: SecretGenerator, secretHasher: SecretHasher, ids: IdGenerator, clock: Clock) =>
      new CreateApiKey(users, keys, secrets, secretHasher, ids, clock),
    [TYPES.SalesUserRepository, TYPES.ApiKeyRepository, TYPES.SecretGenerator, TYPES.SecretHasher, TYPES.IdGenerator, TYPES.Clock],
  );
  container.bind<ListApiKeys>(TYPES.ListApiKeys).toResolvedValue((keys: ApiKeyRepository) => new ListApiKeys(keys), [TYPES.ApiKeyRepository]);
  container.bind<RevokeApiKey>(TYPES.RevokeApiKey).toResolvedValue(
    (keys: ApiKeyRepository, cache: ApiKeyCache, clock: Clock) => new RevokeApiKey(keys, cache, clock),
    [TYPES.ApiKeyRepository, TYPES.ApiKeyCache, TYPES.Clock],
  );
  container.bind<ListApiEvents>(TYPES.ListApiEvents).toResolvedValue((store: ApiEventStore) => new ListApiEvents(store), [TYPES.ApiEventStore]);
  container.bind<GetApiEvent>(TYPES.GetApiEvent).toResolvedValue((store: ApiEventStore) => new GetApiEvent(store), [TYPES.ApiEventStore]);
  container.bind<GuardDeps>(TYPES.SalesGuards).toResolvedValue(
    (tokens: AccessTokens, keys: ApiKeyRepository, users: SalesUserRepository, secretHasher: SecretHasher, cache: ApiKeyCache, clock: Clock) => ({
      authenticateAccessToken: new AuthenticateAccessToken(tokens, clock),
      authenticateApiKey: new AuthenticateApiKey(keys, users, secretHasher, cache),
    }),
    [TYPES.SalesAccessTokens, TYPES.ApiKeyRepository, TYPES.SalesUserRepository, TYPES.SecretHasher, TYPES.ApiKeyCache, TYPES.Clock],
  );

  const cookies = { isProduction: config.isProduction, cookieDomain: config.cookieDomain };
  container.bind<Router>(TYPES.SalesAuthRouter).toResolvedValue(
    (logIn: LogIn, refreshSession: RefreshSession, logOut: LogOut, requestPasswordReset: RequestPasswordReset, resetPassword: ResetPassword, clock: Clock, logger: Logger) =>
      authRoutes({ logIn, refreshSession, logOut, requestPasswordReset, resetPassword, clock, logger, cookies }),
    [TYPES.LogIn, TYPES.RefreshSession, TYPES.LogOut, TYPES.RequestPasswordReset, TYPES.ResetPassword, TYPES.Clock, TYPES.Logger],
  );
  container.bind<Router>(TYPES.SalesApiKeyRouter).toResolvedValue(
    (guards: GuardDeps, createApiKey: CreateApiKey, listApiKeys: ListApiKeys, revokeApiKey: RevokeApiKey) =>
      apiKeyRoutes({ guards, createApiKey, listApiKeys, revokeApiKey }),
    [TYPES.SalesGuards, TYPES.CreateApiKey, TYPES.ListApiKeys, TYPES.RevokeApiKey],
  );
  container.bind<Router>(TYPES.SalesAuditLogRouter).toResolvedValue(
    (guards: GuardDeps, listApiEvents: ListApiEvents, getApiEvent: GetApiEvent) => auditLogRoutes({ guards, listApiEvents, getApiEvent }),
    [TYPES.SalesGuards, TYPES.ListApiEvents, TYPES.GetApiEvent],
  );
  container.bind<readonly Router[]>(TYPES.SalesExtraRouters).toResolvedValue(
    (guards: GuardDeps) => overrides.extraSalesRouters?.(guards) ?? [],
    [TYPES.SalesGuards],
  );
}
