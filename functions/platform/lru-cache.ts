/**
 * A bounded map that forgets the least recently used entry first. Holds what a warm process
 * already knows (a stream's state at a version, a projection's checkpoint) so the next request
 * can skip a read; every user of it must be correct when an entry is stale.
 */
export class LruCache<K, V> {
  private readonly entries = new Map<K, V>();
  constructor(private readonly capacity: number) {}

  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as K);
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  /** Every entry, least recently used first (reading them does not reorder them). */
  list(): [K, V][] {
    return [...this.entries];
  }

  get size(): number {
    return this.entries.size;
  }
}
