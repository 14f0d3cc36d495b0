import { token, type Token } from './token';
/**
 * The completion of a password reset (CONTRACT 3.1 and 7, 10.2), shared by the sales and the hub
 * service. A reset is four writes: the consume of the token, which stores the new password's hash with
 * it (the commit point: from then on the reset has happened), then the password, the revocation of
 * every session of the user, and `markApplied`, which forgets the stored hash. The last three are
 * idempotent and re-run from what the consume stored: by the request itself, by the next use of the
 * same link, by serve's tick (`completeStale`) or by `check-data --repair` (password-resets-applied).
 */

/** A reset whose token was consumed and whose password and revocation may not all have been written. */
export interface PendingPasswordReset {
  readonly tokenHash: string;
  readonly userId: string;
  /** The new password's hash, as the consume stored it. */
  readonly passwordHash: string;
  /** When the token was consumed: the reset's time (a later reset's password wins over it). */
  readonly usedAt: Date;
}

/**
 * A reset consumed less than this long ago may still be completing in its own request: the next use of
 * the link answers "already used" as it always has, and the tick and the check leave it alone. Past
 * it, the request is dead (no request lives a minute) and its reset is completed by whoever meets it.
 */
export const PASSWORD_RESET_IN_FLIGHT_MS = 60_000;

/** Resets the tick completes per read of the pending ones. */
const COMPLETION_BATCH = 100;

/** The three writes after the consume, on one service's stores. */
export interface PasswordResetSteps {
  /** Sets the reset's password unless a later reset set one; false when it did not. */
  setPassword(userId: string, passwordHash: string, at: Date): Promise<boolean>;
  /** Revokes every refresh token of the user. */
  revokeSessions(userId: string, now: Date): Promise<void>;
  markApplied(tokenHash: string): Promise<void>;
  pending(usedBefore: Date, limit: number, from?: Date): Promise<readonly PendingPasswordReset[]>;
}

export class PasswordResetCompletion {
  constructor(
    /** `sales` or `hub`: names the resets in check-data's report and the logs. */
    readonly service: string,
    private readonly steps: PasswordResetSteps,
  ) {}

  /**
   * Writes what follows the consume, in this order. The password before the revocation: every session
   * opened with the old password was opened before the password write, so the revocation after it ends
   * them all (one opened with the new password in between ends too: failing closed, it logs in again).
   * A reset superseded by a later one writes no password and revokes nothing (the later reset did both).
   */
  async complete(reset: PendingPasswordReset, now: Date): Promise<void> {
    if (await this.steps.setPassword(reset.userId, reset.passwordHash, reset.usedAt))
      await this.steps.revokeSessions(reset.userId, now);
    await this.steps.markApplied(reset.tokenHash);
  }

  /**
   * Resets consumed at least PASSWORD_RESET_IN_FLIGHT_MS before `now` (and not before `from`) and not applied, oldest
   * first.
   */
  stale(now: Date, limit: number, from?: Date): Promise<readonly PendingPasswordReset[]> {
    return this.steps.pending(new Date(now.getTime() - PASSWORD_RESET_IN_FLIGHT_MS), limit, from);
  }

  /**
   * Completes every reset a dead request left (serve's tick); answers how many. `stopping` is asked
   * between resets, so a shutdown does not wait for a long backlog.
   */
  async completeStale(now: Date, stopping: () => boolean = () => false): Promise<number> {
    let completed = 0;
    for (;;) {
      const batch = await this.stale(now, COMPLETION_BATCH);
      for (const reset of batch) {
        if (stopping()) return completed;
        await this.complete(reset, now);
        completed += 1;
      }
      if (batch.length < COMPLETION_BATCH) return completed;
    }
  }
}

/**
 * The completions of the sales and the hub password resets (CONTRACT 10.2): check-data's repair and
 * serve's tick. Bound by the sales identity area.
 */
export const PasswordResetCompletions: Token<readonly PasswordResetCompletion[]> = token('PasswordResetCompletions');
