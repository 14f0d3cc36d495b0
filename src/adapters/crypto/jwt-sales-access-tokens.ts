import type { AccessTokens } from '../../application/identity/ports';
import { roleOrOperator } from '../../domain/identity/role';
import type { SalesIdentity } from '../../domain/identity/sales-user';
import { ACCESS_TOKEN_TTL_SECONDS } from '../../domain/identity/session-lifetimes';
import { Hs256Jwt } from './hs256-jwt';

/** The sales access token: HS256 JWT with claims sub, email, role, valid 1 hour (spec part 8). */
export class JwtSalesAccessTokens implements AccessTokens {
  private readonly jwt: Hs256Jwt;

  constructor(secret: string) {
    this.jwt = new Hs256Jwt(secret);
  }

  issue(identity: SalesIdentity, now: Date): string {
    return this.jwt.sign({ sub: identity.id, email: identity.username, role: identity.role }, ACCESS_TOKEN_TTL_SECONDS, seconds(now));
  }

  verify(token: string, now: Date): SalesIdentity | undefined {
    const payload = this.jwt.verify(token, seconds(now));
    if (payload === undefined) return undefined;
    const { sub, email, role } = payload;
    // The signature proves we issued it, but a token without exp would never expire: refuse it.
    if (typeof sub !== 'string' || typeof email !== 'string' || typeof payload.exp !== 'number') return undefined;
    return { id: sub, username: email, role: roleOrOperator(role) };
  }
}

function seconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}
