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
import { SalesSessionEnding, SalesSessionEndingToken } from '../application/sales-identity/sales-session-ending';
import { JwtSalesAccessTokens } from '../adapters/crypto/jwt-sales-access-tokens';
import { apiKeyRoutes } from '../adapters/http/sales/sales-identity/api-key-routes';
import { auditLogRoutes } from '../adapters/http/sales/sales-identity/audit-log-routes';
import { authRoutes } from '../adapters/http/sales/sales-identity/auth-routes';
import { BatchingApiEventRecorder } from '../adapters/api-event-log/batching-api-event-recorder';
import type { GuardDeps } from '../adapters/http/sales/guards';
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
import { PasswordResetCompletions } from '../application/shared/password-reset-completion';
import { passwordResetsApplied } from '../application/shared/password-resets-applied';
import type { DeclaredDataCheck } from '../application/shared/data-checks/data-check';
import {
  Clock,
  IdGenerator,
  Mailer,
  PasswordHasher,
  SalesEndedSessions,
  SecretGenerator,
  SecretHasher,
} from '../application/shared/ports';
import { token, type Token } from '../application/shared/token';
import { provide, type Resolve } from './container';
import { Platform } from './platform';
import { apiEventRecorder, appMiddlewareOf } from './sales-identity/event-log';

/** Small limits and short intervals for tests. */
export interface SalesIdentityOptions {
  readonly salesRateLimit?: RateLimitRule;
  readonly salesRateLimitRuleFor?: (declared: RateLimitRule) => RateLimitRule;
  readonly apiKeyCacheTtlMs?: number;
  readonly apiEventFlushIntervalMs?: number;
}

/** The guards of every sales route (JWT, API key), built by this area for the others. */
export const SalesGuards: Token<GuardDeps> = token('SalesGuards');

/**
 * Sales accounts, sessions and API keys, the guards of every sales route, the spec part 8 limiter and the API event
 * log.
 */
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
    provide(bind, BatchingApiEventRecorder, (get) => apiEventRecorder(get, options));
    provide(bind, ApiEventRecorder, (get) => get(BatchingApiEventRecorder));
    provide(bind, ApiKeyCache, (get) => new ApiKeyCache(get(Clock), options.apiKeyCacheTtlMs));
    provide(bind, SalesIdentityUseCases, salesIdentityUseCases);
    provide(bind, SalesGuards, salesGuards);
    provide(bind, SalesIdentityArea, (get) => salesIdentityArea(get, options));
  });
}

function salesGuards(get: Resolve): GuardDeps {
  return {
    authenticateAccessToken: new AuthenticateAccessToken(get(SalesAccessTokens), get(SalesEndedSessions), get(Clock)),
    authenticateApiKey: new AuthenticateApiKey(
      get(ApiKeyRepository),
      get(SalesUserRepository),
      get(SecretHasher),
      get(ApiKeyCache),
    ),
  };
}

function salesIdentityUseCases(get: Resolve) {
  const { config } = get(Platform);
  const users = get(SalesUserRepository);
  const refresh = get(SalesRefreshTokenStore);
  const keys = get(ApiKeyRepository);
  const tokens = get(SalesAccessTokens);
  const clock = get(Clock);
  const secrets = get(SecretGenerator);
  const secretHasher = get(SecretHasher);
  const passwordHasher = get(PasswordHasher);
  const sessions = get(SalesSessionEndingToken);
  return {
    createSalesUser: new CreateSalesUser(users, passwordHasher, get(IdGenerator), clock),
    loginSalesUser: new LoginSalesUser(users, passwordHasher, tokens, refresh, secrets, secretHasher, clock),
    refreshSalesSession: new RefreshSalesSession(refresh, users, tokens, secretHasher, clock),
    logoutSalesUser: new LogoutSalesUser(refresh, sessions, secretHasher, clock),
    requestSalesPasswordReset: new RequestSalesPasswordReset(
      users,
      get(PasswordResetTokenStore),
      get(Mailer),
      secrets,
      secretHasher,
      clock,
      config.publicAppUrl,
    ),
    resetSalesPassword: new ResetSalesPassword(
      get(PasswordResetTokenStore),
      users,
      sessions,
      passwordHasher,
      secretHasher,
      clock,
    ),
    createApiKey: new CreateApiKey(users, keys, secrets, secretHasher, get(IdGenerator), clock),
    listApiKeys: new ListApiKeys(keys),
    revokeApiKey: new RevokeApiKey(keys, get(ApiKeyCache), clock),
    listApiEvents: new ListApiEvents(get(ApiEventStore)),
    getApiEvent: new GetApiEvent(get(ApiEventStore)),
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
  const appMiddleware = appMiddlewareOf(get, options, eventRecorder);
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
