import * as E from 'fp-ts/Either';
import type { Clock, PasswordHasher, SecretHasher } from '../shared/ports';
import type { HubUserRepository, HubRefreshTokenStore, HubResetTokenStore } from './ports';

export interface ResetHubPasswordInput {
  readonly token: string;
  readonly newPassword: string;
}

export type ResetHubPasswordError = { readonly _tag: 'InvalidResetToken' } | { readonly _tag: 'ResetTokenUsed' };

/** POST /auth/reset-password (CONTRACT 7): single use; every session of the user ends. */
export class ResetHubPassword {
  constructor(
    private readonly resetTokens: HubResetTokenStore,
    private readonly users: HubUserRepository,
    private readonly refreshTokens: HubRefreshTokenStore,
    private readonly passwords: PasswordHasher,
    private readonly hasher: SecretHasher,
    private readonly clock: Clock,
  ) {}

  async execute(input: ResetHubPasswordInput): Promise<E.Either<ResetHubPasswordError, void>> {
    // Hash first: the slow KDF runs before the token is consumed, so a consumed token always gets its password.
    const passwordHash = await this.passwords.hash(input.newPassword);
    const now = this.clock.now();
    const consumed = await this.resetTokens.consume(this.hasher.hash(input.token), now);
    if (consumed.kind === 'invalid') return E.left({ _tag: 'InvalidResetToken' });
    if (consumed.kind === 'already-used') return E.left({ _tag: 'ResetTokenUsed' });
    await this.users.setPasswordHash(consumed.userId, passwordHash);
    await this.refreshTokens.revokeAllOfUser(consumed.userId, now);
    return E.right(undefined);
  }
}
