import {
  CHECK_BATCH,
  repairEach,
  type DataCheck,
  type DataCheckScan,
  type ViolationBatch,
} from './data-checks/data-check';
import type { PasswordResetCompletion } from './password-reset-completion';

/**
 * password-resets-applied: every used reset link has its reset applied (the new password set, every
 * session before it revoked). A reset is applied by writes after its consume, the commit point
 * (docs/decisions.md "Sales identity", "Hub identity"): one still pending past the life of its request
 * died between them; its repair completes it from the hash the consume stored, as serve's tick would.
 * Resets that may still be in flight (PASSWORD_RESET_IN_FLIGHT_MS) are not judged. One check for the
 * sales and the hub resets, as their completion is one mechanism (password-reset-completion.ts).
 */
export function passwordResetsApplied(completions: readonly PasswordResetCompletion[]): DataCheck {
  return {
    name: 'password-resets-applied',
    promise:
      'each used password-reset link (sales and hub) has its reset applied: ' +
      'the new password set, the sessions before it revoked',
    async *scan({ now, scanned }: DataCheckScan): AsyncIterable<ViolationBatch> {
      for (const completion of completions) {
        const reported = new Set<string>();
        let from: Date | undefined;
        for (;;) {
          const batch = await completion.stale(now, CHECK_BATCH, from);
          scanned(batch.length);
          // Oldest first, read on from the last time seen (`from` is inclusive: ties are read again, reported once).
          const fresh = batch.filter((reset) => !reported.has(reset.tokenHash));
          for (const reset of fresh) reported.add(reset.tokenHash);
          if (fresh.length > 0) {
            yield {
              ids: fresh.map((reset) => `${completion.service}/${reset.tokenHash}`),
              repair: () =>
                repairEach(fresh, async (reset) => {
                  await completion.complete(reset, now);
                  return true;
                }),
            };
          }
          if (batch.length < CHECK_BATCH || fresh.length === 0) break;
          from = batch.at(-1)?.usedAt;
        }
      }
    },
  };
}
