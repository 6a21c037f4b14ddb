/**
 * Decoders for geth's JSON-RPC parameter types (hexutil, common.Hash/Address, rpc.BlockNumber,
 * rpc.BlockNumberOrHash, filter criteria, call arguments) with the error texts geth's JSON decoding gives. Those
 * gateway-rpc needs as well (fixed-length hex, block numbers, filter criteria) are runtime/json-rpc/geth-params.ts's.
 */
import { goJsonKind } from '../../runtime/gorilla-rpc/go-json.ts';
import { blockNumber, fixedLengthHex, type BlockNumber } from '../../runtime/json-rpc/geth-params.ts';
import { ParamError, RpcError, type GethParam } from './endpoint.ts';

export {
  blockNumber,
  decodeFilterCriteria as filterCriteria,
  type BlockTag,
  type FilterCriteria,
} from '../../runtime/json-rpc/geth-params.ts';

export type BlockSelector = BlockNumber | { hash: string; requireCanonical: boolean };

export function required<T>(decode: (value: unknown) => T): GethParam<T> {
  return { required: true, decode };
}

export function optional<T>(decode: (value: unknown) => T): GethParam<T | undefined> {
  return { required: false, decode: (value) => (value === null ? undefined : decode(value)) };
}

/** hexutil's validation of a quantity, returning its value; `bits` bounds it (64 or 256). */
export function parseQuantity(text: string, bits: 64 | 256): bigint {
  if (text === '') throw new ParamError('empty hex string');
  if (!/^0[xX]/.test(text)) throw new ParamError('hex string without 0x prefix');
  const digits = text.slice(2);
  if (digits === '') throw new ParamError('hex string "0x"');
  if (digits.length > 1 && digits[0] === '0') throw new ParamError('hex number with leading zero digits');
  if (!/^[0-9a-fA-F]+$/.test(digits)) throw new ParamError('invalid hex string');
  if (digits.length > bits / 4) throw new ParamError(`hex number > ${bits} bits`);
  return BigInt(`0x${digits}`);
}

function goTypeError(value: unknown, goType: string): ParamError {
  return new ParamError(`json: cannot unmarshal ${goJsonKind(value)} into Go value of type ${goType}`);
}

/** hexutil.Uint64 / hexutil.Uint / hexutil.Big: a quoted quantity (hexutil.Uint is 64 bits wide on a 64-bit node). */
export function quantity(
  goType: 'hexutil.Uint64' | 'hexutil.Uint' | 'hexutil.Big',
): (value: unknown) => bigint {
  return (value) => {
    if (typeof value !== 'string')
      throw new ParamError(`json: cannot unmarshal non-string into Go value of type ${goType}`);
    try {
      return parseQuantity(value, goType === 'hexutil.Big' ? 256 : 64);
    } catch (err) {
      throw new ParamError(
        `json: cannot unmarshal ${(err as Error).message} into Go value of type ${goType}`,
      );
    }
  };
}

/** common.Hash or common.Address: fixed-length hex, returned lower-case with 0x. */
export function fixedHex(goType: 'common.Hash' | 'common.Address'): (value: unknown) => string {
  return (value) => fixedLengthHex(value, goType);
}

/** hexutil.Bytes: even-length hex with 0x. */
export function bytes(value: unknown): string {
  if (typeof value !== 'string')
    throw new ParamError('json: cannot unmarshal non-string into Go value of type hexutil.Bytes');
  const digits = hexDigits(value, 'hexutil.Bytes');
  if (digits.length % 2 !== 0) {
    throw new ParamError(
      'json: cannot unmarshal hex string of odd length into Go value of type hexutil.Bytes',
    );
  }
  return `0x${digits.toLowerCase()}`;
}

function hexDigits(value: string, goType: string): string {
  if (!/^0[xX]/.test(value)) {
    throw new ParamError(
      `json: cannot unmarshal hex string without 0x prefix into Go value of type ${goType}`,
    );
  }
  const digits = value.slice(2);
  if (!/^[0-9a-fA-F]*$/.test(digits)) {
    throw new ParamError(`json: cannot unmarshal invalid hex string into Go value of type ${goType}`);
  }
  return digits;
}

/** A Go uint64 taken as a plain JSON number (not hex), e.g. eth_getActiveRulesAt's timestamp. */
export function unsignedInteger(value: unknown): bigint {
  if (typeof value !== 'number') throw goTypeError(value, 'uint64');
  if (!Number.isInteger(value) || value < 0) {
    throw new ParamError(`json: cannot unmarshal number ${value} into Go value of type uint64`);
  }
  return BigInt(value);
}

/**
 * math.HexOrDecimal64 (eth_feeHistory's block count): a JSON number or a string, hex with 0x or decimal; its
 * UnmarshalText error names the input, quotes stripped.
 */
