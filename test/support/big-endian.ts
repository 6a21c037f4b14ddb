/**
 * Big-endian integers as avalanchego's linear codec packs them, written out by hand for tests that check encoders
 * against bytes they build themselves (not with the codec under test).
 */
export const u16 = (n: number): Buffer => Buffer.from([n >> 8, n & 0xff]);

export const u32 = (n: number): Buffer => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};

export const u64 = (n: bigint): Buffer => {
  const b = Buffer.alloc(8);
  b.writeBigUInt64BE(n);
  return b;
};
