import type { Container } from 'inversify';
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
import { JwtSalesAccessTokens } from '../adapters/crypto/jwt-sales-access-tokens';
import { apiKeyRoutes } from '../adapters/http/sales/sales-identity/api-key-routes';
import { auditLogRoutes } from '../adapters/http/sales/sales-identity/audit-log-routes';
import { authRoutes } from '../adapters/http/sales/sales-identity/auth-routes';
import { BatchingApiEventRecorder, DEFAULT_BATCHING } from '../adapters/http/sales/batching-api-event-recorder';
import type { GuardDeps } from '../adapters/http/sales/guards';
import type { SalesAppDeps } from '../adapters/http/sales/sales-app';
import type { RateLimitRule } from '../adapters/http/sales/sales-rate-limit';
import { salesIdentityAreaIndexes } from '../adapters/mongo/sales-identity/indexes';
import { MongoApiEventStore } from '../adapters/mongo/sales-identity/mongo-api-event-store';
import { MongoApiKeyRepository } from '../adapters/mongo/sales-identity/mongo-api-key-repository';
import { MongoPasswordResetTokenStore } from '../adapters/mongo/sales-identity/mongo-password-reset-token-store';
import { MongoSalesRefreshTokenStore } from '../adapters/mongo/sales-identity/mongo-sales-refresh-token-store';
import { MongoSalesUserRepository } from '../adapters/mongo/sales-identity/mongo-sales-user-repository';
import { bindPort } from './container';
import { sharedPorts, type Platform } from './platform';

/** Small limits and short intervals for tests. */
export interface SalesIdentityOptions {
  readonly salesRateLimit?: RateLimitRule;
  readonly salesRateLimitRuleFor?: (declared: RateLimitRule) => RateLimitRule;
  readonly apiKeyCacheTtlMs?: number;
  readonly apiEventFlushIntervalMs?: number;
}

export type SalesIdentityArea = ReturnType<typeof composeSalesIdentity>;

/** Sales accounts, sessions and API keys, the guards of every sales route, the spec part 8 limiter and the API event log. */
export function composeSalesIdentity(container: Container, platform: Platform, options: SalesIdentityOptions) {
  const { config, db, logger } = platform;
  const { clock, ids, secrets, secretHasher, passwordHasher, rateLimits, mailer } = sharedPorts(container);
  const users = bindPort(container, SalesUserRepository, new MongoSalesUserRepository(db));
  const refresh = bindPort(container, SalesRefreshTokenStore, new MongoSalesRefreshTokenStore(db));
  const resets = bindPort(container, PasswordResetTokenStore, new MongoPasswordResetTokenStore(db));
  const keys = bindPort(container, ApiKeyRepository, new MongoApiKeyRepository(db));
  const events = bindPort(container, ApiEventStore, new MongoApiEventStore(db));
  const tokens = bindPort(container, SalesAccessTokens, new JwtSalesAccessTokens(config.salesJwtSecret));
  const eventRecorder = new BatchingApiEventRecorder(
    events,
    logger,
    {
      ...DEFAULT_BATCHING,
      maxBuffered: config.eventLogBufferSize,
      ...(options.apiEventFlushIntervalMs === undefined ? {} : { flushIntervalMs: options.apiEventFlushIntervalMs }),
    },
    clock,
  );
  bindPort(container, ApiEventRecorder, eventRecorder);
  platform.metrics.sales.watchApiEventLog(eventRecorder);
  // The runtime flushes the buffer at shutdown, before the MongoDB client closes.
  platform.closables.push(eventRecorder);
  const keyCache = new ApiKeyCache(clock, options.apiKeyCacheTtlMs);

  const useCases = {
    createSalesUser: new CreateSalesUser(users, passwordHasher, ids, clock),
    loginSalesUser: new LoginSalesUser(users, passwordHasher, tokens, refresh, secrets, secretHasher, clock),
    refreshSalesSession: new RefreshSalesSession(refresh, users, tokens, secretHasher, clock),
    logoutSalesUser: new LogoutSalesUser(refresh, secretHasher, clock),
    requestSalesPasswordReset: new RequestSalesPasswordReset(users, resets, mailer, secrets, secretHasher, clock, config.publicAppUrl),
    resetSalesPassword: new ResetSalesPassword(resets, users, refresh, passwordHasher, secretHasher, clock),
    createApiKey: new CreateApiKey(users, keys, secrets, secretHasher, ids, clock),
    listApiKeys: new ListApiKeys(keys),
    revokeApiKey: new RevokeApiKey(keys, keyCache, clock),
    listApiEvents: new ListApiEvents(events),
    getApiEvent: new GetApiEvent(events),
    findSalesIdentity: new FindSalesIdentity(users),
  };
  const guards: GuardDeps = {
    authenticateAccessToken: new AuthenticateAccessToken(tokens, clock),
    authenticateApiKey: new AuthenticateApiKey(keys, users, secretHasher, keyCache),
  };
  /** What the sales app wraps every request in. */
  const appMiddleware: Required<Pick<SalesAppDeps, 'rateLimit' | 'eventLog'>> = {
    rateLimit: {
      store: rateLimits,
      trustProxy: config.trustProxy,
      ...(options.salesRateLimit === undefined ? {} : { defaultRule: options.salesRateLimit }),
      ...(options.salesRateLimitRuleFor === undefined ? {} : { ruleFor: options.salesRateLimitRuleFor }),
    },
    eventLog: { recorder: eventRecorder, ids, trustProxy: config.trustProxy },
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
  return { service: 'sales' as const, useCases, guards, eventRecorder, appMiddleware, routers, indexes: salesIdentityAreaIndexes(config.eventLogRetentionDays) };
}
