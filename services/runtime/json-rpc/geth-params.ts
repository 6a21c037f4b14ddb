/**
 * geth's JSON-RPC parameters as coreth's and Subnet-EVM's decoders read them, with their error texts: hexutil, the
 * fixed-length hashes and addresses, rpc.BlockNumber, and eth/filters' FilterCriteria (eth_getLogs, eth_newFilter,
 * the `logs` subscription). The devnet answers with these and gateway-rpc refuses a bad `logs` subscription with
 * them, so both word a bad filter as the node does.
 */
import type { JsonRpcError } from '../errors.ts';
import { goJsonKind } from '../gorilla-rpc/go-json.ts';

/** A parameter that does not decode: the server answers `invalid argument <n>: <message>` (-32602). */
export class ParamError extends Error {
  override name = 'ParamError';
}

/** encoding/json's UnmarshalTypeError: a top-level value's, or, inside a struct, its field's (`input.topics`). */
function typeError(kind: string, goType: string, field?: string): ParamError {
  const target = field === undefined ? 'Go value' : `Go struct field ${field}`;
  return new ParamError(`json: cannot unmarshal ${kind} into ${target} of type ${goType}`);
}

const has0xPrefix = (text: string) => /^0[xX]/.test(text);

/** hexutil.Decode: 0x and an even number of hex digits (a bad digit is named before an odd length). */
function decodeHexBytes(text: string): Uint8Array {
  if (text === '') throw new Error('empty hex string');
  if (!has0xPrefix(text)) throw new Error('hex string without 0x prefix');
  const digits = text.slice(2);
  if (!/^[0-9a-fA-F]*$/.test(digits)) throw new Error('invalid hex string');
  if (digits.length % 2 !== 0) throw new Error('hex string of odd length');
  return Uint8Array.from(Buffer.from(digits, 'hex'));
}

/**
 * hexutil.DecodeUint64, whose digits strconv.ParseUint reads one by one: a bad digit among the first seventeen is a
 * syntax error, a seventeenth good one an overflow.
 */
function decodeUint64(text: string): bigint {
  if (text === '') throw new ParamError('empty hex string');
  if (!has0xPrefix(text)) throw new ParamError('hex string without 0x prefix');
  const digits = text.slice(2);
  if (digits === '') throw new ParamError('hex string "0x"');
  if (digits.length > 1 && digits.startsWith('0'))
    throw new ParamError('hex number with leading zero digits');
  const bad = digits.search(/[^0-9a-fA-F]/);
  if (bad !== -1 && bad <= 16) throw new ParamError('invalid hex string');
  if (digits.length > 16) throw new ParamError('hex number > 64 bits');
  return BigInt(`0x${digits}`);
}

/**
 * common.Hash's and common.Address's UnmarshalJSON (hexutil.UnmarshalFixedJSON): a string with 0x and exactly the
 * type's digits, returned lower-case. Only the length error is not a type error; `field` names the struct field
 * being decoded, if any.
 */
export function fixedLengthHex(
  value: unknown,
  goType: 'common.Hash' | 'common.Address',
  field?: string,
): string {
  const digitCount = goType === 'common.Hash' ? 64 : 40;
  if (typeof value !== 'string') throw typeError('non-string', goType, field);
  let digits = value;
  // hexutil's checkText takes the empty string for no digits at all.
  if (digits !== '') {
    if (!has0xPrefix(digits)) throw typeError('hex string without 0x prefix', goType, field);
    digits = digits.slice(2);
    if (digits.length % 2 !== 0) throw typeError('hex string of odd length', goType, field);
  }
  if (digits.length !== digitCount) {
    throw new ParamError(`hex string has length ${digits.length}, want ${digitCount} for ${goType}`);
  }
  if (!/^[0-9a-fA-F]*$/.test(digits)) throw typeError('invalid hex string', goType, field);
  return `0x${digits.toLowerCase()}`;
}

export type BlockTag = 'latest' | 'pending' | 'earliest' | 'safe' | 'finalized' | 'accepted';
export type BlockNumber = { tag: BlockTag } | { number: bigint };

const BLOCK_TAGS: readonly string[] = ['latest', 'pending', 'earliest', 'safe', 'finalized', 'accepted'];

/**
 * rpc.BlockNumber's UnmarshalJSON: a tag or a hex number, quoted or not (it reads the raw JSON text with its quotes
 * stripped, so any other JSON value is a number without its 0x prefix).
 */
