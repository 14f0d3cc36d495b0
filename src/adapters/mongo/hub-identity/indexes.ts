import type { CollectionIndexes } from '../shared/collection-indexes';
import { endedSessionIndexes, HUB_ENDED_SESSIONS } from '../shared/ended-sessions/ended-session-collection';
import { hubRefreshRotationIndexes, hubRefreshTokenIndexes } from './hub-refresh-token-collection';
import { hubResetTokenIndexes } from './hub-reset-token-collection';
import { hubUserIndexes } from './hub-user-collection';
import { hubMembershipIndexes } from './membership-collection';
import { hubOrganizationIndexes } from './organization-collection';

/** The collections of the hub-identity area (organizations, users, memberships, refresh and reset tokens). */
export const hubIdentityAreaIndexes: readonly CollectionIndexes[] = [
  hubOrganizationIndexes,
  hubUserIndexes,
  hubMembershipIndexes,
  hubRefreshTokenIndexes,
  hubRefreshRotationIndexes,
  endedSessionIndexes(HUB_ENDED_SESSIONS),
  hubResetTokenIndexes,
];
