import { sha256 } from '@noble/hashes/sha2.js';

/**
 * Everything random in the devnet comes from here, derived from the seed, so the same seed and parameters give
 * byte-identical chains.
 */
const encoder = new TextEncoder();

/** 32 bytes derived from the seed and a label, e.g. a private key. */
export function derive(seed: string, label: string): Uint8Array {
  return sha256(encoder.encode(`${seed}\u0000${label}`));
}

/** A deterministic stream of numbers: sha256 in counter mode over (seed, stream name). */
export class SeededRandom {
  private readonly key: string;
  private counter = 0;
  private buffer = new Uint8Array(0);
  private offset = 0;

  constructor(seed: string, stream: string) {
    this.key = `${seed}\u0000${stream}`;
  }

  /** An integer in [0, n). */
  below(n: number): number {
    if (this.offset + 4 > this.buffer.length) {
      this.buffer = sha256(encoder.encode(`${this.key}\u0000${this.counter++}`));
      this.offset = 0;
    }
    const value = new DataView(this.buffer.buffer, this.offset, 4).getUint32(0);
    this.offset += 4;
    return value % n;
  }

  pick<T>(items: readonly T[]): T {
    return items[this.below(items.length)]!;
  }
}
