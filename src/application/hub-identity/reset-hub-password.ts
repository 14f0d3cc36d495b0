import * as E from 'fp-ts/Either';
import type { Clock, PasswordHasher, SecretHasher } from '../shared/ports';
import { PasswordResetCompletion, PASSWORD_RESET_IN_FLIGHT_MS } from '../shared/password-reset-completion';
import type { HubSessionEnding } from './hub-session-ending';
import type { HubUserRepository, HubResetTokenStore } from './ports';

export interface ResetHubPasswordInput {
  readonly token: string;
  readonly newPassword: string;
}

export type ResetHubPasswordError = { readonly _tag: 'InvalidResetToken' } | { readonly _tag: 'ResetTokenUsed' };

/**
 * The hub reset's writes after the consume (password-reset-completion.ts), for the use case, serve's tick and
 * check-data.
 */
export function hubPasswordResetCompletion(
  resetTokens: HubResetTokenStore,
  users: HubUserRepository,
  sessions: HubSessionEnding,
): PasswordResetCompletion {
  return new PasswordResetCompletion('hub', {
    setPassword: (userId, passwordHash, at) => users.setPasswordHash(userId, passwordHash, at),
    revokeSessions: async (userId, now) => {
      // CONTRACT 11.2: the sessions end, their access tokens too.
      await sessions.endAllOfUser(userId, now);
    },
    markApplied: (tokenHash) => resetTokens.markApplied(tokenHash),
    pending: (usedBefore, limit) => resetTokens.pending(usedBefore, limit),
  });
}

/**
 * POST /auth/reset-password (CONTRACT 7): single use; every session of the user ends. Killed at any
 * write (CONTRACT 10.2): before the consume nothing happened and the link still works; after it the
 * reset is completed by the next use of the link, serve's tick or check-data --repair.
 */
export class ResetHubPassword {
  private readonly completion: PasswordResetCompletion;

  constructor(
    private readonly resetTokens: HubResetTokenStore,
    users: HubUserRepository,
    sessions: HubSessionEnding,
    private readonly passwords: PasswordHasher,
    private readonly hasher: SecretHasher,
    private readonly clock: Clock,
  ) {
    this.completion = hubPasswordResetCompletion(resetTokens, users, sessions);
  }

  async execute(input: ResetHubPasswordInput): Promise<E.Either<ResetHubPasswordError, void>> {
    // Hash first: the slow KDF runs before the token is consumed, and the consume stores the hash its completion
    // writes.
    const passwordHash = await this.passwords.hash(input.newPassword);
    const now = this.clock.now();
    const tokenHash = this.hasher.hash(input.token);
    const consumed = await this.resetTokens.consume(tokenHash, passwordHash, now);
    switch (consumed.kind) {
      case 'invalid':
        return E.left({ _tag: 'InvalidResetToken' });
      case 'already-used':
        return E.left({ _tag: 'ResetTokenUsed' });
      case 'consumed':
        await this.completion.complete({ tokenHash, userId: consumed.userId, passwordHash, usedAt: now }, now);
        return E.right(undefined);
      case 'pending':
        // Its own request may still be finishing it: answered as any second use.
        if (now.getTime() - consumed.reset.usedAt.getTime() < PASSWORD_RESET_IN_FLIGHT_MS)
          return E.left({ _tag: 'ResetTokenUsed' });
        // A reset whose request died: completed now; the retry of that request (the same new password)
        // is answered as the request would have been, any other is a second use of the link.
        await this.completion.complete(consumed.reset, now);
        return (await this.passwords.verify(consumed.reset.passwordHash, input.newPassword))
          ? E.right(undefined)
          : E.left({ _tag: 'ResetTokenUsed' });
    }
  }
}
