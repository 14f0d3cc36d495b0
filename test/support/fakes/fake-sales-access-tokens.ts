import type { SalesAccessTokens, SalesSession } from '../../../src/application/sales-identity/ports';
import type { SalesIdentity } from '../../../src/domain/sales-identity/sales-user';
import { ACCESS_TOKEN_TTL_SECONDS } from '../../../src/domain/sales-identity/session-lifetimes';

/**
 * The fake SalesAccessTokens: opaque `sales-access-<n>` tokens remembered with their identity and
 * session instead of signed JWTs. Like JwtSalesAccessTokens a token is valid until its expiry (1 h), so
 * it passes the same contract suite.
 */
export class FakeSalesAccessTokens implements SalesAccessTokens {
  private readonly issued = new Map<string, { readonly session: SalesSession; readonly expiresAt: number }>();

  issue(identity: SalesIdentity, sessionId: string, now: Date): string {
    const token = `sales-access-${this.issued.size + 1}`;
    const session = { identity: { ...identity }, sessionId };
    this.issued.set(token, { session, expiresAt: seconds(now) + ACCESS_TOKEN_TTL_SECONDS });
    return token;
  }

  verify(token: string, now: Date): SalesSession | undefined {
    const entry = this.issued.get(token);
    if (entry === undefined || seconds(now) >= entry.expiresAt) return undefined;
    return { identity: { ...entry.session.identity }, sessionId: entry.session.sessionId };
  }
}

const seconds = (date: Date): number => Math.floor(date.getTime() / 1000);
