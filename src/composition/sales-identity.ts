import { ContainerModule } from 'inversify';
import {
  ApiEventRecorder,
  ApiEventStore,
  ApiKeyRepository,
  PasswordResetTokenStore,
  SalesAccessTokens,
  SalesRefreshTokenStore,
  SalesUserRepository,
} from '../application/sales-identity/ports';
import { ApiKeyCache } from '../application/sales-identity/api-key-cache';
import { AuthenticateAccessToken } from '../application/sales-identity/authenticate-access-token';
import { AuthenticateApiKey } from '../application/sales-identity/authenticate-api-key';
import { CreateApiKey } from '../application/sales-identity/create-api-key';
import { CreateSalesUser } from '../application/sales-identity/create-sales-user';
import { FindSalesIdentity } from '../application/sales-identity/find-sales-identity';
import { GetApiEvent } from '../application/sales-identity/get-api-event';
import { ListApiEvents } from '../application/sales-identity/list-api-events';
import { ListApiKeys } from '../application/sales-identity/list-api-keys';
import { LoginSalesUser } from '../application/sales-identity/login-sales-user';
import { LogoutSalesUser } from '../application/sales-identity/logout-sales-user';
import { RefreshSalesSession } from '../application/sales-identity/refresh-sales-session';
import { RequestSalesPasswordReset } from '../application/sales-identity/request-sales-password-reset';
import { ResetSalesPassword } from '../application/sales-identity/reset-sales-password';
import { RevokeApiKey } from '../application/sales-identity/revoke-api-key';
import { SalesSessionEnding } from '../application/sales-identity/sales-session-ending';
import { JwtSalesAccessTokens } from '../adapters/crypto/jwt-sales-access-tokens';
import { apiKeyRoutes } from '../adapters/http/sales/sales-identity/api-key-routes';
import { auditLogRoutes } from '../adapters/http/sales/sales-identity/audit-log-routes';
import { authRoutes } from '../adapters/http/sales/sales-identity/auth-routes';
import { BatchingApiEventRecorder } from '../adapters/api-event-log/batching-api-event-recorder';
import { DEFAULT_BATCHING } from '../adapters/api-event-log/batching-options';
import type { GuardDeps } from '../adapters/http/sales/guards';
import type { SalesAppDeps } from '../adapters/http/sales/sales-app';
import type { RateLimitRule } from '../adapters/http/sales/sales-rate-limit';
import { salesIdentityAreaIndexes } from '../adapters/mongo/sales-identity/indexes';
import { MongoApiEventStore } from '../adapters/mongo/sales-identity/mongo-api-event-store';
import { MongoApiKeyRepository } from '../adapters/mongo/sales-identity/mongo-api-key-repository';
import { MongoPasswordResetTokenStore } from '../adapters/mongo/sales-identity/mongo-password-reset-token-store';
import { MongoSalesRefreshTokenStore } from '../adapters/mongo/sales-identity/mongo-sales-refresh-token-store';
import { MongoSalesUserRepository } from '../adapters/mongo/sales-identity/mongo-sales-user-repository';
import { API_KEYS } from '../adapters/mongo/sales-identity/api-key-collection';
import { SALES_USERS } from '../adapters/mongo/sales-identity/sales-user-collection';
import { MongoReferenceStore } from '../adapters/mongo/shared/mongo-reference-store';
import { ApiKeyUsers } from '../application/sales-identity/data-checks/ports';
import { apiKeyUser } from '../application/sales-identity/data-checks/api-key-user';
import { salesPasswordResetCompletion } from '../application/sales-identity/reset-sales-password';
import { hubPasswordResetCompletion } from '../application/hub-identity/reset-hub-password';
import { HubResetTokenStore, HubUserRepository } from '../application/hub-identity/ports';
import { HubSessionEndingToken } from './hub-identity';
import type { PasswordResetCompletion } from '../application/shared/password-reset-completion';
import { passwordResetsApplied } from '../application/shared/password-resets-applied';
import type { DeclaredDataCheck } from '../application/shared/data-checks/data-check';
import {
  Clock,
  IdGenerator,
  Mailer,
  PasswordHasher,
  RateLimitStore,
  SalesEndedSessions,
  SecretGenerator,
  SecretHasher,
} from '../application/shared/ports';
import { token, type Token } from '../application/shared/token';
import { provide, type Resolve } from './container';
import { Platform } from './platform';

