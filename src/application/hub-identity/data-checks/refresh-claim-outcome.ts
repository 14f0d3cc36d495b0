import { CHECK_BATCH, repairEach } from '../../shared/data-checks/data-check';
import type { DataCheck, DataCheckScan, ViolationBatch } from '../../shared/data-checks/data-check';
import type { RefreshClaimStore } from './ports';

/**
 * refresh-claim-outcome: a rotation's claim is followed by its outcome, the claimed token revoked
 * (replaced by its successor, or revoked under it). A claimed token still active is a rotation that
 * died between its two steps; its repair is the outcome the next refresh would reach: revoked.
 */
export function refreshClaimOutcome(store: RefreshClaimStore): DataCheck {
  return {
    name: 'refresh-claim-outcome',
    promise: 'no hub refresh-token claim without its outcome (the claimed token revoked)',
    async *scan({ now, scanned }: DataCheckScan): AsyncIterable<ViolationBatch> {
      for await (const claims of store.claims(CHECK_BATCH)) {
        scanned(claims.length);
        const open = claims.filter(
          ({ claimed }) =>
            claimed !== undefined && claimed.revokedAt === null && claimed.expiresAt.getTime() > now.getTime(),
        );
        if (open.length === 0) continue;
        yield {
          ids: open.map((c) => c.tokenId),
          repair: () => repairEach(open, (claim) => store.revokeClaimed(claim.tokenId, now)),
        };
      }
    },
  };
}