export function hexOrDecimal64(value: unknown): bigint {
  const raw = typeof value === 'string' ? value : JSON.stringify(value);
  const invalid = () => new ParamError(`invalid hex or decimal integer ${goQuote(raw)}`);
  if (raw === '') return 0n;
  const hex = /^0[xX]/.test(raw);
  const digits = hex ? raw.slice(2) : raw;
  if (!(hex ? /^[0-9a-fA-F]+$/ : /^[0-9]+$/).test(digits)) throw invalid();
  const n = BigInt(hex ? `0x${digits}` : digits);
  if (n > 0xffffffffffffffffn) throw invalid();
  return n;
}

/** Go's %q of a string (ASCII inputs: quotes and backslashes escaped). */
function goQuote(text: string): string {
  return JSON.stringify(text);
}

/** []float64 (eth_feeHistory's reward percentiles): JSON numbers only. */
export function floatList(value: unknown): number[] {
  if (!Array.isArray(value)) throw goTypeError(value, '[]float64');
  return value.map((item) => {
    if (typeof item !== 'number') throw goTypeError(item, 'float64');
    return item;
  });
}

/** rpc.ID, a filter's id: a JSON string. */
export function rpcId(value: unknown): string {
  if (typeof value !== 'string') throw goTypeError(value, 'rpc.ID');
  return value;
}

export function bool(value: unknown): boolean {
  if (typeof value !== 'boolean') throw goTypeError(value, 'bool');
  return value;
}

/** rpc.BlockNumberOrHash: a block number or tag, a 32-byte hash, or {blockNumber} / {blockHash, requireCanonical}. */
export function blockNumberOrHash(value: unknown): BlockSelector {
  if (typeof value === 'string' && value.length === 66)
    return { hash: fixedHex('common.Hash')(value), requireCanonical: false };
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const { blockNumber: number, blockHash, requireCanonical } = value as Record<string, unknown>;
    if (number !== undefined && number !== null && blockHash !== undefined && blockHash !== null) {
      throw new ParamError('cannot specify both BlockHash and BlockNumber, choose one or the other');
    }
    if (blockHash !== undefined && blockHash !== null) {
      return { hash: fixedHex('common.Hash')(blockHash), requireCanonical: requireCanonical === true };
    }
    if (number !== undefined && number !== null) return blockNumber(number);
    throw new ParamError('invalid block number or hash');
  }
  return blockNumber(value);
}

export interface CallArguments {
  from: string | undefined;
  to: string | undefined;
  gas: bigint | undefined;
  value: bigint | undefined;
  data: string | undefined;
  gasPrice?: bigint | undefined;
  maxFeePerGas?: bigint | undefined;
  maxPriorityFeePerGas?: bigint | undefined;
  nonce?: bigint | undefined;
  accessList?: { address: string; storageKeys: string[] }[] | undefined;
}

function accessList(value: unknown): { address: string; storageKeys: string[] }[] {
  if (!Array.isArray(value)) throw goTypeError(value, 'types.AccessList');
  return value.map((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
      throw goTypeError(entry, 'types.AccessTuple');
    }
    const { address: a, storageKeys } = entry as Record<string, unknown>;
    if (a === undefined || a === null)
      throw new ParamError("missing required field 'address' for AccessTuple");
    if (storageKeys === undefined || storageKeys === null)
      throw new ParamError("missing required field 'storageKeys' for AccessTuple");
    if (!Array.isArray(storageKeys)) throw goTypeError(storageKeys, '[]common.Hash');
    return {
      address: fixedHex('common.Address')(a),
      storageKeys: storageKeys.map((k: unknown) => fixedHex('common.Hash')(k)),
    };
  });
}

/** ethapi.TransactionArgs, the fields eth_call uses. `input` wins over `data` when both agree, as in geth. */
export function callArguments(value: unknown): CallArguments {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw goTypeError(value, 'ethapi.TransactionArgs');
  }
  const raw = value as Record<string, unknown>;
  const field = <T>(name: string, decode: (v: unknown) => T): T | undefined => {
    const v = raw[name];
    return v === undefined || v === null ? undefined : decode(v);
  };
  const data = field('data', bytes);
  const input = field('input', bytes);
  if (data !== undefined && input !== undefined && data !== input) {
    throw new ParamError(
      'both "data" and "input" are set and not equal. Please use "input" to pass transaction call data',
    );
  }
  return {
    from: field('from', fixedHex('common.Address')),
    to: field('to', fixedHex('common.Address')),
    gas: field('gas', quantity('hexutil.Uint64')),
    value: field('value', quantity('hexutil.Big')),
    data: input ?? data,
    gasPrice: field('gasPrice', quantity('hexutil.Big')),
    maxFeePerGas: field('maxFeePerGas', quantity('hexutil.Big')),
    maxPriorityFeePerGas: field('maxPriorityFeePerGas', quantity('hexutil.Big')),
    nonce: field('nonce', quantity('hexutil.Uint64')),
    accessList: field('accessList', accessList),
  };
}

