import { newSessionToken } from '../../domain/hub-identity/refresh-token';
import { resolvePermissions } from '../../domain/hub-identity/role';
import type { HubUser, Membership, Organization } from '../../domain/hub-identity/tenancy';
import type { SecretGenerator, SecretHasher } from '../shared/ports';
import type { AccessClaims, AccessTokenIssuer, HubRefreshTokenStore } from './ports';

/** What login and register answer (spec part 2 "Login response") plus the refresh token for the cookie. */
export interface HubSession {
  readonly accessToken: string;
  readonly expiresAt: number;
  readonly refreshToken: string;
  readonly user: { readonly id: string; readonly email: string; readonly name: string; readonly language: string };
  readonly org: { readonly id: string; readonly name: string; readonly role: string };
}

/** `sessionId`: the refresh-token family the token is issued from (CONTRACT 11.1 `sid`). */
export function accessClaimsOf(user: HubUser, membership: Membership, sessionId: string): AccessClaims {
  return {
    userId: user.id,
    email: user.email,
    orgId: membership.orgId,
    role: membership.role,
    permissions: resolvePermissions(membership.role, membership.permissions),
    sessionId,
  };
}

/** Starts a session (a new refresh-token family) for a user in one of their organizations. */
export class SessionIssuer {
  constructor(
    private readonly tokens: HubRefreshTokenStore,
    private readonly accessTokens: AccessTokenIssuer,
    private readonly secrets: SecretGenerator,
    private readonly hasher: SecretHasher,
  ) {}

  async start(user: HubUser, membership: Membership, org: Organization, now: Date): Promise<HubSession> {
    // Spec part 5.3: the refresh token is an opaque UUID v4; only its hash is stored.
    const refreshToken = this.secrets.uuid();
    const first = newSessionToken(
      { id: this.secrets.uuid(), tokenHash: this.hasher.hash(refreshToken), userId: user.id, orgId: org.id },
      now,
    );
    await this.tokens.create(first);
    const claims = accessClaimsOf(user, membership, first.familyId);
    const { accessToken, expiresAt } = this.accessTokens.issue(claims, now);
    return {
      accessToken,
      expiresAt,
      refreshToken,
      user: { id: user.id, email: user.email, name: user.name, language: user.language },
      org: { id: org.id, name: org.name, role: membership.role },
    };
  }
}
