import * as E from 'fp-ts/Either';
import type { Clock, SecretHasher } from '../shared/ports';
import { identityOf } from '../../domain/sales-identity/sales-user';
import type { SalesAccessTokens, SalesRefreshTokenStore, SalesUserRepository } from './ports';
import { salesSessionIdOf } from './sales-session-ending';

export type RefreshSalesSessionError = { readonly _tag: 'RefreshTokenInvalid' };

/**
 * Spec part 5 rule 6: the refresh token buys a new access token. The refresh token itself is not
 * rotated (the spec does not ask for it); it ends at its 7-day expiry, a logout or a password reset.
 */
export class RefreshSalesSession {
  constructor(
    private readonly refreshTokens: SalesRefreshTokenStore,
    private readonly users: SalesUserRepository,
    private readonly accessTokens: SalesAccessTokens,
    private readonly secretHasher: SecretHasher,
    private readonly clock: Clock,
  ) {}

  async execute(input: {
    refreshToken: string | undefined;
  }): Promise<E.Either<RefreshSalesSessionError, { accessToken: string; userId: string }>> {
    if (input.refreshToken === undefined || input.refreshToken === '') return E.left({ _tag: 'RefreshTokenInvalid' });
    const now = this.clock.now();
    const stored = await this.refreshTokens.findActive(this.secretHasher.hash(input.refreshToken), now);
    if (stored === undefined) return E.left({ _tag: 'RefreshTokenInvalid' });
    // The role is read again: a refreshed token carries the user's current role.
    const user = await this.users.findById(stored.userId);
    if (user === undefined) return E.left({ _tag: 'RefreshTokenInvalid' });
    // The same session (`sid`) as the login's tokens: ending the session refuses them all (CONTRACT 11.2).
    const sessionId = salesSessionIdOf(stored.tokenHash, this.secretHasher);
    return E.right({ accessToken: this.accessTokens.issue(identityOf(user), sessionId, now), userId: user.id });
  }
}
