import type { SalesAccessTokens, SalesSession } from '../../application/sales-identity/ports';
import { isSalesRole } from '../../domain/sales-identity/role';
import type { SalesIdentity } from '../../domain/sales-identity/sales-user';
import { ACCESS_TOKEN_TTL_SECONDS } from '../../domain/sales-identity/session-lifetimes';
import { sha256Hex } from './crypto-secrets';
import { Hs256Jwt } from './hs256-jwt';

export const DEFAULT_VERIFIED_TOKEN_CACHE_SIZE = 10_000;

/** CONTRACT 11.1: `iss` and `aud` of every sales access token. */
export const SALES_TOKEN_SERVICE = 'brokerhub-sales';

interface Verified {
  readonly session: SalesSession;
  readonly exp: number;
}

/**
 * The sales access token: HS256 JWT (`typ: at+jwt`) with claims iss and aud `brokerhub-sales`, sub,
 * email, role, sid (the session: the refresh token it came from), jti, valid 1 hour (spec part 8,
 * CONTRACT 11.1). A role the service does not know is no valid token (never read as a lesser role).
 *
 * A token that verified once is remembered (by its SHA-256, never the token itself) until its own
 * `exp`: a browser or integration sends the same token on every request, and skipping the repeated
 * signature check keeps authentication a small fraction of a request's cost (bench:auth). This is
 * exactly as strong as verifying again: what a token says cannot change before `exp` (an ended session
 * is checked after this, against its `sid`, CONTRACT 11.2), and any other token (tampered, re-signed,
 * alg none) has another hash and goes through full verification.
 */
export class JwtSalesAccessTokens implements SalesAccessTokens {
  private readonly jwt: Hs256Jwt;
  private readonly verified = new Map<string, Verified>();

  constructor(
    secret: string,
    private readonly cacheSize: number = DEFAULT_VERIFIED_TOKEN_CACHE_SIZE,
  ) {
    this.jwt = new Hs256Jwt(secret, SALES_TOKEN_SERVICE);
  }

  issue(identity: SalesIdentity, sessionId: string, now: Date): string {
    return this.jwt.sign(
      { sub: identity.id, email: identity.username, role: identity.role, sid: sessionId },
      ACCESS_TOKEN_TTL_SECONDS,
      seconds(now),
    );
  }

  verify(token: string, now: Date): SalesSession | undefined {
    const nowSeconds = seconds(now);
    const digest = sha256Hex(token);
    const known = this.verified.get(digest);
    if (known !== undefined) {
      // Same rule as jsonwebtoken: expired when now >= exp.
      if (nowSeconds < known.exp) return known.session;
      this.verified.delete(digest);
      return undefined;
    }
    const payload = this.jwt.verify(token, nowSeconds);
    if (payload === undefined) return undefined;
    const { sub, email, role, sid, exp } = payload;
    if (typeof email !== 'string' || !isSalesRole(role)) return undefined;
    const session: SalesSession = { identity: { id: String(sub), username: email, role }, sessionId: String(sid) };
    this.remember(digest, { session, exp: Number(exp) });
    return session;
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
