import * as E from 'fp-ts/Either';
import type { Clock, PasswordHasher, SecretHasher } from '../shared/ports';
import { passwordProblem } from '../../domain/sales-identity/password-policy';
import type { PasswordResetTokenStore, SalesRefreshTokenStore, SalesUserRepository } from './ports';

export type ResetSalesPasswordError =
  | { readonly _tag: 'WeakPassword'; readonly problem: string }
  | { readonly _tag: 'ResetTokenInvalid' }
  | { readonly _tag: 'ResetTokenUsed' };

export class ResetSalesPassword {
  constructor(
    private readonly resetTokens: PasswordResetTokenStore,
    private readonly users: SalesUserRepository,
    private readonly refreshTokens: SalesRefreshTokenStore,
    private readonly passwords: PasswordHasher,
    private readonly secretHasher: SecretHasher,
    private readonly clock: Clock,
  ) {}

  async execute(input: { token: string; newPassword: string }): Promise<E.Either<ResetSalesPasswordError, { userId: string }>> {
    // Checked first: a weak password must not burn the single-use token.
    const problem = passwordProblem(input.newPassword);
    if (problem !== undefined) return E.left({ _tag: 'WeakPassword', problem });
    // Hashed before the token is consumed: a hash refused for capacity (CONTRACT 9.5) leaves the token
    // unused, and a consumed token always gets its password.
    const passwordHash = await this.passwords.hash(input.newPassword);
    const now = this.clock.now();
    const consumed = await this.resetTokens.consume(this.secretHasher.hash(input.token), now);
    switch (consumed.outcome) {
      case 'unknown':
      case 'expired':
        return E.left({ _tag: 'ResetTokenInvalid' });
      case 'already-used':
        return E.left({ _tag: 'ResetTokenUsed' });
      case 'consumed': {
        await this.users.updatePassword(consumed.userId, passwordHash, now);
        // Whoever held a session with the old password loses it.
        await this.refreshTokens.revokeAllOfUser(consumed.userId, now);
        return E.right({ userId: consumed.userId });
      }
    }
  }
}
