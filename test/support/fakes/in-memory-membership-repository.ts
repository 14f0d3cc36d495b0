import type { MembershipRepository } from '../../../src/application/hub-identity/ports';
import type { Membership } from '../../../src/domain/hub-identity/tenancy';
import { NO_FAULTS, type WriteFaults } from './write-faults';

const keyOf = (userId: string, orgId: string): string => `${userId}:${orgId}`;

/** The fake of MembershipRepository; passes the contract suite MongoMembershipRepository passes. */
export class InMemoryMembershipRepository implements MembershipRepository {
  private readonly byKey = new Map<string, Membership>();

  constructor(private readonly faults: WriteFaults = NO_FAULTS) {}

  async add(membership: Membership): Promise<boolean> {
    await Promise.resolve();
    const key = keyOf(membership.userId, membership.orgId);
    if (this.byKey.has(key)) return false;
    this.faults.write('hub_memberships.insert');
    this.byKey.set(key, { ...membership, permissions: [...membership.permissions] });
    return true;
  }

  async find(userId: string, orgId: string): Promise<Membership | undefined> {
    await Promise.resolve();
    return this.copy(this.byKey.get(keyOf(userId, orgId)));
  }

  async latestOf(userId: string): Promise<Membership | undefined> {
    await Promise.resolve();
    // Most recently joined first; a tie goes to the greater key, as the Mongo sort on (joinedAt, _id) does.
    const [latest] = [...this.byKey.entries()]
      .filter(([, m]) => m.userId === userId)
      .sort(([ka, a], [kb, b]) => b.joinedAt.getTime() - a.joinedAt.getTime() || (kb > ka ? 1 : kb < ka ? -1 : 0));
    return this.copy(latest?.[1]);
  }

  async remove(userId: string, orgId: string): Promise<void> {
    await Promise.resolve();
    this.faults.write('hub_memberships.delete');
    this.byKey.delete(keyOf(userId, orgId));
  }

  /** Every membership, for tests that look for leftovers (a membership whose user never came). */
  all(): Membership[] {
    return [...this.byKey.values()].map((m) => ({ ...m, permissions: [...m.permissions] }));
  }

  private copy(membership: Membership | undefined): Membership | undefined {
    return membership === undefined ? undefined : { ...membership, permissions: [...membership.permissions] };
  }
}
