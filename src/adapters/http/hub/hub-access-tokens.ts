import * as E from 'fp-ts/Either';
import * as t from 'io-ts';
import type { AccessClaims, AccessTokenIssuer } from '../../../application/hub-identity/ports';
import { ACCESS_TOKEN_TTL_SECONDS } from '../../../domain/hub-identity/refresh-token';
import { isRole } from '../../../domain/hub-identity/role';
import type { Hs256Jwt } from '../../crypto/hs256-jwt';

/** The auth context handlers receive (spec part 2): exactly what the token was issued for. */
export type HubAuth = AccessClaims;

const AccessPayload = t.type({
  sub: t.string,
  email: t.string,
  orgId: t.string,
  role: t.string,
  permissions: t.array(t.string),
  iat: t.number,
  exp: t.number,
});

/** Hub access tokens: HS256 (pinned, KeyObject secret), exactly the claims of spec part 2, 900 s. */
export class HubAccessTokens implements AccessTokenIssuer {
  constructor(private readonly jwt: Hs256Jwt) {}

  issue(claims: AccessClaims, now: Date): { accessToken: string; expiresAt: number } {
    const nowSeconds = Math.floor(now.getTime() / 1000);
    const accessToken = this.jwt.sign(
      {
        sub: claims.userId,
        email: claims.email,
        orgId: claims.orgId,
        role: claims.role,
        permissions: [...claims.permissions],
      },
      ACCESS_TOKEN_TTL_SECONDS,
      nowSeconds,
    );
    return { accessToken, expiresAt: nowSeconds + ACCESS_TOKEN_TTL_SECONDS };
  }

  /** The auth context of a valid, unexpired access token; undefined for anything else. */
  verify(token: string, now: Date): HubAuth | undefined {
    const payload = this.jwt.verify(token, Math.floor(now.getTime() / 1000));
    const decoded = AccessPayload.decode(payload);
    if (E.isLeft(decoded) || !isRole(decoded.right.role)) return undefined;
    const { sub, email, orgId, role, permissions } = decoded.right;
    return { userId: sub, email, orgId, role, permissions };
  }
}
