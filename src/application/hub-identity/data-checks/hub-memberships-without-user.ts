import { CHECK_BATCH, repairEach } from '../../shared/data-checks/data-check';
import type { DataCheck, DataCheckScan, ViolationBatch } from '../../shared/data-checks/data-check';
import type { HubMembershipStore } from './ports';

/**
 * A registration or `hub create-user --org` writes its user right after its membership (and
 * organization, session token): a membership younger than this may be one in flight, whose user is
 * about to be inserted. An hour is far past the life of any request or command.
 */
export const HUB_SIGNUP_IN_FLIGHT_MS = 60 * 60_000;

/**
 * hub-memberships-without-user: each hub membership's user exists. The user insert is the commit
 * point of register and create-user --org, written last (docs/decisions.md "Hub identity"), so a membership
 * without its user is the undone half of one that died before it: nothing reaches it (no such user
 * logs in), and its repair removes it, with the organization that registration founded.
 */
export function hubMembershipsWithoutUser(store: HubMembershipStore): DataCheck {
  return {
    name: 'hub-memberships-without-user',
    promise: "each hub membership's user exists (a registration's organization with it)",
    async *scan({ now, scanned }: DataCheckScan): AsyncIterable<ViolationBatch> {
      const settled = now.getTime() - HUB_SIGNUP_IN_FLIGHT_MS;
      for await (const memberships of store.memberships(CHECK_BATCH)) {
        scanned(memberships.length);
        const judged = memberships.filter((m) => m.joinedAt.getTime() <= settled);
        const users = await store.existingUsers([...new Set(judged.map((m) => m.userId))]);
        const orphans = judged.filter((m) => !users.has(m.userId));
        if (orphans.length === 0) continue;
        yield {
          ids: orphans.map((m) => m.id),
          repair: async () => {
            // Read again just before: a user that came since is not an orphan's.
            const arrived = await store.existingUsers(orphans.map((m) => m.userId));
            return repairEach(orphans, async (orphan) => !arrived.has(orphan.userId) && store.removeOrphan(orphan));
          },
        };
      }
    },
  };
}
