/** What a write of a fake (or of a database wrapped by crashingDb) throws when the switch kills it. */
export class ProcessDied extends Error {
  constructor(readonly write: string) {
    super(`process died before write ${write}`);
    this.name = 'ProcessDied';
  }
}

/**
 * The process dying between two writes (CONTRACT 10.2), for fakes and wrapped databases: every write
 * asks the switch first, and the armed one throws ProcessDied instead of happening, so the writes
 * before it are stored and none after it (the caller's own code stops at the exception, as a killed
 * process does). Several fakes may share one switch: their writes are counted together, in the order
 * the use case makes them.
 */
export class CrashSwitch {
  private count = 0;
  private armedAt: number | undefined;
  /** The writes made (or tried: an insert that finds its id taken counts), by label, in order. */
  readonly writes: string[] = [];

  /** The `n`-th write from now (1: the next one) fails; the writes after it run again normally. */
  failWrite(n: number): void {
    if (!Number.isInteger(n) || n < 1) throw new Error(`failWrite(${n}): n counts from 1`);
    this.armedAt = this.count + n;
  }

  /** No write fails. */
  disarm(): void {
    this.armedAt = undefined;
  }

  /** Writes counted so far (a twin run without failure tells how many writes a path makes). */
  get made(): number {
    return this.count;
  }

  /** Called by a fake right before it writes. */
  beforeWrite(label: string): void {
    this.count += 1;
    this.writes.push(label);
    if (this.count === this.armedAt) {
      this.armedAt = undefined;
      throw new ProcessDied(label);
    }
  }
}
