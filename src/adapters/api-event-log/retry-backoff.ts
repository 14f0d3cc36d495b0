/**
 * The pause after a failed write: `initialMs` after the first failure in a row, doubling on each
 * further one up to `maxMs`; back to nothing once a write succeeds. A database that is down is not
 * hammered, and one that comes back is written to again within `maxMs`.
 */
export class RetryBackoff {
  private current = 0;
  private readonly maxMs: number;

  constructor(
    private readonly initialMs: number,
    maxMs: number,
  ) {
    this.maxMs = Math.max(initialMs, maxMs);
  }

  /** The pause after the last failure (ms); 0 when the last write succeeded, or after `reset`. */
  get pauseMs(): number {
    return this.current;
  }

  /** A write failed: returns the pause before the next attempt. */
  failed(): number {
    this.current = this.current === 0 ? this.initialMs : Math.min(this.current * 2, this.maxMs);
    return this.current;
  }

  /** A write succeeded, or the next attempt is to come at once (close). */
  reset(): void {
    this.current = 0;
  }
}
