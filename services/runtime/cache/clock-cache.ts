/**
 * A map that keeps at most `capacity` units of what `weigh` says each value costs (for answers kept as bytes, their
 * length), evicting by CLOCK. A hit only marks its entry used, where a least-recently-used order (lru.ts) would move
 * it to the back of the map (a delete and an insert) on every hit: those writes, to a table that is cold between
 * requests, cost gateway-rpc's cached path about a twentieth of its CPU. When the budget is exceeded, entries leave
 * oldest first, but one used since it was last looked at gets a second chance: it is marked unused and goes to the
 * back. What is asked again stays; what is not leaves. A value heavier than the whole capacity is not kept.
 */
export class ClockCache<K, V> {
  private readonly capacity: number;
  private readonly weigh: (value: V) => number;
  private readonly entries = new Map<K, { value: V; weight: number; used: boolean }>();
  private used = 0;

  constructor(capacity: number, weigh: (value: V) => number) {
    this.capacity = capacity;
    this.weigh = weigh;
  }

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (!entry.used) entry.used = true;
    return entry.value;
  }

  set(key: K, value: V): void {
    const old = this.entries.get(key);
    if (old !== undefined) {
      this.entries.delete(key);
      this.used -= old.weight;
    }
    const weight = this.weigh(value);
    if (weight > this.capacity) return;
    this.entries.set(key, { value, weight, used: false });
    this.used += weight;
    while (this.used > this.capacity) {
      const [oldestKey, oldest] = this.entries.entries().next().value!;
      this.entries.delete(oldestKey);
      // The value just kept goes round too (after all the others had their chance, it would be the oldest).
      if (oldest.used || oldestKey === key) {
        oldest.used = false;
        this.entries.set(oldestKey, oldest);
      } else {
        this.used -= oldest.weight;
      }
    }
  }

  clear(): void {
    this.entries.clear();
    this.used = 0;
  }

  /** Entries kept. */
  get size(): number {
    return this.entries.size;
  }

  /** Units kept (bytes, for answers). */
  get weight(): number {
    return this.used;
  }
}

/** A Buffer's weight in a ClockCache of answers: its bytes. */
export const byteLength = (bytes: Buffer): number => bytes.length;
