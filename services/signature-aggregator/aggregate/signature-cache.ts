/**
 * Validators' signatures already collected, per Warp message and validator key, so that a request for the same
 * message (a relayer's retry, a higher quorum) asks only the validators still missing. Keyed by the BLS key rather
 * than the node or the canonical index: the key is what signed, and it survives validator-set changes between
 * P-Chain heights. Only signatures verified against that key for that message enter (the VerifiedSignature type),
 * so a cached signature counts without being checked again.
 *
 * Bounded by the number of signatures held; past it, whole messages are dropped, least recently used first (a
 * message is used when its signatures are read or one is added).
 */
import { blsVerifyBatch } from '../../runtime/avalanche/bls.ts';

declare const verified: unique symbol;
/** A 96-byte signature known to verify for the message and key it is stored under. */
export type VerifiedSignature = Uint8Array & { readonly [verified]: true };

/**
 * Each signature as a VerifiedSignature if it is its key signing `unsigned`, else undefined: the one place the type
 * is given out. Checked as a batch (blsVerifyBatch), which costs a fraction of one verification per signature.
 */
export function verifySignatures(
  unsigned: Uint8Array,
  items: { publicKey: Uint8Array; signature: Uint8Array }[],
): (VerifiedSignature | undefined)[] {
  const valid = blsVerifyBatch(unsigned, items);
  return items.map((item, i) => (valid[i] ? (item.signature as VerifiedSignature) : undefined));
}

/** About 1 M signatures: ~100 MB of signatures, enough for thousands of messages of a large subnet. */
export const DEFAULT_MAX_SIGNATURES = 1 << 20;

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

export interface SignatureCacheStats {
  messages: number;
  signatures: number;
  maxSignatures: number;
}

export class SignatureCache {
  /** message id (hex) -> compressed public key (hex) -> signature, in least-recently-used-first order. */
  private readonly messages = new Map<string, Map<string, VerifiedSignature>>();
  private signatureCount = 0;
  private readonly maxSignatures: number;

  constructor(options: { maxSignatures?: number } = {}) {
    const max = options.maxSignatures ?? DEFAULT_MAX_SIGNATURES;
    if (!Number.isInteger(max) || max < 1)
      throw new RangeError(`maxSignatures must be a positive integer: ${max}`);
    this.maxSignatures = max;
  }

  /** The signatures held for a message (by compressed public key, hex); marks the message used. */
  signatures(messageId: Uint8Array): ReadonlyMap<string, VerifiedSignature> {
    const key = hex(messageId);
    const entry = this.messages.get(key);
    if (!entry) return new Map();
    this.touch(key, entry);
    return entry;
  }

  get(messageId: Uint8Array, publicKey: Uint8Array): VerifiedSignature | undefined {
    return this.signatures(messageId).get(hex(publicKey));
  }

  add(messageId: Uint8Array, publicKey: Uint8Array, signature: VerifiedSignature): void {
    const key = hex(messageId);
    let entry = this.messages.get(key);
    if (!entry) entry = new Map();
    this.touch(key, entry);
    const validator = hex(publicKey);
    if (!entry.has(validator)) this.signatureCount++;
    entry.set(validator, signature);
    // Older messages go first; the one just added stays even if alone it is over the bound (a bound smaller than
    // one validator set is a misconfiguration, and dropping the signatures being collected would only slow it).
    for (const [oldest, signatures] of this.messages) {
      if (this.signatureCount <= this.maxSignatures || oldest === key) break;
      this.messages.delete(oldest);
      this.signatureCount -= signatures.size;
    }
  }

  stats(): SignatureCacheStats {
    return {
      messages: this.messages.size,
      signatures: this.signatureCount,
      maxSignatures: this.maxSignatures,
    };
  }

  private touch(key: string, entry: Map<string, VerifiedSignature>): void {
    // A Map iterates in insertion order: re-inserting moves the message to the most recently used end.
    this.messages.delete(key);
    this.messages.set(key, entry);
  }
}