export interface TraceConfig {
  /** The tracer's name; undefined for geth's default, the struct logger. */
  tracer: string | undefined;
  /** tracerConfig as given, decoded by the tracer it names (geth's json.RawMessage). */
  tracerConfig: unknown;
  /** The struct logger's options (geth's logger.Config, embedded in TraceConfig). */
  enableMemory: boolean;
  disableStack: boolean;
  disableStorage: boolean;
  enableReturnData: boolean;
  /** Steps kept at most; 0 for all. */
  limit: number;
}

/**
 * A JSON object's member as encoding/json finds it for a struct field: the exact key, else any key equal to it under
 * case folding (the last one given wins, as later members overwrite earlier ones).
 */
function goField(raw: Record<string, unknown>, name: string): unknown {
  if (Object.hasOwn(raw, name)) return raw[name];
  let found: unknown;
  for (const [key, value] of Object.entries(raw)) {
    if (key.toLowerCase() === name.toLowerCase()) found = value;
  }
  return found;
}

/** A struct field decoded as encoding/json does (null leaves it unset), with its UnmarshalTypeError text. */
function goStructField<T>(
  raw: Record<string, unknown>,
  struct: string,
  name: string,
  goType: 'bool' | 'string' | 'int',
  fallback: T,
): T {
  const value = goField(raw, name);
  if (value === undefined || value === null) return fallback;
  const field = `Go struct field ${struct}.${name} of type ${goType}`;
  if (goType === 'bool' && typeof value === 'boolean') return value as T;
  if (goType === 'string' && typeof value === 'string') return value as T;
  if (goType === 'int' && typeof value === 'number') {
    if (Number.isInteger(value)) return value as T;
    throw new ParamError(`json: cannot unmarshal number ${value} into ${field}`);
  }
  throw new ParamError(`json: cannot unmarshal ${goJsonKind(value)} into ${field}`);
}

/**
 * tracers.TraceConfig: `tracer`, `tracerConfig` and the struct logger's options, which TraceConfig embeds as
 * *logger.Config (so Go, since 1.24, names them TraceConfig.Config.X in a type error).
 */
export function traceConfig(value: unknown): TraceConfig {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw goTypeError(value, 'tracers.TraceConfig');
  }
  const raw = value as Record<string, unknown>;
  const option = (name: string) => goStructField(raw, 'TraceConfig.Config', name, 'bool', false);
  return {
    tracer: goStructField<string | undefined>(raw, 'TraceConfig', 'Tracer', 'string', undefined),
    tracerConfig: goField(raw, 'TracerConfig'),
    enableMemory: option('EnableMemory'),
    disableStack: option('DisableStack'),
    disableStorage: option('DisableStorage'),
    enableReturnData: option('EnableReturnData'),
    limit: goStructField(raw, 'TraceConfig.Config', 'Limit', 'int', 0),
  };
}

export interface CallTracerConfig {
  onlyTopCall: boolean;
  withLog: boolean;
}

/**
 * The callTracer's tracerConfig (native.callTracerConfig: `onlyTopCall`, `withLog`). geth decodes it when it creates
 * the tracer, so a bad one is the call's error (-32000), not an invalid argument.
 */
export function callTracerConfig(value: unknown): CallTracerConfig {
  if (value === undefined || value === null) return { onlyTopCall: false, withLog: false };
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new RpcError(
      -32000,
      `json: cannot unmarshal ${goJsonKind(value)} into Go value of type native.callTracerConfig`,
    );
  }
  const raw = value as Record<string, unknown>;
  try {
    return {
      onlyTopCall: goStructField(raw, 'callTracerConfig', 'onlyTopCall', 'bool', false),
      withLog: goStructField(raw, 'callTracerConfig', 'withLog', 'bool', false),
    };
  } catch (err) {
    if (err instanceof ParamError) throw new RpcError(-32000, err.message);
    throw err;
  }
}

/** A Go string: a JSON string, null leaving it empty. */
export function goString(value: unknown): string {
  if (value === null) return '';
  if (typeof value !== 'string') throw goTypeError(value, 'string');
  return value;
}

/**
 * eth_getProof's storage keys ([]string); each is then read by coreth's decodeHash (after the proof window check),
 * so only the JSON types are checked here.
 */
export function stringList(value: unknown): string[] {
  if (!Array.isArray(value)) throw goTypeError(value, '[]string');
  return value.map(goString);
}
