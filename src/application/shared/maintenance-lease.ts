import { token, type Token } from './token';

/**
 * Periodic maintenance that one instance does for all (the SDR reconciling sweep, the retention
 * sweep): a lease per kind of work, held for one interval and not given back, so whoever takes it
 * next, at least an interval later, does the next round (CONTRACT 10.3: copies share the work).
 */
export interface MaintenanceLease {
  /** Takes the lease `id` for `intervalMs` from `now` when no holder's interval runs; true when taken. */
  // Crash consistency (CONTRACT 10.2): (a) one conditional upsert; a holder that dies keeps it to the interval's end.
  take(id: string, holder: string, now: Date, intervalMs: number): Promise<boolean>;
}
export const MaintenanceLease: Token<MaintenanceLease> = token('MaintenanceLease');
