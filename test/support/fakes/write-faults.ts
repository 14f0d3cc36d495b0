import type { Collection, Db } from 'mongodb';

/** What a write that the dead process never made throws. */
export class ProcessDied extends Error {
  constructor(readonly write: string) {
    super(`process died before ${write}`);
    this.name = 'ProcessDied';
  }
}

/**
 * A process killed at a chosen write (CONTRACT 10.2), shared by the fakes of one test (and by the
 * MongoDB adapters through `faultyDb`): each store calls `write` just before each write it makes.
 * Armed with `dieAt(n)` (or `dieBefore(name)`), the n-th write from then on and every write after it throw
 * `ProcessDied`
 * without touching anything, as if the process had been killed just before it; `revive` is the
 * restart. Unarmed, it only counts and names the writes (`writes`), so a test learns how many writes
 * a path makes and can kill it before each of them.
 */
export class WriteFaults {
  private count = 0;
  private dieAtWrite: number | undefined;
  private dieAtName: string | undefined;
  private dead = false;
  private readonly names: string[] = [];

  write(what: string): void {
    if (this.dead) throw new ProcessDied(what);
    this.count += 1;
    if (this.count === this.dieAtWrite || (this.dieAtName !== undefined && what.includes(this.dieAtName))) {
      this.dead = true;
      throw new ProcessDied(what);
    }
    this.names.push(what);
  }

  /** Dies before the n-th write from now on (1 = the next one); the count starts again. */
  dieAt(n: number): void {
    this.reset();
    this.dieAtWrite = n;
  }

  /**
   * Dies before the first write whose name contains `name` (a collection: `hub_lead_events`), for a
   * contract case that must mean the same write on the fake and the adapter, whose counts of write
   * commands differ (an insert refused as a duplicate is a command too).
   */
  dieBefore(name: string): void {
    this.reset();
    this.dieAtName = name;
  }

  /** The restart: writes go through again, counted from zero. */
  revive(): void {
    this.reset();
  }

  /** The writes made since the last `dieAt`/`revive` (the fatal one not included), in order. */
  get writes(): readonly string[] {
    return [...this.names];
  }

  private reset(): void {
    this.count = 0;
    this.dieAtWrite = undefined;
    this.dieAtName = undefined;
    this.dead = false;
    this.names.length = 0;
  }
}

/** A WriteFaults that never fails: the default of every fake that takes one. */
export const NO_FAULTS = new (class extends WriteFaults {
  override write(): void {}
})();

const WRITES = new Set([
  'insertOne',
  'insertMany',
  'updateOne',
  'updateMany',
  'replaceOne',
  'findOneAndUpdate',
  'findOneAndReplace',
  'findOneAndDelete',
  'deleteOne',
  'deleteMany',
  'bulkWrite',
]);

/**
 * The database as a MongoDB adapter sees it, with every collection write going through `faults`
 * first (`<collection>.<method>`): the same kill between two writes as the fakes', on the real
 * adapter, so a contract suite can check both keep the same promise.
 */
export function faultyDb(db: Db, faults: WriteFaults): Db {
  return new Proxy(db, {
    get(target, property, receiver) {
      if (property !== 'collection') return Reflect.get(target, property, receiver) as unknown;
      return (name: string, ...rest: unknown[]) => {
        const collection = (target.collection as (n: string, ...r: unknown[]) => Collection)(name, ...rest);
        return new Proxy(collection, {
          get(c, method, r) {
            const value = Reflect.get(c, method, r) as unknown;
            if (typeof method !== 'string' || !WRITES.has(method) || typeof value !== 'function') return value;
            return (...args: unknown[]) => {
              faults.write(`${name}.${method}`);
              return (value as (...a: unknown[]) => unknown).apply(c, args);
            };
          },
        });
      };
    },
  });
}
