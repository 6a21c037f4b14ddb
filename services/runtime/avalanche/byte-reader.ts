/**
 * avalanchego's linear codec, read and written by hand (codec/linearcodec, codec/reflectcodec): big-endian integers,
 * `[]byte` and slices prefixed with a u32 length, strings with a u16 length, fixed-size arrays (ids) raw.
 */
import { CODEC_VERSION } from './linear-codec.ts';

export const ID_LENGTH = 32;
export const SHORT_ID_LENGTH = 20;

/** A cursor over bytes that fails loudly on a short read, so a misparse never passes for data. */
export class Reader {
  readonly bytes: Uint8Array;
  offset: number;
  private readonly view: DataView;

  constructor(bytes: Uint8Array, offset = 0) {
    this.bytes = bytes;
    this.offset = offset;
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  get remaining(): number {
    return this.bytes.length - this.offset;
  }

  private take(n: number): number {
    if (n < 0 || this.offset + n > this.bytes.length) {
      throw new Error(
        `unexpected end of bytes: wanted ${n} at offset ${this.offset} of ${this.bytes.length}`,
      );
    }
    const at = this.offset;
    this.offset += n;
    return at;
  }

  u8(): number {
    return this.view.getUint8(this.take(1));
  }

  u16(): number {
    return this.view.getUint16(this.take(2));
  }

  u32(): number {
    return this.view.getUint32(this.take(4));
  }

  u64(): bigint {
    return this.view.getBigUint64(this.take(8));
  }

  /** Go's int64 (proposervm timestamps). */
  i64(): bigint {
    return this.view.getBigInt64(this.take(8));
  }

  fixed(n: number): Uint8Array {
    const at = this.take(n);
    return this.bytes.subarray(at, at + n);
  }

  id(): Uint8Array {
    return this.fixed(ID_LENGTH);
  }

  shortId(): Uint8Array {
    return this.fixed(SHORT_ID_LENGTH);
  }

  /** `[]byte`: u32 length, then the bytes. */
  bytesField(): Uint8Array {
    return this.fixed(this.u32());
  }

  /** `string`: u16 length, then UTF-8. */
  string(): string {
    return new TextDecoder().decode(this.fixed(this.u16()));
  }

  /** A slice: u32 count, then each element. */
  list<T>(read: (r: Reader) => T): T[] {
    const count = this.u32();
    const items: T[] = [];
    for (let i = 0; i < count; i++) items.push(read(this));
    return items;
  }

  /** Throws unless every byte was read: avalanchego's codec refuses trailing bytes (errExtraSpace). */
  end(what: string): void {
    if (this.remaining !== 0) throw new Error(`${what}: ${this.remaining} trailing bytes`);
  }

  /** The codec version every top-level object starts with. */
  codecVersion(what: string, allowed: readonly number[] = [CODEC_VERSION]): number {
    const version = this.u16();
    if (!allowed.includes(version)) throw new Error(`${what}: unknown codec version ${version}`);
    return version;
  }
}

/** A big-endian unsigned integer of any width (RLP's integers). */
export function bigEndianToBigInt(bytes: Uint8Array): bigint {
  let n = 0n;
  for (const b of bytes) n = (n << 8n) | BigInt(b);
  return n;
}
