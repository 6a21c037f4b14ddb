/**
 * Just enough DER (X.690) to write a staking certificate and to read the public key out of a peer's: definite
 * lengths, universal tags and context-specific explicit tags. Nothing here validates beyond what those two uses need.
 */
import { concat } from '../linear-codec.ts';

export const TAG = {
  boolean: 0x01,
  integer: 0x02,
  bitString: 0x03,
  octetString: 0x04,
  null: 0x05,
  oid: 0x06,
  utcTime: 0x17,
  generalizedTime: 0x18,
  sequence: 0x30,
  set: 0x31,
} as const;

export function tlv(tag: number, content: Uint8Array): Uint8Array {
  const length = encodeLength(content.length);
  const out = new Uint8Array(1 + length.length + content.length);
  out[0] = tag;
  out.set(length, 1);
  out.set(content, 1 + length.length);
  return out;
}

function encodeLength(length: number): Uint8Array {
  if (length < 0x80) return Uint8Array.of(length);
  const bytes: number[] = [];
  for (let n = length; n > 0; n = Math.floor(n / 256)) bytes.unshift(n % 256);
  return Uint8Array.of(0x80 | bytes.length, ...bytes);
}

export function sequence(...children: Uint8Array[]): Uint8Array {
  return tlv(TAG.sequence, concat(...children));
}

/** A non-negative INTEGER from its big-endian magnitude: minimal, with a 00 in front when the top bit is set. */
export function unsignedInteger(magnitude: Uint8Array): Uint8Array {
  let start = 0;
  while (start < magnitude.length - 1 && magnitude[start] === 0) start++;
  const trimmed = magnitude.length === 0 ? Uint8Array.of(0) : magnitude.subarray(start);
  return tlv(TAG.integer, trimmed[0]! & 0x80 ? concat(Uint8Array.of(0), trimmed) : trimmed);
}

export function smallInteger(value: number): Uint8Array {
  const bytes: number[] = [];
  for (let n = value; n > 0; n = Math.floor(n / 256)) bytes.unshift(n % 256);
  return unsignedInteger(Uint8Array.from(bytes));
}

export function oid(dotted: string): Uint8Array {
  const arcs = dotted.split('.').map(Number);
  const body: number[] = [40 * arcs[0]! + arcs[1]!];
  for (const arc of arcs.slice(2)) {
    const groups: number[] = [arc & 0x7f];
    for (let n = Math.floor(arc / 128); n > 0; n = Math.floor(n / 128)) groups.unshift(0x80 | (n & 0x7f));
    body.push(...groups);
  }
  return tlv(TAG.oid, Uint8Array.from(body));
}

/** A BIT STRING of whole bytes (no unused bits). */
export function bitString(bytes: Uint8Array): Uint8Array {
  return tlv(TAG.bitString, concat(Uint8Array.of(0), bytes));
}

export function octetString(bytes: Uint8Array): Uint8Array {
  return tlv(TAG.octetString, bytes);
}

export function boolean(value: boolean): Uint8Array {
  return tlv(TAG.boolean, Uint8Array.of(value ? 0xff : 0));
}

export function nullValue(): Uint8Array {
  return tlv(TAG.null, new Uint8Array(0));
}

/** [n] EXPLICIT: a constructed context-specific tag around one element. */
export function explicit(n: number, content: Uint8Array): Uint8Array {
  return tlv(0xa0 | n, content);
}

/** RFC 5280 §4.1.2.5: UTCTime through 2049, GeneralizedTime from 2050; seconds, always Zulu. */
export function time(date: Date): Uint8Array {
  const year = date.getUTCFullYear();
  const pad = (n: number) => String(n).padStart(2, '0');
  const rest = `${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}${pad(date.getUTCHours())}${pad(date.getUTCMinutes())}${pad(date.getUTCSeconds())}Z`;
  const encoder = new TextEncoder();
  return year < 2050
    ? tlv(TAG.utcTime, encoder.encode(`${pad(year % 100)}${rest}`))
    : tlv(TAG.generalizedTime, encoder.encode(`${String(year).padStart(4, '0')}${rest}`));
}

export interface DerElement {
  tag: number;
  /** The whole element, header included (a view into the input). */
  raw: Uint8Array;
  /** The content octets (a view into the input). */
  content: Uint8Array;
  /** Offset just past the element in the input it was read from. */
  end: number;
}

/** Reads one element at `offset`; throws on a truncated element, an indefinite length or a multi-byte tag. */
export function readElement(bytes: Uint8Array, offset = 0): DerElement {
  if (offset + 2 > bytes.length) throw new Error('DER: truncated element');
  const tag = bytes[offset]!;
  if ((tag & 0x1f) === 0x1f) throw new Error('DER: multi-byte tags are not supported');
  let length = bytes[offset + 1]!;
  let start = offset + 2;
  if (length & 0x80) {
    const count = length & 0x7f;
    if (count === 0 || count > 4) throw new Error('DER: unsupported length');
    if (start + count > bytes.length) throw new Error('DER: truncated length');
    length = 0;
    for (let i = 0; i < count; i++) length = length * 256 + bytes[start + i]!;
    start += count;
  }
  const end = start + length;
  if (end > bytes.length) throw new Error('DER: truncated element');
  return { tag, raw: bytes.subarray(offset, end), content: bytes.subarray(start, end), end };
}

/** The elements laid end to end in a constructed element's content. */
export function readChildren(content: Uint8Array): DerElement[] {
  const children: DerElement[] = [];
  for (let offset = 0; offset < content.length;) {
    const child = readElement(content, offset);
    children.push(child);
    offset = child.end;
  }
  return children;
}

export function decodeOid(content: Uint8Array): string {
  if (content.length === 0) throw new Error('DER: empty OID');
  const arcs: number[] = [];
  let value = 0;
  for (const byte of content) {
    value = value * 128 + (byte & 0x7f);
    if (!(byte & 0x80)) {
      arcs.push(value);
      value = 0;
    }
  }
  if (content[content.length - 1]! & 0x80) throw new Error('DER: truncated OID');
  const first = arcs.shift()!;
  const top = Math.min(2, Math.floor(first / 40));
  return [top, first - 40 * top, ...arcs].join('.');
}
