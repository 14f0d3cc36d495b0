import { ContainerModule } from 'inversify';
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
import { HubSessionEnding } from '../application/hub-identity/hub-session-ending';
import { authRoutes } from '../adapters/http/hub/hub-identity/auth-routes';
import { HubAccessTokens } from '../adapters/http/hub/hub-access-tokens';
import { DEFAULT_IP_RATE_LIMIT, ipRateLimitRouter, type IpRateLimitOptions } from '../adapters/http/hub/ip-rate-limit';
import { hubIdentityAreaIndexes } from '../adapters/mongo/hub-identity/indexes';
import { MongoHubMembershipStore } from '../adapters/mongo/hub-identity/mongo-hub-membership-store';
import { MongoRefreshClaimStore } from '../adapters/mongo/hub-identity/mongo-refresh-claim-store';
import { HubMembershipStore, RefreshClaimStore } from '../application/hub-identity/data-checks/ports';
import { hubMembershipsWithoutUser } from '../application/hub-identity/data-checks/hub-memberships-without-user';
import { refreshClaimOutcome } from '../application/hub-identity/data-checks/refresh-claim-outcome';
import type { DeclaredDataCheck } from '../application/shared/data-checks/data-check';
import { MongoHubRefreshTokenStore } from '../adapters/mongo/hub-identity/mongo-hub-refresh-token-store';
import { MongoHubResetTokenStore } from '../adapters/mongo/hub-identity/mongo-hub-reset-token-store';
import { MongoHubUserRepository } from '../adapters/mongo/hub-identity/mongo-hub-user-repository';
import { MongoMembershipRepository } from '../adapters/mongo/hub-identity/mongo-membership-repository';
import { MongoOrganizationRepository } from '../adapters/mongo/hub-identity/mongo-organization-repository';
import {
  Clock,
  IdGenerator,
  Mailer,
  PasswordHasher,
  HubEndedSessions,
  RateLimitStore,
  SecretGenerator,
  SecretHasher,
} from '../application/shared/ports';
import { token, type Token } from '../application/shared/token';
import { provide, type Resolve } from './container';
import { Platform } from './platform';

export interface HubIdentityOptions {
  /** CONTRACT 5.3 grace interval for the immediate predecessor of an active refresh token (default 0: strict). */
  readonly hubRefreshGraceMs?: number;
  /** The hub IP limiter of spec part 8 (default 10 requests per 5 minutes). */
  readonly hubIpRateLimit?: IpRateLimitOptions;
}

/** Ends every hub session of a user (logout, reuse, password reset; CONTRACT 11.2). */
export const HubSessionEndingToken: Token<HubSessionEnding> = token('HubSessionEnding');

/** Organizations, hub users, memberships and sessions (spec hub parts 2, 3, 8; CONTRACT 5). */
export function hubIdentityModule(options: HubIdentityOptions): ContainerModule {
  return new ContainerModule(({ bind }) => {
    provide(bind, OrganizationRepository, (get) => new MongoOrganizationRepository(get(Platform).db));
    provide(bind, HubUserRepository, (get) => new MongoHubUserRepository(get(Platform).db));
    provide(bind, MembershipRepository, (get) => new MongoMembershipRepository(get(Platform).db));
    provide(bind, HubRefreshTokenStore, (get) => new MongoHubRefreshTokenStore(get(Platform).db));
    provide(bind, HubResetTokenStore, (get) => new MongoHubResetTokenStore(get(Platform).db));
    provide(bind, RefreshClaimStore, (get) => new MongoRefreshClaimStore(get(Platform).db));
    provide(bind, HubMembershipStore, (get) => new MongoHubMembershipStore(get(Platform).db));
    // Issues the hub's access tokens and verifies them for every hub route (hub-leads' too).
    provide(
      bind,
      HubSessionEndingToken,
      (get) => new HubSessionEnding(get(HubRefreshTokenStore), get(HubEndedSessions)),
    );
    provide(
      bind,
      HubAccessTokens,
      (get) => new HubAccessTokens(get(Platform).config.hubJwtSecret, get(HubEndedSessions)),
    );
    provide(bind, AccessTokenIssuer, (get) => get(HubAccessTokens));
    provide(bind, HubIdentityUseCases, (get) => hubIdentityUseCases(get, options));
    provide(bind, HubIdentityArea, (get) => hubIdentityArea(get, options));
  });
}

