import * as E from 'fp-ts/Either';
import * as t from 'io-ts';
import type { AccessClaims, AccessTokenIssuer } from '../../../application/hub-identity/ports';
import type { EndedSessions } from '../../../application/shared/ports';
import { ACCESS_TOKEN_TTL_SECONDS } from '../../../domain/hub-identity/refresh-token';
import { isRole } from '../../../domain/hub-identity/role';
import { Hs256Jwt } from '../../crypto/hs256-jwt';

/** CONTRACT 11.1: `iss` and `aud` of every hub access token. */
export const HUB_TOKEN_SERVICE = 'brokerhub-hub';

/** The auth context handlers receive (spec part 2): exactly what the token was issued for. */
export type HubAuth = AccessClaims;

const AccessPayload = t.type({
  sub: t.string,
  email: t.string,
  orgId: t.string,
  role: t.string,
  permissions: t.array(t.string),
  sid: t.string,
  iat: t.number,
  exp: t.number,
});

/**
 * Hub access tokens: HS256 (pinned, KeyObject secret), `typ: at+jwt`, iss and aud `brokerhub-hub`, the
 * claims of spec part 2 plus `sid` and `jti` (CONTRACT 11.1), 900 s. A request's token is also refused
 * once its session ended (CONTRACT 11.2): a lookup in memory.
 */
export class HubAccessTokens implements AccessTokenIssuer {
  private readonly jwt: Hs256Jwt;

  constructor(
    secret: string,
    private readonly endedSessions: EndedSessions,
  ) {
    this.jwt = new Hs256Jwt(secret, HUB_TOKEN_SERVICE);
  }

  issue(claims: AccessClaims, now: Date): { accessToken: string; expiresAt: number } {
    const nowSeconds = Math.floor(now.getTime() / 1000);
    const accessToken = this.jwt.sign(
      {
        sub: claims.userId,
        email: claims.email,
        orgId: claims.orgId,
        role: claims.role,
        permissions: [...claims.permissions],
        sid: claims.sessionId,
      },
      ACCESS_TOKEN_TTL_SECONDS,
      nowSeconds,
    );
    return { accessToken, expiresAt: nowSeconds + ACCESS_TOKEN_TTL_SECONDS };
  }

  /** The auth context of a valid, unexpired access token of the hub; undefined for anything else. */
  verify(token: string, now: Date): HubAuth | undefined {
    const payload = this.jwt.verify(token, Math.floor(now.getTime() / 1000));
    const decoded = AccessPayload.decode(payload);
    if (E.isLeft(decoded) || !isRole(decoded.right.role)) return undefined;
    const { sub, email, orgId, role, permissions, sid } = decoded.right;
    return { userId: sub, email, orgId, role, permissions, sessionId: sid };
  }

  /** What a request's token vouches for: `verify`, and its session has not ended. */
  async authenticate(token: string, now: Date): Promise<HubAuth | undefined> {
    const auth = this.verify(token, now);
    if (auth === undefined || (await this.endedSessions.isEnded(auth.sessionId))) return undefined;
    return auth;
  }
}
