import type { Db } from 'mongodb';
import { isDuplicateKey } from './mongo-errors';

/** The collection of the lease documents of maintenance work shared by every instance. */
export const MAINTENANCE_LEASES = 'maintenance_leases';

/**
 * Periodic maintenance that one instance does for all (the retention sweep, the SDR reconciling
 * sweep): a lease document per kind of work, held for one interval and not given back, so whoever
 * takes it next, at least an interval later, does the next round. Taking it is one conditional
 * upsert: a lease still running matches nothing, so the upsert tries to insert a second document with
 * its `_id` and is refused (E11000).
 */
export async function takeMaintenanceLease(
  db: Db,
  id: string,
  holder: string,
  now: Date,
  intervalMs: number,
): Promise<boolean> {
  try {
    const result = await db
      .collection(MAINTENANCE_LEASES)
      .updateOne(
        { _id: id as never, until: { $lte: now } },
        { $set: { holder, until: new Date(now.getTime() + intervalMs) } },
        { upsert: true },
      );
    return result.modifiedCount + result.upsertedCount === 1;
  } catch (error) {
    if (isDuplicateKey(error)) return false;
    throw error;
  }
}
