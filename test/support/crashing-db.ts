import type { Collection, Db } from 'mongodb';
import type { CrashSwitch } from './fakes/crash-switch';

/** The driver's methods that write (each is one command, or one command per call of insertMany/bulkWrite). */
const WRITES = new Set([
  'insertOne',
  'insertMany',
  'updateOne',
  'updateMany',
  'replaceOne',
  'deleteOne',
  'deleteMany',
  'findOneAndUpdate',
  'findOneAndReplace',
  'findOneAndDelete',
  'bulkWrite',
]);

/**
 * The database as a repository sees it, with every write command first asking `crash` (CrashSwitch):
 * the armed write throws ProcessDied and is never sent, so a contract suite can kill a real adapter
 * between two of its writes as it kills a fake. Reads pass through untouched.
 */
export function crashingDb(db: Db, crash: CrashSwitch): Db {
  return new Proxy(db, {
    get(target, property, receiver) {
      if (property === 'collection') {
        return (name: string, options?: Parameters<Db['collection']>[1]) =>
          crashingCollection(target.collection(name, options), crash);
      }
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

function crashingCollection<T extends object>(collection: Collection<T>, crash: CrashSwitch): Collection<T> {
  return new Proxy(collection, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      const method = (value as (...args: unknown[]) => unknown).bind(target);
      if (typeof property !== 'string' || !WRITES.has(property)) return method;
      return (...args: unknown[]) => {
        crash.beforeWrite(`${target.collectionName}.${property}`);
        return method(...args);
      };
    },
  });
}
