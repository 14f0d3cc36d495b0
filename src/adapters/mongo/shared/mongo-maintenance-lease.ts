import type { Db } from 'mongodb';
import type { MaintenanceLease } from '../../../application/shared/maintenance-lease';
import { takeMaintenanceLease } from './maintenance-lease';

/** MaintenanceLease over the lease documents of `maintenance_leases` (takeMaintenanceLease). */
export class MongoMaintenanceLease implements MaintenanceLease {
  constructor(private readonly db: Db) {}

  take(id: string, holder: string, now: Date, intervalMs: number): Promise<boolean> {
    return takeMaintenanceLease(this.db, id, holder, now, intervalMs);
  }
}
