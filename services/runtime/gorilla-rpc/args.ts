/**
 * Argument decoders for avalanchego's gorilla services, as its Go types unmarshal: json.Uint64 takes a number or a
 * decimal string, ids.ID a cb58 string, ids.NodeID `NodeID-<cb58>`, formatting.Encoding a name matched
 * case-insensitively; null or missing means the zero value. Failures raise InvalidArgumentError, which every
 * gorilla endpoint reports with the node's one fixed text.
 */
import { decodeCb58, decodeId, encodeCb58 } from '../formatting/cb58.ts';
import { parseEncodingName, type EncodingName } from '../formatting/encoding.ts';
import { InvalidArgumentError } from './endpoint.ts';
import { JsonNumber } from './go-json.ts';

const MAX_UINT64 = 2n ** 64n - 1n;
export const ZERO_ID = encodeCb58(new Uint8Array(32));

export function uint64Arg(value: unknown): string {
  if (value === undefined || value === null) return '0';
  const text = value instanceof JsonNumber ? value.source : typeof value === 'string' ? value : undefined;
  if (text === undefined || !/^\d+$/.test(text) || BigInt(text) > MAX_UINT64) {
    throw new InvalidArgumentError(`not a uint64: ${String(text)}`);
  }
  return BigInt(text).toString();
}

export function idArg(value: unknown): string {
  if (value === undefined || value === null) return ZERO_ID;
  if (typeof value !== 'string') throw new InvalidArgumentError('id must be a string');
  try {
    decodeId(value);
  } catch (err) {
    throw new InvalidArgumentError(`couldn't decode ID to bytes: ${(err as Error).message}`);
  }
  return value;
}

/** ids.NodeID: `NodeID-` and the cb58 of 20 bytes. */
export function nodeIdArg(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('NodeID-')) {
    throw new InvalidArgumentError('node ID must be a string starting with NodeID-');
  }
  let bytes: Uint8Array;
  try {
    bytes = decodeCb58(value.slice('NodeID-'.length));
  } catch (err) {
    throw new InvalidArgumentError(`couldn't decode node ID: ${(err as Error).message}`);
  }
  if (bytes.length !== 20) throw new InvalidArgumentError('node ID must be 20 bytes');
  return value;
}

export function listArg<T>(value: unknown, item: (value: unknown) => T): T[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new InvalidArgumentError('expected an array');
  return value.map(item);
}

export function encodingArg(value: unknown): EncodingName {
  if (value === undefined || value === null) return 'hex';
  const encoding = typeof value === 'string' ? parseEncodingName(value) : undefined;
  if (!encoding) throw new InvalidArgumentError('invalid encoding');
  return encoding;
}
