/**
 * The EVM answers node-rpc reported final, by key, within a budget of bytes (an answer's UTF-8 bytes, as it is kept:
 * written to a socket as bytes, where a string of ten kilobytes would be encoded again on every reply). A hit only marks its entry used, where a
 * least-recently-used order would move it to the back of the map (a delete and an insert) on every hit: those writes,
 * to a table that is cold between requests, cost the cached path about a twentieth of its CPU. When the budget is
 * exceeded, entries leave oldest first, but one used since it was last looked at gets a second chance: it is marked
 * unused and goes to the back (CLOCK). What is asked again stays; what is not leaves.
 */
export class FinalAnswers {
  private readonly capacity: number;
  private readonly entries = new Map<string, { answer: Buffer; used: boolean }>();
  private bytes = 0;

  constructor(capacityBytes: number) {
    this.capacity = capacityBytes;
  }

  get(key: string): Buffer | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (!entry.used) entry.used = true;
    return entry.answer;
  }

  set(key: string, answer: Buffer): void {
    const old = this.entries.get(key);
    if (old !== undefined) {
      this.entries.delete(key);
      this.bytes -= old.answer.length;
    }
    if (answer.length > this.capacity) return;
    this.entries.set(key, { answer, used: false });
    this.bytes += answer.length;
    while (this.bytes > this.capacity) {
      const [oldestKey, oldest] = this.entries.entries().next().value!;
      this.entries.delete(oldestKey);
      // The answer just kept goes round too (after all the others had their chance, it would be the oldest).
      if (oldest.used || oldestKey === key) {
        oldest.used = false;
        this.entries.set(oldestKey, oldest);
      } else {
        this.bytes -= oldest.answer.length;
      }
    }
  }

  /** Answers kept. */
  get size(): number {
    return this.entries.size;
  }

  /** Bytes of the answers kept. */
  get weight(): number {
    return this.bytes;
  }
}
