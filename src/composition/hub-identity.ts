import type { Container } from 'inversify';
import {
  AccessTokenIssuer,
  HubRefreshTokenStore,
  HubResetTokenStore,
  HubUserRepository,
  MembershipRepository,
  OrganizationRepository,
} from '../application/hub-identity/ports';
import { CreateHubUser } from '../application/hub-identity/create-hub-user';
import { CreateOrganization } from '../application/hub-identity/create-organization';
import { GetHubMe } from '../application/hub-identity/get-hub-me';
import { LoginHubUser } from '../application/hub-identity/login-hub-user';
import { RegisterHubUser } from '../application/hub-identity/register-hub-user';
import { RequestHubPasswordReset } from '../application/hub-identity/request-hub-password-reset';
import { ResetHubPassword } from '../application/hub-identity/reset-hub-password';
import { RevokeHubSessions } from '../application/hub-identity/revoke-hub-sessions';
import { RotateRefreshToken } from '../application/hub-identity/rotate-refresh-token';
import { SessionIssuer } from '../application/hub-identity/session-issuer';
import { Hs256Jwt } from '../adapters/crypto/hs256-jwt';
import { authRoutes } from '../adapters/http/hub/hub-identity/auth-routes';
import { HubAccessTokens } from '../adapters/http/hub/hub-access-tokens';
import { DEFAULT_IP_RATE_LIMIT, ipRateLimitRouter, type IpRateLimitOptions } from '../adapters/http/hub/ip-rate-limit';
import { hubIdentityAreaIndexes } from '../adapters/mongo/hub-identity/indexes';
import { MongoHubRefreshTokenStore } from '../adapters/mongo/hub-identity/mongo-hub-refresh-token-store';
import { MongoHubResetTokenStore } from '../adapters/mongo/hub-identity/mongo-hub-reset-token-store';
import { MongoHubUserRepository } from '../adapters/mongo/hub-identity/mongo-hub-user-repository';
import { MongoMembershipRepository } from '../adapters/mongo/hub-identity/mongo-membership-repository';
import { MongoOrganizationRepository } from '../adapters/mongo/hub-identity/mongo-organization-repository';
import { bindPort } from './container';
import { sharedPorts, type Platform } from './platform';

export interface HubIdentityOptions {
  /** CONTRACT 5.3 grace interval for the immediate predecessor of an active refresh token (default 0: strict). */
  readonly hubRefreshGraceMs?: number;
  /** The hub IP limiter of spec part 8 (default 10 requests per 5 minutes). */
  readonly hubIpRateLimit?: IpRateLimitOptions;
}

export type HubIdentityArea = ReturnType<typeof composeHubIdentity>;

/** Organizations, hub users, memberships and sessions (spec hub parts 2, 3, 8; CONTRACT 5). */
export function composeHubIdentity(container: Container, platform: Platform, options: HubIdentityOptions) {
  const { config, db } = platform;
  const { clock, ids, secrets, secretHasher, passwordHasher, rateLimits, mailer } = sharedPorts(container);
  const organizations = bindPort(container, OrganizationRepository, new MongoOrganizationRepository(db));
  const users = bindPort(container, HubUserRepository, new MongoHubUserRepository(db));
  const memberships = bindPort(container, MembershipRepository, new MongoMembershipRepository(db));
  const refreshTokens = bindPort(container, HubRefreshTokenStore, new MongoHubRefreshTokenStore(db));
  const resetTokens = bindPort(container, HubResetTokenStore, new MongoHubResetTokenStore(db));
  const accessTokens = new HubAccessTokens(new Hs256Jwt(config.hubJwtSecret));
  bindPort(container, AccessTokenIssuer, accessTokens);
  const sessions = new SessionIssuer(refreshTokens, accessTokens, secrets, secretHasher);

  const createOrganization = new CreateOrganization(organizations, ids, secrets, clock);
  const createHubUser = new CreateHubUser(users, memberships, organizations, passwordHasher, ids, clock);
  const useCases = {
    createOrganization,
    createHubUser,
    loginHubUser: new LoginHubUser(users, memberships, organizations, passwordHasher, sessions, clock),
    rotateRefreshToken: new RotateRefreshToken(refreshTokens, users, memberships, accessTokens, secrets, secretHasher, clock, options.hubRefreshGraceMs ?? 0),
    revokeHubSessions: new RevokeHubSessions(refreshTokens, clock),
    getHubMe: new GetHubMe(users, organizations),
    registerHubUser: new RegisterHubUser(createHubUser, createOrganization, memberships, organizations, sessions, clock),
    requestHubPasswordReset: new RequestHubPasswordReset(users, resetTokens, mailer, secrets, secretHasher, clock, config.publicAppUrl),
    resetHubPassword: new ResetHubPassword(resetTokens, users, refreshTokens, passwordHasher, secretHasher, clock),
  };
  const routers = [
    // First of every hub router: the IP limiter runs before the routes it protects (the webhooks of
    // hub-leads too) and before the 404 of an unknown webhook path.
    ipRateLimitRouter(rateLimits, config.trustProxy, options.hubIpRateLimit ?? DEFAULT_IP_RATE_LIMIT, platform.metrics.hub),
    authRoutes({
      login: useCases.loginHubUser,
      rotate: useCases.rotateRefreshToken,
      logout: useCases.revokeHubSessions,
      me: useCases.getHubMe,
      register: useCases.registerHubUser,
      forgotPassword: useCases.requestHubPasswordReset,
      resetPassword: useCases.resetHubPassword,
      accessTokens,
      clock,
      secureCookies: config.isProduction,
      hashing: passwordHasher,
    }),
  ];
  return { service: 'hub' as const, useCases, accessTokens, routers, indexes: hubIdentityAreaIndexes };
}
