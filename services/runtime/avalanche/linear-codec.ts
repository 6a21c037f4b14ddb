/**
 * Writing avalanchego's linear codec by hand (codec/linearcodec): big-endian integers and byte strings laid end to
 * end. The devnet builds its containers with these and the primary-network decoders rebuild UTXO bytes with them.
 */

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
