import { token, type Token } from '../../shared/token';

/**
 * What the hub identity's data checks read, and the conditional writes of their repairs: each store
 * reads its collection in `_id` order (a full read by design, streamed in cursor batches of
 * `batchSize`), and each write is conditional on the state the check read, so a repair never
 * overwrites a concurrent write of the service.
 */

/** A hub refresh-rotation claim (the rotated token's id) and the state of the token it claimed. */
export interface RefreshClaim {
  readonly tokenId: string;
  readonly successorId: string;
  /** The claimed token, absent when it is gone (removed after its expiry). */
  readonly claimed: { readonly revokedAt: Date | null; readonly expiresAt: Date } | undefined;
}

export interface RefreshClaimStore {
  claims(batchSize: number): AsyncIterable<readonly RefreshClaim[]>;
  /** Revokes the claimed token if it is still active; false when it was not. */
  revokeClaimed(tokenId: string, now: Date): Promise<boolean>;
}
export const RefreshClaimStore: Token<RefreshClaimStore> = token('RefreshClaimStore');

/** A hub membership (CONTRACT 5.2), as `hub-memberships-without-user` judges it. */
export interface HubMembershipRecord {
  readonly id: string;
  readonly userId: string;
  readonly orgId: string;
  readonly joinedAt: Date;
}

export interface HubMembershipStore {
  /** Every membership, batch by batch. */
  memberships(batchSize: number): AsyncIterable<readonly HubMembershipRecord[]>;
  /** Which of these users exist. */
  existingUsers(ids: readonly string[]): Promise<ReadonlySet<string>>;
  /**
   * Removes a membership whose user never came, while it is still as read, after the organization
   * that user's registration founded (`foundedBy`) when no other membership names it; false when the
   * membership was no longer there as read.
   */
  removeOrphan(membership: HubMembershipRecord): Promise<boolean>;
}
export const HubMembershipStore: Token<HubMembershipStore> = token('HubMembershipStore');