export function blockNumber(value: unknown): BlockNumber {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  if (BLOCK_TAGS.includes(text)) return { tag: text as BlockTag };
  const number = decodeUint64(text);
  if (number > 0x7fffffffffffffffn) throw new ParamError('block number larger than int64');
  return { number };
}

const LATEST = -2n;
const PENDING = -1n;

/** A filter bound as rpc.BlockNumber's int64: tags negative (earliest is 0), no bound "latest". */
export function filterBound(bound: BlockNumber | undefined): bigint {
  if (bound === undefined) return LATEST;
  if ('number' in bound) return bound.number;
  switch (bound.tag) {
    case 'earliest':
      return 0n;
    case 'pending':
      return PENDING;
    case 'latest':
      return LATEST;
    case 'accepted':
    case 'finalized':
      return -3n;
    case 'safe':
      return -4n;
  }
}

export interface FilterCriteria {
  blockHash: string | undefined;
  fromBlock: BlockNumber | undefined;
  toBlock: BlockNumber | undefined;
  /** Lower-case 0x hex; any of them (none: any address). */
  addresses: string[];
  /** Per position, the accepted topics (lower-case 0x hex); undefined, or none, is anything. */
  topics: (string[] | undefined)[];
}

/** eth/filters' maxAddresses: more in one filter are refused. */
export const MAX_FILTER_ADDRESSES = 1000;
/** eth/filters' maxTopics: eth_getLogs refuses more positions (subscriptions and filters do not check). */
export const MAX_FILTER_TOPICS = 4;

const CRITERIA_FIELDS = ['blockHash', 'fromBlock', 'toBlock', 'address', 'topics'] as const;

/**
 * FilterCriteria.UnmarshalJSON: encoding/json into its `input` struct first (members matched ignoring case, in
 * order: a bad hash or block number stops there; a `topics` of the wrong type is reported only if nothing stops
 * the decoding), then its own checks of the hash against the range, the addresses and the topics. JSON null is an
 * empty filter.
 */
export function decodeFilterCriteria(value: unknown): FilterCriteria {
  const criteria: FilterCriteria = {
    blockHash: undefined,
    fromBlock: undefined,
    toBlock: undefined,
    addresses: [],
    topics: [],
  };
  if (value === null) return criteria;
  if (typeof value !== 'object' || Array.isArray(value)) throw typeError(goJsonKind(value), 'filters.input');
  let rawAddresses: unknown = null;
  let rawTopics: unknown[] | null = null;
  let topicsError: ParamError | undefined;
  for (const [key, member] of Object.entries(value)) {
    const name = CRITERIA_FIELDS.find((f) => f.toLowerCase() === key.toLowerCase());
    switch (name) {
      case 'blockHash':
        criteria.blockHash =
          member === null ? undefined : fixedLengthHex(member, 'common.Hash', 'input.blockHash');
        break;
      case 'fromBlock':
        criteria.fromBlock = member === null ? undefined : blockNumber(member);
        break;
      case 'toBlock':
        criteria.toBlock = member === null ? undefined : blockNumber(member);
        break;
      case 'address':
        rawAddresses = member;
        break;
      case 'topics':
        if (member === null || Array.isArray(member)) rawTopics = member as unknown[] | null;
        else topicsError ??= typeError(goJsonKind(member), '[]interface {}', 'input.topics');
        break;
      case undefined:
        break;
    }
  }
  if (topicsError) throw topicsError;
  if (
    criteria.blockHash !== undefined &&
    (criteria.fromBlock !== undefined || criteria.toBlock !== undefined)
  ) {
    throw new ParamError('cannot specify both BlockHash and FromBlock/ToBlock, choose one or the other');
  }
  criteria.addresses = decodeAddresses(rawAddresses);
  criteria.topics = (rawTopics ?? []).map(decodeTopicPosition);
  return criteria;
}

/** The `address` member: one address or an array of them. */
function decodeAddresses(raw: unknown): string[] {
  if (raw === null) return [];
  if (typeof raw === 'string') {
    try {
      return [decodeSized(raw, 20, 'address')];
    } catch (err) {
      throw new ParamError(`invalid address: ${(err as Error).message}`);
    }
  }
  if (!Array.isArray(raw)) throw new ParamError('invalid addresses in query');
  if (raw.length > MAX_FILTER_ADDRESSES) throw new ParamError('exceed max addresses');
  return raw.map((item: unknown, i) => {
    if (typeof item !== 'string') throw new ParamError(`non-string address at index ${i}`);
    try {
      return decodeSized(item, 20, 'address');
    } catch (err) {
      throw new ParamError(`invalid address at index ${i}: ${(err as Error).message}`);
    }
  });
}

