/**
 * Byte layouts shared by the devnet's chains: avalanchego's linear codec writes big-endian integers and
 * length-prefixed slices; proposervm wraps every post-fork block of the P- and X-Chain.
 */
import { sha256 } from '@noble/hashes/sha2.js';

export const CODEC_VERSION = 0;

export function u8(n: number): Uint8Array {
  return Uint8Array.of(n);
}

export function u16(n: number): Uint8Array {
  const b = new Uint8Array(2);
  new DataView(b.buffer).setUint16(0, n);
  return b;
}

export function u32(n: number): Uint8Array {
  const b = new Uint8Array(4);
  new DataView(b.buffer).setUint32(0, n);
  return b;
}

export function u64(n: bigint): Uint8Array {
  const b = new Uint8Array(8);
  new DataView(b.buffer).setBigUint64(0, n);
  return b;
}

export function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/**
 * proposervm's `statelessBlock` (codec 0, type 0): ParentID, Timestamp, PChainHeight, Certificate, the inner block,
 * Signature. The devnet's blocks are unsigned (empty certificate and signature), as a block built outside a proposer's
 * window may be; its id is the sha256 of the bytes before the signature's length.
 */
export function proposerBlock(
  parentId: Uint8Array,
  timeSeconds: bigint,
  pChainHeight: bigint,
  inner: Uint8Array,
) {
  const unsigned = concat(
    u16(CODEC_VERSION),
    u32(0),
    parentId,
    u64(timeSeconds),
    u64(pChainHeight),
    u32(0),
    u32(inner.length),
    inner,
  );
  return { id: sha256(unsigned), bytes: concat(unsigned, u32(0)) };
}
