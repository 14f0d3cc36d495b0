export interface ConcurrencyLimitOptions {
  /** Tasks that may wait for a slot; one more is refused with `whenFull()` (default: no bound). */
  readonly maxQueued?: number;
  readonly whenFull?: () => Error;
}

/**
 * At most `limit` tasks run at once; up to `maxQueued` more wait in FIFO order, and past that a task
 * is refused at once without running. Used to keep CPU- and thread-pool-heavy work (password hashing)
 * from starving everything else, and to answer quickly rather than late when it is saturated.
 */
export class ConcurrencyLimit {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly maxQueued: number;
  private readonly whenFull: () => Error;

  constructor(
    private readonly limit: number,
    options: ConcurrencyLimitOptions = {},
  ) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError('limit must be a positive integer');
    this.maxQueued = options.maxQueued ?? Number.POSITIVE_INFINITY;
    if (!(this.maxQueued >= 0)) throw new RangeError('maxQueued must be 0 or more');
    this.whenFull = options.whenFull ?? (() => new Error('concurrency limit: the queue is full'));
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) {
      if (this.waiting.length >= this.maxQueued) throw this.whenFull();
      // The slot is handed over by the task that frees it (`running` is not decremented in between),
      // so a newcomer cannot overtake the queue.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next === undefined) this.running -= 1;
      else next();
    }
  }

  /** A task submitted now would be refused. */
  get full(): boolean {
    return this.running >= this.limit && this.waiting.length >= this.maxQueued;
  }

  get active(): number {
    return this.running;
  }

  get queued(): number {
    return this.waiting.length;
  }
}
