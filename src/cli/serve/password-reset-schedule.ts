import type { PasswordResetCompletion } from '../../application/shared/password-reset-completion';
import type { Logger } from '../../adapters/system/logger';
import { startPeriodicTask, type RunningSchedule } from '../schedule/periodic-task';

/** How often serve completes the password resets a dead request left (CONTRACT 10.2). */
export const PASSWORD_RESET_TICK_MS = 60_000;

export interface PasswordResetScheduleOptions {
  readonly tickMs?: number;
  readonly now?: () => Date;
}

/**
 * `serve` completes, at start-up and then every tick, the password resets (sales and hub) whose token
 * was consumed and whose request died before the password, the revocation or the mark were written
 * (password-reset-completion.ts). Every step is idempotent, so several instances may tick at once and
 * no lease is needed. `stop()` ends the schedule at once: a running tick stops before its next reset.
 */
export function startPasswordResetCompletion(
  completions: readonly PasswordResetCompletion[],
  logger: Logger,
  options: PasswordResetScheduleOptions & { readonly now: () => Date },
): RunningSchedule {
  const now = options.now;
  return startPeriodicTask({
    intervalMs: options.tickMs ?? PASSWORD_RESET_TICK_MS,
    atStart: true,
    round: async (stopping) => {
      for (const completion of completions) {
        if (stopping()) return;
        const completed = await completion.completeStale(now(), stopping);
        if (completed > 0)
          logger.warn(
            { service: completion.service, completed },
            'password resets left half-done by a stopped process were completed',
          );
      }
    },
    onError: (error, stopping) => {
      if (!stopping) logger.warn({ err: error }, 'password-reset completion failed; the next tick retries');
    },
  });
}