/** One position of `topics`: null, a topic, or an array of topics in which a null makes the position a wildcard. */
function decodeTopicPosition(position: unknown): string[] | undefined {
  if (position === null) return undefined;
  if (typeof position === 'string') return [decodeTopic(position)];
  if (!Array.isArray(position)) throw new ParamError('invalid topic(s)');
  let accepted: string[] | undefined;
  for (const item of position as unknown[]) {
    // geth stops reading the position at a null: what follows it is not checked.
    if (item === null) return undefined;
    if (typeof item !== 'string') throw new ParamError('invalid topic(s)');
    (accepted ??= []).push(decodeTopic(item));
  }
  return accepted;
}

function decodeTopic(text: string): string {
  try {
    return decodeSized(text, 32, 'topic');
  } catch (err) {
    throw new ParamError((err as Error).message);
  }
}

/** eth/filters' decodeAddress and decodeTopic: hexutil.Decode, then the length. */
function decodeSized(text: string, length: number, what: 'address' | 'topic'): string {
  const bytes = decodeHexBytes(text);
  if (bytes.length !== length) {
    throw new Error(`hex has invalid length ${bytes.length} after decoding; expected ${length} for ${what}`);
  }
  return `0x${Buffer.from(bytes).toString('hex')}`;
}

/**
 * EventSystem.SubscribeAcceptedLogs' range check (a node without allow-unfinalized-queries subscribes to accepted
 * logs, for eth_newFilter and the `logs` subscription alike): geth's answer when the bounds do not make a range.
 */
export function acceptedLogsRangeError(criteria: FilterCriteria): string | undefined {
  const from = filterBound(criteria.fromBlock);
  const to = filterBound(criteria.toBlock);
  const valid =
    (from === PENDING && to === PENDING) ||
    (from === LATEST && to === LATEST) ||
    (from >= 0n && to >= 0n && to >= from) ||
    (from >= LATEST && to === PENDING) ||
    (from >= 0n && to === LATEST);
  return valid ? undefined : 'invalid from and to block combination: from > to';
}

/**
 * `eth_subscribe("logs", criteria)`'s arguments after the name, as geth's handler parses them for FilterAPI.Logs
 * (the criteria a required value), then the range check: the criteria, or geth's error.
 */
export function logsSubscriptionCriteria(args: unknown[]): FilterCriteria | { error: JsonRpcError } {
  if (args.length > 1) return { error: { code: -32602, message: 'too many arguments, want at most 2' } };
  if (args.length === 0) return { error: { code: -32602, message: 'missing value for required argument 1' } };
  let criteria: FilterCriteria;
  try {
    criteria = decodeFilterCriteria(args[0]);
  } catch (err) {
    if (err instanceof ParamError)
      return { error: { code: -32602, message: `invalid argument 1: ${err.message}` } };
    throw err;
  }
  const rangeError = acceptedLogsRangeError(criteria);
  return rangeError === undefined ? criteria : { error: { code: -32000, message: rangeError } };
}

/** A log as filterLogs sees it: its block, its address and topics as lower-case 0x hex. */
export interface FilteredLog {
  blockNumber: bigint;
  address: string;
  topics: string[];
}

/**
 * eth/filters' filterLogs: numbered bounds, then any of the addresses, then the topics position by position (a log
 * with fewer topics than the criteria name, wildcards included, never matches).
 */
export function logMatchesCriteria(criteria: FilterCriteria, log: FilteredLog): boolean {
  const from = filterBound(criteria.fromBlock);
  const to = filterBound(criteria.toBlock);
  if (criteria.fromBlock !== undefined && from >= 0n && from > log.blockNumber) return false;
  if (criteria.toBlock !== undefined && to >= 0n && to < log.blockNumber) return false;
  if (criteria.addresses.length > 0 && !criteria.addresses.includes(log.address)) return false;
  if (criteria.topics.length > log.topics.length) return false;
  return criteria.topics.every(
    (accepted, i) => accepted === undefined || accepted.length === 0 || accepted.includes(log.topics[i]!),
  );
}
