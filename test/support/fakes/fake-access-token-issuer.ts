import type { AccessClaims, AccessTokenIssuer } from '../../../src/application/hub-identity/ports';
import { ACCESS_TOKEN_TTL_SECONDS } from '../../../src/domain/hub-identity/refresh-token';

/**
 * The fake AccessTokenIssuer: opaque `access-<n>` tokens remembered with their claims instead of
 * signed JWTs. Like HubAccessTokens it verifies a token only before its expiry, so it passes the same
 * contract suite.
 */
export class FakeAccessTokenIssuer implements AccessTokenIssuer {
  private readonly issued = new Map<string, { readonly claims: AccessClaims; readonly expiresAt: number }>();

  issue(claims: AccessClaims, now: Date): { accessToken: string; expiresAt: number } {
    const expiresAt = Math.floor(now.getTime() / 1000) + ACCESS_TOKEN_TTL_SECONDS;
    const accessToken = `access-${this.issued.size + 1}`;
    this.issued.set(accessToken, { claims: { ...claims, permissions: [...claims.permissions] }, expiresAt });
    return { accessToken, expiresAt };
  }

  verify(token: string, now: Date): AccessClaims | undefined {
    const entry = this.issued.get(token);
    if (entry === undefined || Math.floor(now.getTime() / 1000) >= entry.expiresAt) return undefined;
    return { ...entry.claims, permissions: [...entry.claims.permissions] };
  }
}
