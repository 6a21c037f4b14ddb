import { sha256 } from '@noble/hashes/sha2.js';
import { equalBytes } from './cb58.ts';

/**
 * avalanchego's byte encodings (utils/formatting): `hex` and `hexc` are 0x-hex with a 4-byte sha256 checksum
 * appended, `hexnc` is plain 0x-hex. Names match case-insensitively; replies echo the name as given.
 */
export type EncodingName = 'hex' | 'hexc' | 'hexnc' | 'json';

export function parseEncodingName(text: string): EncodingName | undefined {
  const name = text.toLowerCase();
  return name === 'hex' || name === 'hexc' || name === 'hexnc' || name === 'json' ? name : undefined;
}

const CHECKSUM_LENGTH = 4;

export function encodeBytes(bytes: Uint8Array, encoding: Exclude<EncodingName, 'json'>): string {
  const hex = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex');
  if (encoding === 'hexnc') return `0x${hex}`;
  return `0x${hex}${Buffer.from(sha256(bytes).subarray(-CHECKSUM_LENGTH)).toString('hex')}`;
}

/** 0x-prefixed hex with no checksum: avalanchego's `hexnc`, and how EVM tooling writes bytes. */
export function hex(bytes: Uint8Array): string {
  return encodeBytes(bytes, 'hexnc');
}

/** Decodes checksummed hex (`hex`/`hexc`), with avalanchego's error texts. */
export function decodeCheckedHex(text: string): Uint8Array {
  if (!text.startsWith('0x')) throw new Error('missing 0x prefix to hex encoding');
  const body = text.slice(2);
  if (body.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(body)) throw new Error('invalid hex encoding');
  const raw = Buffer.from(body, 'hex');
  if (raw.length < CHECKSUM_LENGTH) throw new Error('input string is smaller than the checksum size');
  const payload = raw.subarray(0, -CHECKSUM_LENGTH);
  if (!equalBytes(sha256(payload).subarray(-CHECKSUM_LENGTH), raw.subarray(-CHECKSUM_LENGTH))) {
    throw new Error('invalid input checksum');
  }
  return new Uint8Array(payload);
}
