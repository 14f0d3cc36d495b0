import * as E from 'fp-ts/Either';
import type { Clock, PasswordHasher, SecretHasher } from '../shared/ports';
import { PasswordResetCompletion, PASSWORD_RESET_IN_FLIGHT_MS } from '../shared/password-reset-completion';
import { passwordProblem } from '../../domain/sales-identity/password-policy';
import type { PasswordResetTokenStore, SalesUserRepository } from './ports';
import type { SalesSessionEnding } from './sales-session-ending';

export type ResetSalesPasswordError =
  | { readonly _tag: 'WeakPassword'; readonly problem: string }
  | { readonly _tag: 'ResetTokenInvalid' }
  | { readonly _tag: 'ResetTokenUsed' };

/**
 * The sales reset's writes after the consume (password-reset-completion.ts), for the use case, serve's tick and
 * check-data.
 */
export function salesPasswordResetCompletion(
  resetTokens: PasswordResetTokenStore,
  users: SalesUserRepository,
  sessions: SalesSessionEnding,
): PasswordResetCompletion {
  return new PasswordResetCompletion('sales', {
    setPassword: (userId, passwordHash, at) => users.updatePassword(userId, passwordHash, at),
    // CONTRACT 11.2: the sessions end, their access tokens too.
    revokeSessions: (userId, now) => sessions.endAllOfUser(userId, now),
    markApplied: (tokenHash) => resetTokens.markApplied(tokenHash),
    pending: (usedBefore, limit) => resetTokens.pending(usedBefore, limit),
  });
}

/**
 * POST /auth/reset-password (CONTRACT 3.1): single use; the user's refresh tokens are revoked. Killed
 * at any write (CONTRACT 10.2): before the consume nothing happened and the link still works; after it
 * the reset is completed by the next use of the link, serve's tick or check-data --repair.
 */
export class ResetSalesPassword {
  private readonly completion: PasswordResetCompletion;

  constructor(
    private readonly resetTokens: PasswordResetTokenStore,
    users: SalesUserRepository,
    sessions: SalesSessionEnding,
    private readonly passwords: PasswordHasher,
    private readonly secretHasher: SecretHasher,
    private readonly clock: Clock,
  ) {
    this.completion = salesPasswordResetCompletion(resetTokens, users, sessions);
  }

  async execute(input: {
    token: string;
    newPassword: string;
  }): Promise<E.Either<ResetSalesPasswordError, { userId: string }>> {
    // Checked first: a weak password must not burn the single-use token.
    const problem = passwordProblem(input.newPassword);
    if (problem !== undefined) return E.left({ _tag: 'WeakPassword', problem });
    // Hashed before the token is consumed: a hash refused for capacity (CONTRACT 9.5) leaves the token
    // unused, and the consume stores the hash its completion writes.
    const passwordHash = await this.passwords.hash(input.newPassword);
    const now = this.clock.now();
    const tokenHash = this.secretHasher.hash(input.token);
    const consumed = await this.resetTokens.consume(tokenHash, passwordHash, now);
    switch (consumed.outcome) {
      case 'unknown':
      case 'expired':
        return E.left({ _tag: 'ResetTokenInvalid' });
      case 'already-used':
        return E.left({ _tag: 'ResetTokenUsed' });
      case 'consumed':
        await this.completion.complete({ tokenHash, userId: consumed.userId, passwordHash, usedAt: now }, now);
        return E.right({ userId: consumed.userId });
      case 'pending': {
        // Its own request may still be finishing it: answered as any second use.
        if (now.getTime() - consumed.reset.usedAt.getTime() < PASSWORD_RESET_IN_FLIGHT_MS)
          return E.left({ _tag: 'ResetTokenUsed' });
        // A reset whose request died: completed now. The retry of that request (the same new password) is
        // answered as the request would have been; any other is a second use of the link.
        await this.completion.complete(consumed.reset, now);
        if (await this.passwords.verify(consumed.reset.passwordHash, input.newPassword))
          return E.right({ userId: consumed.reset.userId });
        return E.left({ _tag: 'ResetTokenUsed' });
      }
    }
  }
}
