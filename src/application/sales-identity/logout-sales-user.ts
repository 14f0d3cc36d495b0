import * as E from 'fp-ts/Either';
import type { Clock, SecretHasher } from '../shared/ports';
import type { SalesRefreshTokenStore } from './ports';
import type { SalesSessionEnding } from './sales-session-ending';

/**
 * CONTRACT 3.1: logout always succeeds; without a refresh token there is nothing to revoke. CONTRACT
 * 11.2: the session ends, so its access tokens are refused too. Only a stored token ends a session (a
 * made-up cookie must not add entries to the list of ended sessions).
 */
export class LogoutSalesUser {
  constructor(
    private readonly refreshTokens: SalesRefreshTokenStore,
    private readonly sessions: SalesSessionEnding,
    private readonly secretHasher: SecretHasher,
    private readonly clock: Clock,
  ) {}

  /** `userId`: whose session ended, when the token was still active (the event log names the user). */
  async execute(input: {
    refreshToken: string | undefined;
  }): Promise<E.Either<never, { revoked: boolean; userId?: string }>> {
    if (input.refreshToken === undefined || input.refreshToken === '') return E.right({ revoked: false });
    const tokenHash = this.secretHasher.hash(input.refreshToken);
    const now = this.clock.now();
    const active = await this.refreshTokens.findActive(tokenHash, now);
    if (active !== undefined) await this.sessions.endSession(tokenHash, now);
    return E.right(active === undefined ? { revoked: true } : { revoked: true, userId: active.userId });
  }
}
