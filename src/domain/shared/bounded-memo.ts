/**
 * A memo of computed values with a stated bound: at most `maxEntries` entries, the oldest stored
 * evicted first when full (Map keeps insertion order, so eviction is constant time). For process-wide
 * caches of pure computations whose keys come from input ("Bounded in-process state", docs/decisions.md).
 */
export class BoundedMemo<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(readonly maxEntries: number) {
    if (!Number.isInteger(maxEntries) || maxEntries < 1) throw new RangeError('maxEntries must be a positive integer');
  }

  get size(): number {
    return this.entries.size;
  }

  /** The value stored for `key`, else `compute(key)`, stored (and returned) unless it throws. */
  get(key: K, compute: (key: K) => V): V {
    if (this.entries.has(key)) return this.entries.get(key) as V;
    const value = compute(key);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done !== true) this.entries.delete(oldest.value);
    }
    this.entries.set(key, value);
    return value;
  }
}
