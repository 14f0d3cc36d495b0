import type { EndedSessions } from '../shared/ports';
import { ACCESS_TOKEN_TTL_SECONDS } from '../../domain/hub-identity/refresh-token';
import type { HubRefreshTokenStore } from './ports';

/**
 * Ends every hub session of a user (CONTRACT 11.2): logout, a refresh token reused, a password reset.
 * The refresh tokens are revoked first; then every family that issued an access token within the last
 * lifetime (900 s: a token is issued exactly when a token of its family is created, at login or
 * rotation) is ended, so its access tokens are refused on every copy within 5 s. Both steps are
 * idempotent: a crash between them is completed by the retry (the logout or reuse again, the reset's
 * completion), which finds the same families (CONTRACT 10.2).
 */
export class HubSessionEnding {
  constructor(
    private readonly tokens: HubRefreshTokenStore,
    private readonly ended: EndedSessions,
  ) {}

  /** How many refresh tokens this revoked. */
  async endAllOfUser(userId: string, now: Date): Promise<number> {
    const revoked = await this.tokens.revokeAllOfUser(userId, now);
    const since = new Date(now.getTime() - ACCESS_TOKEN_TTL_SECONDS * 1000);
    await this.ended.end(await this.tokens.familiesCreatedSince(userId, since), now);
    return revoked;
  }
}