/** Small limits and short intervals for tests. */
export interface SalesIdentityOptions {
  readonly salesRateLimit?: RateLimitRule;
  readonly salesRateLimitRuleFor?: (declared: RateLimitRule) => RateLimitRule;
  readonly apiKeyCacheTtlMs?: number;
  readonly apiEventFlushIntervalMs?: number;
}

/** Ends sales sessions (logout, password reset; CONTRACT 11.2), for the use cases and check-data. */
export const SalesSessionEndingToken: Token<SalesSessionEnding> = token('SalesSessionEnding');

/** The guards of every sales route (JWT, API key), built by this area for the others. */
export const SalesGuards: Token<GuardDeps> = token('SalesGuards');

/** Sales accounts, sessions and API keys, the guards of every sales route, the spec part 8 limiter and the API event log. */
export function salesIdentityModule(options: SalesIdentityOptions): ContainerModule {
  return new ContainerModule(({ bind }) => {
    const db = (get: Resolve) => get(Platform).db;
    provide(bind, SalesUserRepository, (get) => new MongoSalesUserRepository(db(get)));
    provide(bind, SalesRefreshTokenStore, (get) => new MongoSalesRefreshTokenStore(db(get)));
    provide(bind, PasswordResetTokenStore, (get) => new MongoPasswordResetTokenStore(db(get)));
    provide(bind, ApiKeyRepository, (get) => new MongoApiKeyRepository(db(get)));
    provide(bind, ApiEventStore, (get) => new MongoApiEventStore(db(get)));
    provide(
      bind,
      ApiKeyUsers,
      (get) => new MongoReferenceStore(db(get), { from: API_KEYS, field: 'userId', to: SALES_USERS }),
    );
    provide(bind, PasswordResetCompletions, (get) => [
      salesPasswordResetCompletion(
        get(PasswordResetTokenStore),
        get(SalesUserRepository),
        get(SalesSessionEndingToken),
      ),
      hubPasswordResetCompletion(get(HubResetTokenStore), get(HubUserRepository), get(HubSessionEndingToken)),
    ]);
    provide(bind, SalesAccessTokens, (get) => new JwtSalesAccessTokens(get(Platform).config.salesJwtSecret));
    provide(
      bind,
      SalesSessionEndingToken,
      (get) => new SalesSessionEnding(get(SalesRefreshTokenStore), get(SalesEndedSessions), get(SecretHasher)),
    );
    provide(bind, BatchingApiEventRecorder, (get) => {
      const { config, logger, metrics, closables } = get(Platform);
      const recorder = new BatchingApiEventRecorder(
        get(ApiEventStore),
        logger,
        {
          ...DEFAULT_BATCHING,
          maxBuffered: config.eventLogBufferSize,
          ...(options.apiEventFlushIntervalMs === undefined
            ? {}
            : { flushIntervalMs: options.apiEventFlushIntervalMs }),
        },
        get(Clock),
        get(IdGenerator),
      );
      metrics.sales.watchApiEventLog(recorder);
      // The runtime flushes the buffer at shutdown, before the MongoDB client closes.
      closables.push(recorder);
      return recorder;
    });
    provide(bind, ApiEventRecorder, (get) => get(BatchingApiEventRecorder));
    provide(bind, ApiKeyCache, (get) => new ApiKeyCache(get(Clock), options.apiKeyCacheTtlMs));
    provide(bind, SalesIdentityUseCases, salesIdentityUseCases);
    provide(bind, SalesGuards, (get) => ({
      authenticateAccessToken: new AuthenticateAccessToken(get(SalesAccessTokens), get(SalesEndedSessions), get(Clock)),
      authenticateApiKey: new AuthenticateApiKey(
        get(ApiKeyRepository),
        get(SalesUserRepository),
        get(SecretHasher),
        get(ApiKeyCache),
      ),
    }));
    provide(bind, SalesIdentityArea, (get) => salesIdentityArea(get, options));
  });
}