function hubIdentityUseCases(get: Resolve, options: HubIdentityOptions) {
  const clock = get(Clock);
  const ids = get(IdGenerator);
  const secrets = get(SecretGenerator);
  const secretHasher = get(SecretHasher);
  const passwordHasher = get(PasswordHasher);
  const organizations = get(OrganizationRepository);
  const users = get(HubUserRepository);
  const memberships = get(MembershipRepository);
  const refreshTokens = get(HubRefreshTokenStore);
  const accessTokens = get(HubAccessTokens);
  const sessions = new SessionIssuer(refreshTokens, accessTokens, secrets, secretHasher);
  const ending = get(HubSessionEndingToken);
  const createOrganization = new CreateOrganization(organizations, ids, secrets, clock);
  const createHubUser = new CreateHubUser(users, memberships, organizations, passwordHasher, ids, clock);
  return {
    createOrganization,
    createHubUser,
    loginHubUser: new LoginHubUser(users, memberships, organizations, passwordHasher, sessions, clock),
    rotateRefreshToken: new RotateRefreshToken(
      refreshTokens,
      ending,
      users,
      memberships,
      accessTokens,
      secrets,
      secretHasher,
      clock,
      options.hubRefreshGraceMs ?? 0,
    ),
    revokeHubSessions: new RevokeHubSessions(ending, clock),
    getHubMe: new GetHubMe(users, organizations),
    registerHubUser: new RegisterHubUser(
      users,
      memberships,
      organizations,
      createOrganization,
      passwordHasher,
      sessions,
      ids,
      clock,
    ),
    ...passwordResetUseCases(get, ending),
  };
}

/** Forgot password and reset password (spec hub part 3); resetting ends every session of the user. */
function passwordResetUseCases(get: Resolve, ending: HubSessionEnding) {
  const clock = get(Clock);
  const secretHasher = get(SecretHasher);
  const users = get(HubUserRepository);
  const resetTokens = get(HubResetTokenStore);
  return {
    requestHubPasswordReset: new RequestHubPasswordReset(
      users,
      resetTokens,
      get(Mailer),
      get(SecretGenerator),
      secretHasher,
      clock,
      get(Platform).config.publicAppUrl,
    ),
    resetHubPassword: new ResetHubPassword(resetTokens, users, ending, get(PasswordHasher), secretHasher, clock),
  };
}
export type HubIdentityUseCases = ReturnType<typeof hubIdentityUseCases>;
export const HubIdentityUseCases: Token<HubIdentityUseCases> = token('HubIdentityUseCases');

function hubIdentityArea(get: Resolve, options: HubIdentityOptions) {
  const { config, metrics } = get(Platform);
  const useCases = get(HubIdentityUseCases);
  const accessTokens = get(HubAccessTokens);
  const routers = [
    // First of every hub router: the IP limiter runs before the routes it protects (the webhooks of
    // hub-leads too) and before the 404 of an unknown webhook path.
    ipRateLimitRouter(
      get(RateLimitStore),
      config.trustProxy,
      options.hubIpRateLimit ?? DEFAULT_IP_RATE_LIMIT,
      metrics.hub,
    ),
    authRoutes({
      login: useCases.loginHubUser,
      rotate: useCases.rotateRefreshToken,
      logout: useCases.revokeHubSessions,
      me: useCases.getHubMe,
      register: useCases.registerHubUser,
      forgotPassword: useCases.requestHubPasswordReset,
      resetPassword: useCases.resetHubPassword,
      accessTokens,
      clock: get(Clock),
      secureCookies: config.isProduction,
      hashing: get(PasswordHasher),
    }),
  ];
  return {
    service: 'hub' as const,
    useCases,
    accessTokens,
    routers,
    indexes: hubIdentityAreaIndexes,
    dataChecks: dataChecks(get),
  };
}

/** The refresh rotations and the registrations a dead request left half-done (CONTRACT 5, 10.2). */
function dataChecks(get: Resolve): DeclaredDataCheck[] {
  return [
    { position: 110, check: refreshClaimOutcome(get(RefreshClaimStore)) },
    { position: 120, check: hubMembershipsWithoutUser(get(HubMembershipStore)) },
  ];
}
export type HubIdentityArea = ReturnType<typeof hubIdentityArea>;
export const HubIdentityArea: Token<HubIdentityArea> = token('HubIdentityArea');
