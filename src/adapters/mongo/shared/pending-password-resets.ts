import type { Collection, Filter } from 'mongodb';
import type { PendingPasswordReset } from '../../../application/shared/password-reset-completion';

/** The fields the reset-token documents of both services share. */
export interface ResetTokenFields {
  readonly _id: string;
  readonly userId: string;
  /** Absent (sales) or null (hub) while the token is unused. */
  readonly usedAt?: Date | null;
  /** The new password's hash, kept from the token's use until the reset is applied. */
  readonly newPasswordHash?: string;
}

/** A used token whose reset is not applied yet, as the completion reads it; undefined for any other. */
export function pendingResetOf(doc: ResetTokenFields): PendingPasswordReset | undefined {
  return doc.usedAt instanceof Date && typeof doc.newPasswordHash === 'string'
    ? { tokenHash: doc._id, userId: doc.userId, passwordHash: doc.newPasswordHash, usedAt: doc.usedAt }
    : undefined;
}

/**
 * The resets used at or before `usedBefore` (and at or after `from`) and not applied yet, oldest use
 * first, at most `limit` (the `pending_reset` partial index of both collections).
 */
export async function pendingResets<T extends ResetTokenFields>(
  collection: Collection<T>,
  usedBefore: Date,
  limit: number,
  from?: Date,
): Promise<readonly PendingPasswordReset[]> {
  const filter = {
    newPasswordHash: { $type: 'string' },
    usedAt: from === undefined ? { $lte: usedBefore } : { $gte: from, $lte: usedBefore },
  } as Filter<T>;
  const docs = await collection.find(filter).sort({ usedAt: 1 }).limit(limit).toArray();
  return docs.flatMap((doc) => pendingResetOf(doc as ResetTokenFields) ?? []);
}
