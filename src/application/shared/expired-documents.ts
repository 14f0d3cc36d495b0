/** What one sweep did: nothing when another instance (or this one) swept less than an interval ago. */
export type SweepOutcome =
  { readonly swept: false } | { readonly swept: true; readonly deleted: Readonly<Record<string, number>> };

/**
 * Retention on a server without a TTL monitor (CONTRACT 9.4): what the TTL indexes would have removed,
 * deleted by the service, in sweeps at most once an interval across every instance.
 */
export interface ExpiredDocumentSweep {
  /** The TTL rules (a collection's field and its period) a sweep covers. */
  readonly rules: number;
  /** Between sweeps, and the lease's period. */
  readonly intervalMs: number;
  /** One sweep, unless an instance swept within the interval; `stopped` is asked before every command. */
  sweepOnce(stopped: () => boolean): Promise<SweepOutcome>;
}

export interface ExpiredDocuments {
  /** Whether the database removes documents past their TTL itself (then the service has nothing to do). */
  serverRemovesThem(): Promise<boolean>;
  /**
   * The sweep of every declared TTL index; `holder` names this instance in the lease (interval: a
   * minute by default).
   */
  sweep(options: {
    readonly now: () => Date;
    readonly holder: string;
    readonly intervalMs?: number;
  }): ExpiredDocumentSweep;
}
