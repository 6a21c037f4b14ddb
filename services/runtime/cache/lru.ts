/**
 * A map that keeps at most `capacity` units, evicting the least recently used entries: one unit per entry, or what
 * `weigh` says an entry costs (e.g. its bytes). An entry heavier than the whole capacity is not kept.
 */
export class LruCache<K, V> {
  private readonly capacity: number;
  private readonly weigh: (value: V) => number;
  private readonly entries = new Map<K, V>();
  private used = 0;

  constructor(capacity: number, weigh: (value: V) => number = () => 1) {
    this.capacity = capacity;
    this.weigh = weigh;
  }

  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: K, value: V): void {
    const weight = this.weigh(value);
    this.delete(key);
    if (weight > this.capacity) return;
    this.entries.set(key, value);
    this.used += weight;
    while (this.used > this.capacity) this.delete(this.entries.keys().next().value!);
  }

  /** Entries kept. */
  get size(): number {
    return this.entries.size;
  }

  /** Units in use (entries, unless `weigh` says otherwise). */
  get weight(): number {
    return this.used;
  }

  delete(key: K): void {
    const old = this.entries.get(key);
    if (old === undefined) return;
    this.entries.delete(key);
    this.used -= this.weigh(old);
  }

  clear(): void {
    this.entries.clear();
    this.used = 0;
  }
}
