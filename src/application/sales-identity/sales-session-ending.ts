import { token, type Token } from '../shared/token';
import type { EndedSessions, SecretHasher } from '../shared/ports';
import { ACCESS_TOKEN_TTL_SECONDS } from '../../domain/sales-identity/session-lifetimes';
import type { SalesRefreshTokenStore } from './ports';

/**
 * CONTRACT 11.1: a sales session is one refresh token (it is not rotated), and the `sid` of its access
 * tokens is the SHA-256 of that token's stored hash: fixed for the session's life, derived again from
 * the presented token at refresh and logout, and it reveals neither the token nor its database key.
 */
export function salesSessionIdOf(refreshTokenHash: string, hasher: SecretHasher): string {
  return hasher.hash(`sid:${refreshTokenHash}`);
}

/**
 * Ends sales sessions (CONTRACT 11.2): the refresh token can buy no more access tokens, and the access
 * tokens already issued are refused (EndedSessions) on every copy within 5 s.
 */
export class SalesSessionEnding {
  constructor(
    private readonly refreshTokens: SalesRefreshTokenStore,
    private readonly ended: EndedSessions,
    private readonly hasher: SecretHasher,
  ) {}

  /**
   * Logout of one session. The end is written before the revocation: killed between the two, the
   * session's access tokens are already refused (as is any token its refresh token still buys: same
   * `sid`), and the client's retry revokes the refresh token.
   */
  async endSession(refreshTokenHash: string, now: Date): Promise<void> {
    await this.ended.end([salesSessionIdOf(refreshTokenHash, this.hasher)], now);
    await this.refreshTokens.revoke(refreshTokenHash, now);
  }

  /**
   * Every session of the user (a password reset). Revoked first, then every session that could have
   * bought an access token within the last lifetime (1 h) is ended; each step idempotent, so a reset's
   * completion re-run after a crash (CONTRACT 10.2) finds the same sessions and ends them.
   */
  async endAllOfUser(userId: string, now: Date): Promise<void> {
    await this.refreshTokens.revokeAllOfUser(userId, now);
    const since = new Date(now.getTime() - ACCESS_TOKEN_TTL_SECONDS * 1000);
    const hashes = await this.refreshTokens.usableSince(userId, since);
    await this.ended.end(
      hashes.map((hash) => salesSessionIdOf(hash, this.hasher)),
      now,
    );
  }
}

/** Ends sales sessions (logout, password reset; CONTRACT 11.2), for the use cases and check-data. */
export const SalesSessionEndingToken: Token<SalesSessionEnding> = token('SalesSessionEnding');
