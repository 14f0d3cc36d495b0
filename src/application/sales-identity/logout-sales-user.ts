import * as E from 'fp-ts/Either';
import type { Clock, SecretHasher } from '../shared/ports';
import type { SalesRefreshTokenStore } from './ports';

/** CONTRACT 3.1: logout always succeeds; without a refresh token there is nothing to revoke. */
export class LogoutSalesUser {
  constructor(
    private readonly refreshTokens: SalesRefreshTokenStore,
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
    await this.refreshTokens.revoke(tokenHash, now);
    return E.right(active === undefined ? { revoked: true } : { revoked: true, userId: active.userId });
  }
}