function salesIdentityUseCases(get: Resolve) {
  const { config } = get(Platform);
  const users = get(SalesUserRepository);
  const refresh = get(SalesRefreshTokenStore);
  const resets = get(PasswordResetTokenStore);
  const keys = get(ApiKeyRepository);
  const events = get(ApiEventStore);
  const tokens = get(SalesAccessTokens);
  const clock = get(Clock);
  const ids = get(IdGenerator);
  const secrets = get(SecretGenerator);
  const secretHasher = get(SecretHasher);
  const passwordHasher = get(PasswordHasher);
  const sessions = get(SalesSessionEndingToken);
  return {
    createSalesUser: new CreateSalesUser(users, passwordHasher, ids, clock),
    loginSalesUser: new LoginSalesUser(users, passwordHasher, tokens, refresh, secrets, secretHasher, clock),
    refreshSalesSession: new RefreshSalesSession(refresh, users, tokens, secretHasher, clock),
    logoutSalesUser: new LogoutSalesUser(refresh, sessions, secretHasher, clock),
    requestSalesPasswordReset: new RequestSalesPasswordReset(
      users,
      resets,
      get(Mailer),
      secrets,
      secretHasher,
      clock,
      config.publicAppUrl,
    ),
    resetSalesPassword: new ResetSalesPassword(resets, users, sessions, passwordHasher, secretHasher, clock),
    createApiKey: new CreateApiKey(users, keys, secrets, secretHasher, ids, clock),
    listApiKeys: new ListApiKeys(keys),
    revokeApiKey: new RevokeApiKey(keys, get(ApiKeyCache), clock),
    listApiEvents: new ListApiEvents(events),
    getApiEvent: new GetApiEvent(events),
    findSalesIdentity: new FindSalesIdentity(users),
  };
}
export type SalesIdentityUseCases = ReturnType<typeof salesIdentityUseCases>;
export const SalesIdentityUseCases: Token<SalesIdentityUseCases> = token('SalesIdentityUseCases');

function salesIdentityArea(get: Resolve, options: SalesIdentityOptions) {
  const { config, logger } = get(Platform);
  const useCases = get(SalesIdentityUseCases);
  const guards = get(SalesGuards);
  const eventRecorder = get(BatchingApiEventRecorder);
  const clock = get(Clock);
  const passwordHasher = get(PasswordHasher);
  /** What the sales app wraps every request in. */
  const appMiddleware: Required<Pick<SalesAppDeps, 'rateLimit' | 'eventLog'>> = {
    rateLimit: {
      store: get(RateLimitStore),
      trustProxy: config.trustProxy,
      ...(options.salesRateLimit === undefined ? {} : { defaultRule: options.salesRateLimit }),
      ...(options.salesRateLimitRuleFor === undefined ? {} : { ruleFor: options.salesRateLimitRuleFor }),
    },
    eventLog: { recorder: eventRecorder, ids: get(IdGenerator), trustProxy: config.trustProxy },
  };
  const { createApiKey, listApiKeys, revokeApiKey, listApiEvents, getApiEvent } = useCases;
  const routers = [
    authRoutes({
      logIn: useCases.loginSalesUser,
      refreshSession: useCases.refreshSalesSession,
      logOut: useCases.logoutSalesUser,
      requestPasswordReset: useCases.requestSalesPasswordReset,
      resetPassword: useCases.resetSalesPassword,
      clock,
      logger,
      cookies: { isProduction: config.isProduction, cookieDomain: config.cookieDomain },
      hashing: passwordHasher,
    }),
    apiKeyRoutes({ guards, createApiKey, listApiKeys, revokeApiKey }),
    auditLogRoutes({ guards, listApiEvents, getApiEvent }),
  ];
  return {
    service: 'sales' as const,
    useCases,
    guards,
    eventRecorder,
    appMiddleware,
    routers,
    indexes: salesIdentityAreaIndexes(config.eventLogRetentionDays),
    // The API keys' users; the password resets of both services, one mechanism (CONTRACT 10.2).
    dataChecks: [
      { position: 150, check: apiKeyUser(get(ApiKeyUsers)) },
      { position: 160, check: passwordResetsApplied(get(PasswordResetCompletions)) },
    ] satisfies DeclaredDataCheck[],

    /** CONTRACT 11.2: this copy's list of ended sessions and what ends them (bench:auth measures both). */
    endedSessions: get(SalesEndedSessions),
    sessionEnding: get(SalesSessionEndingToken),
  };
}
export type SalesIdentityArea = ReturnType<typeof salesIdentityArea>;
export const SalesIdentityArea: Token<SalesIdentityArea> = token('SalesIdentityArea');
/**
 * The completions of the sales and the hub password resets (CONTRACT 10.2): check-data's repair and
 * serve's tick. Bound here with the sales resets; the hub's come from its area's ports.
 */
export const PasswordResetCompletions: Token<readonly PasswordResetCompletion[]> = token('PasswordResetCompletions');
