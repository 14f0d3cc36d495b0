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

  async execute(input: { refreshToken: string | undefined }): Promise<E.Either<never, { revoked: boolean }>> {
    if (input.refreshToken === undefined || input.refreshToken === '') return E.right({ revoked: false });
    await this.refreshTokens.revoke(this.secretHasher.hash(input.refreshToken), this.clock.now());
    return E.right({ revoked: true });
  }
}
