import { sha256 } from '@noble/hashes/sha2.js';
import { base58 } from '@scure/base';

/**
 * cb58: base58 of the bytes followed by the last 4 bytes of a single sha256 (not bitcoin's double-hash base58check).
 * Errors carry avalanchego's texts.
 */
const CHECKSUM_LENGTH = 4;

export function encodeCb58(bytes: Uint8Array): string {
  const out = new Uint8Array(bytes.length + CHECKSUM_LENGTH);
  out.set(bytes);
  out.set(sha256(bytes).subarray(-CHECKSUM_LENGTH), bytes.length);
  return base58.encode(out);
}

export function decodeCb58(text: string): Uint8Array {
  let raw: Uint8Array;
  try {
    raw = base58.decode(text);
  } catch (err) {
    throw new Error(`base58 decoding error: ${(err as Error).message}`, { cause: err });
  }
  if (raw.length < CHECKSUM_LENGTH) throw new Error('input string is smaller than the checksum size');
  const payload = raw.subarray(0, -CHECKSUM_LENGTH);
  if (!equalBytes(sha256(payload).subarray(-CHECKSUM_LENGTH), raw.subarray(-CHECKSUM_LENGTH))) {
    throw new Error('invalid input checksum');
  }
  return payload;
}

/** Parses an ids.ID: cb58 of exactly 32 bytes. */
export function decodeId(text: string): Uint8Array {
  const bytes = decodeCb58(text);
  if (bytes.length !== 32) throw new Error(`expected 32 bytes but got ${bytes.length}`);
  return bytes;
}

export function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
