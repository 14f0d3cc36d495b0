/** CONTRACT 3.3 and 9.5 defaults; all configurable (tests use small values). */
export interface DispatchSettings {
  /** Sales per POST (CONTRACT 3.3: 50). */
  readonly batchSize: number;
  /**
   * Sales leased per database round trip; sent in batches, settled together. Fewer, larger claims
   * keep the database cost per sale low; a crash re-sends at most one chunk (at-least-once).
   */
  readonly claimSize: number;
  readonly windowDays: number;
  /**
   * How long a claimed chunk is held: longer than sending all its batches can take with the 30 s
   * timeout (10 x 30 s), so a lease never expires mid-send. A crashed run's sales wait this long.
   */
  readonly leaseMs: number;
  /**
   * CONTRACT 9.5: a pass ends by this deadline (600 s), whatever the destination does. Sending stops a
   * tenth of it (at most 5 s) earlier: no new claim, the deliveries in flight are aborted, then the
   * leases of unsent sales are released in the time left.
   */
  readonly deadlineMs: number;
  /** CONTRACT 9.5: batches in flight at once (1: one after the other). */
  readonly concurrency: number;
}

export const DEFAULT_DISPATCH_SETTINGS: DispatchSettings = {
  batchSize: 50,
  claimSize: 500,
  windowDays: 7,
  leaseMs: 360_000,
  deadlineMs: 600_000,
  concurrency: 1,
};

/** SALES_WEBHOOK_URL is unset: nothing can be sent (spec part 6; the manual trigger answers 503). */
export type WebhookNotConfigured = { readonly _tag: 'WebhookNotConfigured' };
