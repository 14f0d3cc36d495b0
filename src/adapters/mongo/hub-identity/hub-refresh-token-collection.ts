import { REFRESH_TOKEN_TTL_SECONDS, type RefreshTokenRecord } from '../../../domain/hub-identity/refresh-token';
import type { CollectionIndexes } from '../shared/collection-indexes';
import { SPENT_TOKEN_RETENTION_SECONDS } from '../shared/expiry/retention';

export const HUB_REFRESH_TOKENS = 'hub_refresh_tokens';
/** One document per rotated token (`_id` = the rotated token's id): see MongoHubRefreshTokenStore.rotate. */
export const HUB_REFRESH_ROTATIONS = 'hub_refresh_rotations';

export interface RefreshTokenDocument {
  _id: string;
  tokenHash: string;
  userId: string;
  orgId: string;
  familyId: string;
  createdAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
  replacedBy: string | null;
}

export interface RotationDocument {
  _id: string;
  successorId: string;
  at: Date;
  /** Set when a replay of the rotated token was judged as reuse (see HubRefreshTokenStore.contest). */
  contestedAt?: Date;
}

export const hubRefreshTokenIndexes: CollectionIndexes = {
  collection: HUB_REFRESH_TOKENS,
  indexes: [
    { key: { tokenHash: 1 }, unique: true, name: 'token_hash_unique' },
    { key: { userId: 1, revokedAt: 1 }, name: 'user_revoked' },
    // CONTRACT 9.4: expired or revoked tokens are removed 30 days after their expiry. Until it expires
    // a revoked token stays, so that presenting it is still recognized (reuse revokes its family).
    { key: { expiresAt: 1 }, name: 'expiry_ttl', expireAfterSeconds: SPENT_TOKEN_RETENTION_SECONDS },
  ],
};

export const hubRefreshRotationIndexes: CollectionIndexes = {
  collection: HUB_REFRESH_ROTATIONS,
  indexes: [
    // The _id index is the guard; this index also creates the collection up front, which transactions
    // on older servers need before they insert into it.
    { key: { successorId: 1 }, name: 'successor' },
    // A rotation is only consulted while its rotated token exists: that token expired at most a refresh
    // lifetime after the rotation, and is itself removed 30 days after expiry. The claim goes no sooner.
    {
      key: { at: 1 },
      name: 'rotated_ttl',
      expireAfterSeconds: REFRESH_TOKEN_TTL_SECONDS + SPENT_TOKEN_RETENTION_SECONDS,
    },
  ],
};

export const refreshTokenToDocument = (r: RefreshTokenRecord): RefreshTokenDocument => ({
  _id: r.id,
  tokenHash: r.tokenHash,
  userId: r.userId,
  orgId: r.orgId,
  familyId: r.familyId,
  createdAt: r.createdAt,
  expiresAt: r.expiresAt,
  revokedAt: r.revokedAt,
  replacedBy: r.replacedBy,
});

export const refreshTokenFromDocument = (d: RefreshTokenDocument): RefreshTokenRecord => ({
  id: d._id,
  tokenHash: d.tokenHash,
  userId: d.userId,
  orgId: d.orgId,
  familyId: d.familyId,
  createdAt: d.createdAt,
  expiresAt: d.expiresAt,
  revokedAt: d.revokedAt ?? null,
  replacedBy: d.replacedBy ?? null,
});
