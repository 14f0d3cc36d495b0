import type { SalesAccessTokens } from '../../application/sales-identity/ports';
import { roleOrOperator } from '../../domain/sales-identity/role';
import type { SalesIdentity } from '../../domain/sales-identity/sales-user';
import { ACCESS_TOKEN_TTL_SECONDS } from '../../domain/sales-identity/session-lifetimes';
import { sha256Hex } from './crypto-secrets';
import { Hs256Jwt } from './hs256-jwt';

export const DEFAULT_VERIFIED_TOKEN_CACHE_SIZE = 10_000;

interface Verified {
  readonly identity: SalesIdentity;
  readonly exp: number;
}

/**
 * The sales access token: HS256 JWT with claims sub, email, role, valid 1 hour (spec part 8).
 *
 * A token that verified once is remembered (by its SHA-256, never the token itself) until its own
 * `exp`: a browser or integration sends the same token on every request, and skipping the repeated
 * signature check keeps authentication a small fraction of a request's cost (bench:auth). This is
 * exactly as strong as verifying again: a JWT cannot be revoked before `exp` anyway, and any other
 * token (tampered, re-signed, alg none) has another hash and goes through full verification.
 */
export class JwtSalesAccessTokens implements SalesAccessTokens {
  private readonly jwt: Hs256Jwt;
  private readonly verified = new Map<string, Verified>();

  constructor(
    secret: string,
    private readonly cacheSize: number = DEFAULT_VERIFIED_TOKEN_CACHE_SIZE,
  ) {
    this.jwt = new Hs256Jwt(secret);
  }

  issue(identity: SalesIdentity, now: Date): string {
    return this.jwt.sign(
      { sub: identity.id, email: identity.username, role: identity.role },
      ACCESS_TOKEN_TTL_SECONDS,
      seconds(now),
    );
  }

  verify(token: string, now: Date): SalesIdentity | undefined {
    const nowSeconds = seconds(now);
    const digest = sha256Hex(token);
    const known = this.verified.get(digest);
    if (known !== undefined) {
      // Same rule as jsonwebtoken: expired when now >= exp.
      if (nowSeconds < known.exp) return known.identity;
      this.verified.delete(digest);
      return undefined;
    }
    const payload = this.jwt.verify(token, nowSeconds);
    if (payload === undefined) return undefined;
    const { sub, email, role, exp } = payload;
    // The signature proves we issued it, but a token without exp would never expire: refuse it.
    if (typeof sub !== 'string' || typeof email !== 'string' || typeof exp !== 'number') return undefined;
    const identity: SalesIdentity = { id: sub, username: email, role: roleOrOperator(role) };
    this.remember(digest, { identity, exp });
    return identity;
  }

  private remember(digest: string, entry: Verified): void {
    if (this.cacheSize <= 0) return;
    // Map keeps insertion order: when full, the oldest entry goes.
    if (this.verified.size >= this.cacheSize) {
      const oldest = this.verified.keys().next();
      if (oldest.done !== true) this.verified.delete(oldest.value);
    }
    this.verified.set(digest, entry);
  }
}

function seconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}
