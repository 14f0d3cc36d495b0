import { isRole } from '../../../domain/hub-identity/role';
import type { Membership } from '../../../domain/hub-identity/tenancy';
import type { CollectionIndexes } from '../shared/collection-indexes';

export const HUB_MEMBERSHIPS = 'hub_memberships';

export interface MembershipDocument {
  _id: string;
  userId: string;
  orgId: string;
  role: string;
  permissions: string[];
  joinedAt: Date;
}

export const hubMembershipIndexes: CollectionIndexes = {
  collection: HUB_MEMBERSHIPS,
  indexes: [
    { key: { userId: 1, joinedAt: -1 }, name: 'user_latest' },
    { key: { orgId: 1 }, name: 'org' },
  ],
};

// The _id is the pair itself, so "one membership per user and organization" holds without a read.
export const membershipId = (userId: string, orgId: string): string => `${userId}:${orgId}`;

export const membershipToDocument = (m: Membership): MembershipDocument => ({
  _id: membershipId(m.userId, m.orgId),
  userId: m.userId,
  orgId: m.orgId,
  role: m.role,
  permissions: [...m.permissions],
  joinedAt: m.joinedAt,
});

export function membershipFromDocument(d: MembershipDocument): Membership {
  if (!isRole(d.role)) throw new Error(`membership ${d._id} has an unknown role`);
  return { userId: d.userId, orgId: d.orgId, role: d.role, permissions: d.permissions, joinedAt: d.joinedAt };
}
