import { bech32 } from '@scure/base';
import { MAX_LISTED_ADDRESSES } from '../pagination/limits.ts';
import { z } from 'zod';
import { DomainError } from '../errors.ts';
import { decodeCb58 } from '../formatting/cb58.ts';

/**
 * The Data API's request parameters as zod schemas: each turns the text a client sent (a path segment, a query
 * value, which Koa gives as an array when repeated, or a JSON body member) into the value the gateway works with,
 * and fails with a message that says what it expected and what it got. `parseParams` prefixes the parameter's
 * name, so every 400 reads `pageSize: expected an integer from 1 to 100, got "0"`. The same schemas, rendered
 * with `z.toJSONSchema(…, {io: 'input'})`, are the gateway's OpenAPI parameters: a schema first reshapes text
 * (`z.preprocess`), then validates the typed value, so the document shows the type, not the text.
 */

export class ParamError extends DomainError {
  /** Kept apart so a route's cross-parameter rule can hand them to zod as an issue (see `defineRoute`). */
  readonly parameter: string;
  readonly reason: string;
  constructor(parameter: string, reason: string) {
    super('invalid_argument', `${parameter}: ${reason}`);
    this.parameter = parameter;
    this.reason = reason;
  }
}

/** Validates `input` (already limited to the route's parameters) against the route's schema. */
export function parseParams<S extends z.ZodRawShape>(
  schema: z.ZodObject<S>,
  input: Record<string, unknown>,
): z.output<z.ZodObject<S>> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  throw new ParamError(parameterPath(issue.path), issue.message);
}

/**
 * A parameter as a message names it: `pageSize`; a list parameter by its name, whatever is wrong inside an item
 * (`txTypes`, `queries`, as the real APIs name them); a member of a body object by its path
 * (`options.addresses[2]`).
 */
function parameterPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return 'request';
  const [name, ...inner] = path;
  // A list's items are the list's (the Looking Glass `queries` as the real API names them); an object's members
  // are named themselves.
  if (inner.length === 0 || typeof inner[0] === 'number') return String(name);
  return (
    String(name) +
    inner.map((segment) => (typeof segment === 'number' ? `[${segment}]` : `.${String(segment)}`)).join('')
  );
}

const MAX_RENDERED_LENGTH = 80;

/** The received value as a message quotes it: query text is quoted even when it was a number. */
export function rendered(input: unknown): string {
  const text = renderedText(input);
  return text.length <= MAX_RENDERED_LENGTH
    ? text
    : `${text.slice(0, MAX_RENDERED_LENGTH)}… (${text.length} characters)`;
}

/** Bodies are bounded before validation, yet a message must never be what fails: a value too deep to show is named. */
function renderedText(input: unknown): string {
  try {
    return JSON.stringify(typeof input === 'number' ? String(input) : input) ?? String(input);
  } catch {
    return Array.isArray(input) ? 'an array' : typeof input === 'object' ? 'an object' : typeof input;
  }
}

type IssueLike = { input?: unknown };

function expected(what: string): (issue: IssueLike) => string {
  return (issue) =>
    issue.input === undefined
      ? `is required: expected ${what}`
      : `expected ${what}, got ${rendered(issue.input)}`;
}

// ---- Scalars

/** Decimal digits only: no sign, exponent, fraction or spaces (16 digits keep it a safe integer or out of range). */
function decimalIntegerText(input: unknown): unknown {
  return typeof input === 'string' && /^\d{1,16}$/.test(input) ? Number(input) : input;
}

export function integerParam(min: number, max: number, what = `an integer from ${min} to ${max}`) {
  const error = expected(what);
  return z.preprocess(decimalIntegerText, z.int({ error }).min(min, { error }).max(max, { error }));
}

/** An integer a JSON body carries as a number (the document's `number`): text, even of digits, is refused. */
export function jsonIntegerParam(min: number, max: number, what = `an integer from ${min} to ${max}`) {
  const error = expected(what);
  return z.int({ error }).min(min, { error }).max(max, { error });
}

/** Most lists default to 10 items a page; the document gives some another default. */
export function pageSizeParam(max: number, defaultSize = 10) {
  return integerParam(1, max)
    .prefault(defaultSize)
    .meta({ description: `The maximum number of items to return: 1 to ${max}, default ${defaultSize}.` });
}

export const timestampParam = (description: string) =>
  integerParam(0, Number.MAX_SAFE_INTEGER, 'an integer ≥ 0 (unix seconds)').optional().meta({ description });

/** Non-negative decimal text, fraction allowed, as a number. */
function decimalNumberText(input: unknown): unknown {
  return typeof input === 'string' && /^\d{1,30}(\.\d{1,30})?$/.test(input) ? Number(input) : input;
}

export function nonNegativeNumberParam() {
  const error = expected('a number ≥ 0');
  return z.preprocess(decimalNumberText, z.number({ error }).min(0, { error }));
}

/** Non-negative decimal text, fraction allowed, as a number from `min` to `max`. */
export function boundedNumberParam(min: number, max: number) {
  const error = expected(`a number from ${min} to ${max}`);
  return z.preprocess(decimalNumberText, z.number({ error }).min(min, { error }).max(max, { error }));
}

function booleanText(input: unknown): unknown {
  return input === 'true' ? true : input === 'false' ? false : input;
}

export function booleanParam() {
  return z.preprocess(booleanText, z.boolean({ error: expected('true or false') }));
}

export function enumParam<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, { error: expected(`one of ${values.join(', ')}`) });
}

/** A value a client may repeat (`a=x&a=y`, the OpenAPI form/explode style) or give comma-separated (`a=x,y`). */
function listText(input: unknown): unknown {
  const parts = typeof input === 'string' ? [input] : Array.isArray(input) ? input : undefined;
  if (parts === undefined || !parts.every((part) => typeof part === 'string')) return input;
  return parts.flatMap(splitList);
}

export function enumListParam<const T extends readonly [string, ...string[]]>(values: T) {
  return z.preprocess(listText, z.array(enumParam(values), { error: expected('a list') }));
}

export function splitList(text: string): string[] {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** A string parameter that a function turns into its value, or rejects with the reason it returns. */
function textParam<T>(what: string, decode: (text: string) => T | { invalid: string }) {
  return z.string({ error: expected(what) }).transform((text, ctx): T => {
    const value = decode(text);
    if (isInvalid(value)) {
      ctx.addIssue({ code: 'custom', message: value.invalid, input: text });
      return z.NEVER;
    }
    return value;
  });
}

function isInvalid(value: unknown): value is { invalid: string } {
  return typeof value === 'object' && value !== null && 'invalid' in value && Object.keys(value).length === 1;
}

// ---- Avalanche identifiers

const ID_LENGTH = 32;
const SHORT_ID_LENGTH = 20;

function cb58Bytes(text: string, length: number): Uint8Array | undefined {
  try {
    const bytes = decodeCb58(text);
    return bytes.length === length ? bytes : undefined;
  } catch {
    return undefined;
  }
}

function hexBytes(text: string, length: number): Uint8Array | undefined {
  const match = /^0x([0-9a-fA-F]*)$/.exec(text);
  if (!match || match[1]!.length !== length * 2) return undefined;
  return Uint8Array.from(Buffer.from(match[1]!, 'hex'));
}

/** Hex of any even number of digits, `0x` optional (how Warp messages and justifications travel), at most `maxBytes`. */
export function hexBytesParam(what: string, maxBytes: number) {
  const described = `${what}: hex, 0x optional, at most ${maxBytes} bytes`;
  return textParam(described, (text) => {
    const digits = text.startsWith('0x') || text.startsWith('0X') ? text.slice(2) : text;
    if (digits.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(digits) || digits.length > maxBytes * 2)
      return { invalid: `expected ${described}, got ${rendered(text)}` };
    return Uint8Array.from(Buffer.from(digits, 'hex'));
  });
}

/** A subnet id: cb58 of 32 bytes, or hex of 32 bytes (`0x` optional). */
export function subnetIdBytesParam() {
  const what = 'a subnet id: cb58 or hex of 32 bytes';
  return textParam(
    what,
    (text) =>
      cb58Bytes(text, ID_LENGTH) ??
      hexBytes(`0x${text.replace(/^0x/i, '')}`, ID_LENGTH) ?? {
        invalid: `expected ${what}, got ${rendered(text)}`,
      },
  );
}

/** The 32 bytes of a transaction hash txHashParam accepted. */
export function txHashBytes(text: string): Uint8Array {
  return hexBytes(text, ID_LENGTH) ?? cb58Bytes(text, ID_LENGTH)!;
}

/** A transaction id: cb58 of 32 bytes (checksum included), or its 0x-hex as some clients write it. */
export function txHashParam(description: string) {
  const what = 'a transaction hash: cb58 or 0x-hex of 32 bytes';
  return textParam(what, (text) =>
    isCb58Id(text) || hexBytes(text, ID_LENGTH)
      ? text
      : { invalid: `expected ${what}, got ${rendered(text)}` },
  ).meta({ description });
}

export function isCb58Id(text: string): boolean {
  return cb58Bytes(text, ID_LENGTH) !== undefined;
}

/** An asset id, as the bytes the service filters by. */
export function assetIdParam() {
  const what = 'a cb58 asset id (32 bytes)';
  return textParam(
    what,
    (text) => cb58Bytes(text, ID_LENGTH) ?? { invalid: `expected ${what}, got ${rendered(text)}` },
  )
    .optional()
    .meta({ description: 'Asset ID (cb58) to filter by; X-Chain only.' });
}

/** An L1 validation id: cb58 or 0x-hex of 32 bytes. */
export function validationIdParam() {
  const what = 'a validation id: cb58 or 0x-hex of 32 bytes';
  return textParam(
    what,
    (text) =>
      cb58Bytes(text, ID_LENGTH) ??
      hexBytes(text, ID_LENGTH) ?? { invalid: `expected ${what}, got ${rendered(text)}` },
  )
    .optional()
    .meta({ description: 'Transactions of this L1 validator (P-Chain only): cb58 or 0x-hex validation id.' });
}

/**
 * A height as canonical decimal text (no sign, no leading zeros) up to `max`: the services keep heights as int64,
 * so a larger one is refused here rather than reaching SQL out of range.
 */
export function isHeightText(text: string, max: bigint): boolean {
  return /^(0|[1-9]\d{0,19})$/.test(text) && BigInt(text) <= max;
}

export const MAX_INT64 = 2n ** 63n - 1n;

/** A block of a primary chain: its height, or its id in cb58 or (as C-Chain hashes are written) 0x-hex. */
export function blockIdParam() {
  const what = `a block height (0 to ${MAX_INT64}, no leading zeros), or a block hash: cb58 or 0x-hex of 32 bytes`;
  return textParam(what, (text) =>
    isHeightText(text, MAX_INT64) || isCb58Id(text) || hexBytes(text, ID_LENGTH)
      ? text
      : { invalid: `expected ${what}, got ${rendered(text)}` },
  ).meta({ description: 'A block height, or a block hash (cb58, or 0x-hex on the C-Chain).' });
}

// ---- EVM identifiers

export const MAX_EVM_CHAIN_ID = 2n ** 63n;

/**
 * The `{chainId}` of the EVM routes: an EVM chain id (decimal, 1 to 2^63) or a blockchain id (cb58 of 32 bytes),
 * passed on as the client named the chain. A chain id is a name the API matches as written, so `0043113` names no
 * chain: leading zeros are refused rather than read as 43113.
 */
export function evmChainIdParam() {
  const what = 'an EVM chain id (decimal, 1 to 2^63, no leading zeros) or a blockchain id (cb58, 32 bytes)';
  return textParam(what, (text) => {
    if (isCb58Id(text)) return text;
    const id = /^[1-9]\d{0,29}$/.test(text) ? BigInt(text) : 0n;
    return id >= 1n && id <= MAX_EVM_CHAIN_ID
      ? id.toString()
      : { invalid: `expected ${what}, got ${rendered(text)}` };
  }).meta({
    description:
      'A supported evm chain id or blockchain id. Use the `/chains` endpoint to get a list of supported chain ids.',
  });
}

/** An EVM address: 0x and 40 hex digits in any case (no checksum check), as its 20 bytes. */
export function evmAddressParam(description: string) {
  const what = 'an EVM address (0x and 40 hex digits)';
  return textParam(
    what,
    (text) => hexBytes(text, SHORT_ID_LENGTH) ?? { invalid: `expected ${what}, got ${rendered(text)}` },
  ).meta({ description });
}

/** A comma-separated list of EVM addresses (spaces around the commas allowed), as their bytes. */
export function evmAddressListParam(description: string) {
  const what = 'a comma-separated list of EVM addresses (0x and 40 hex digits each)';
  return textParam(what, (text) => {
    const items = splitList(text);
    if (items.length > MAX_LISTED_ADDRESSES)
      return { invalid: `expected at most ${MAX_LISTED_ADDRESSES} addresses, got ${items.length}` };
    const addresses: Uint8Array[] = [];
    for (const item of items) {
      const bytes = hexBytes(item, SHORT_ID_LENGTH);
      if (!bytes) return { invalid: `expected ${what}, got ${rendered(item)} in the list` };
      addresses.push(bytes);
    }
    return addresses;
  }).meta({ description });
}

/** An ICM message id: hex of 32 bytes, 0x optional (the document's example has none), as its bytes. */
export function icmMessageIdParam() {
  const what = 'an ICM message id: hex of 32 bytes, 0x optional';
  return textParam(
    what,
    (text) =>
      hexBytes(`0x${text.replace(/^0x/i, '')}`, ID_LENGTH) ?? {
        invalid: `expected ${what}, got ${rendered(text)}`,
      },
  ).meta({ description: 'The teleporter message ID of the ICM message.' });
}

/** An EVM transaction hash: 0x and 64 hex digits, as its 32 bytes. */
export function evmTxHashParam(description: string) {
  const what = 'a transaction hash (0x and 64 hex digits)';
  return textParam(
    what,
    (text) => hexBytes(text, ID_LENGTH) ?? { invalid: `expected ${what}, got ${rendered(text)}` },
  ).meta({ description });
}

/** An EVM block (the API's `blockId`): its number, or its hash (0x and 64 hex digits) as its 32 bytes. */
export function evmBlockIdParam() {
  const what = `a block number (0 to ${MAX_INT64}, no leading zeros) or a block hash (0x and 64 hex digits)`;
  return textParam(what, (text): { number: string } | { hash: Uint8Array } | { invalid: string } => {
    if (isHeightText(text, MAX_INT64)) return { number: text };
    const hash = hexBytes(text, ID_LENGTH);
    return hash ? { hash } : { invalid: `expected ${what}, got ${rendered(text)}` };
  }).meta({ description: 'A block identifier which is either a block number or the block hash.' });
}

const MAX_DECIMAL_TEXT_LENGTH = 100;

/**
 * Decimal digits (no sign, fraction or spaces) of an unsigned integer up to `max`, as canonical decimal text:
 * leading zeros go, so `007` and `7` are the same request to the service and to page tokens.
 */
export function decimalTextParam(what: string, max: bigint) {
  return textParam(what, (text) => {
    const value = /^\d+$/.test(text) && text.length <= MAX_DECIMAL_TEXT_LENGTH ? BigInt(text) : undefined;
    return value !== undefined && value <= max
      ? value.toString()
      : { invalid: `expected ${what}, got ${rendered(text)}` };
  });
}

export const MAX_UINT64 = 2n ** 64n - 1n;
export const MAX_UINT256 = 2n ** 256n - 1n;

// ---- Addresses and node ids

/** One address of an `addresses` list, decoded. `text` is what the client wrote. */
export type RequestAddress =
  | { kind: 'bech32'; text: string; hrp: string; bytes: Uint8Array }
  | { kind: 'evm'; text: string; bytes: Uint8Array };

/** `P-fuji1…`, `X-avax1…`, `C-…` or the bare bech32, or a 0x EVM address (the route decides where those go). */
export function decodeAddress(text: string): RequestAddress | { invalid: string } {
  if (/^0x/i.test(text)) {
    const bytes = hexBytes(text, SHORT_ID_LENGTH);
    return bytes
      ? { kind: 'evm', text, bytes }
      : { invalid: `${rendered(text)} is not a 20-byte 0x address` };
  }
  const bare = text.replace(/^[PXC]-/, '');
  let decoded: { prefix: string; bytes: Uint8Array };
  try {
    decoded = bech32.decodeToBytes(bare);
  } catch (err) {
    const reason = /checksum/i.test((err as Error).message)
      ? 'its bech32 checksum does not match'
      : 'not bech32';
    return { invalid: `${rendered(text)} is not an address: ${reason}` };
  }
  if (decoded.bytes.length !== SHORT_ID_LENGTH)
    return {
      invalid: `${rendered(text)} is not an address: it holds ${decoded.bytes.length} bytes, not ${SHORT_ID_LENGTH}`,
    };
  return { kind: 'bech32', text, hrp: decoded.prefix, bytes: decoded.bytes };
}

function decodeAddressList(text: string, atLeastOne: boolean): RequestAddress[] | { invalid: string } {
  const items = splitList(text);
  if (atLeastOne && items.length === 0) return { invalid: 'expected at least one address' };
  if (items.length > MAX_LISTED_ADDRESSES)
    return { invalid: `expected at most ${MAX_LISTED_ADDRESSES} addresses, got ${items.length}` };
  const addresses: RequestAddress[] = [];
  for (const item of items) {
    const address = decodeAddress(item);
    if ('invalid' in address) return address;
    addresses.push(address);
  }
  return addresses;
}

/** A comma-separated list of addresses; unless `atLeastOne`, an empty value is an empty list. */
export function addressListParam(description: string, options: { atLeastOne?: boolean } = {}) {
  return textParam('a comma-separated list of addresses', (text) =>
    decodeAddressList(text, options.atLeastOne ?? false),
  ).meta({ description });
}

export interface RequestNodeId {
  text: string;
  bytes: Uint8Array;
}

function decodeNodeIdList(text: string): RequestNodeId[] | { invalid: string } {
  const items = splitList(text);
  if (items.length > MAX_LISTED_ADDRESSES)
    return { invalid: `expected at most ${MAX_LISTED_ADDRESSES} node ids, got ${items.length}` };
  const nodeIds: RequestNodeId[] = [];
  for (const item of items) {
    const bytes = item.startsWith('NodeID-')
      ? cb58Bytes(item.slice('NodeID-'.length), SHORT_ID_LENGTH)
      : undefined;
    if (!bytes) return { invalid: `${rendered(item)} is not a node id (NodeID- and the cb58 of 20 bytes)` };
    nodeIds.push({ text: item, bytes });
  }
  return nodeIds;
}

export function nodeIdListParam() {
  return textParam('a comma-separated list of node ids', decodeNodeIdList).optional().meta({
    description: 'Comma-separated node ids (NodeID-…); at least one of addresses or nodeIds is required.',
  });
}

/** One node id (NodeID- and the cb58 of 20 bytes), as its bytes. */
export function nodeIdParam(description: string) {
  const what = 'a node id (NodeID- and the cb58 of 20 bytes)';
  return textParam(
    what,
    (text) =>
      (text.startsWith('NodeID-') ? cb58Bytes(text.slice('NodeID-'.length), SHORT_ID_LENGTH) : undefined) ?? {
        invalid: `expected ${what}, got ${rendered(text)}`,
      },
  ).meta({ description });
}

/** A required 32-byte id in cb58 (an asset id, a vertex hash), as its bytes; `what` names it in a 400. */
export function cb58IdParam(what: string, description: string) {
  const expectedText = `${what}: cb58 of 32 bytes`;
  return textParam(
    expectedText,
    (text) => cb58Bytes(text, ID_LENGTH) ?? { invalid: `expected ${expectedText}, got ${rendered(text)}` },
  ).meta({ description });
}

// ---- Enumerations of the API

export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrderParam = (typeof SORT_ORDERS)[number];

export const CURRENCY_CODES = [
  'usd',
  'eur',
  'aud',
  'cad',
  'chf',
  'clp',
  'cny',
  'czk',
  'dkk',
  'gbp',
  'hkd',
  'huf',
  'jpy',
  'nzd',
] as const;

export const PRIMARY_NETWORK_TX_TYPES = [
  'AddValidatorTx',
  'AddSubnetValidatorTx',
  'AddDelegatorTx',
  'CreateChainTx',
  'CreateSubnetTx',
  'ImportTx',
  'ExportTx',
  'AdvanceTimeTx',
  'RewardValidatorTx',
  'RemoveSubnetValidatorTx',
  'TransformSubnetTx',
  'AddPermissionlessValidatorTx',
  'AddPermissionlessDelegatorTx',
  'BaseTx',
  'TransferSubnetOwnershipTx',
  'ConvertSubnetToL1Tx',
  'RegisterL1ValidatorTx',
  'SetL1ValidatorWeightTx',
  'DisableL1ValidatorTx',
  'IncreaseL1ValidatorBalanceTx',
  'UNKNOWN',
  'CreateAssetTx',
  'OperationTx',
] as const;

/** The Data API's TransactionStatus: a receipt status of 0 or 1. */
export const TRANSACTION_STATUSES = ['failed', 'success'] as const;

export const UTXO_SORT_KEYS = ['timestamp', 'amount'] as const;

/** The features a chain may have enabled (ChainInfo.enabledFeatures), which `GET /v1/chains` filters by. */
export const API_FEATURES = ['nftIndexing', 'webhooks', 'teleporter'] as const;

export const pageTokenParam = () =>
  z
    .string({ error: expected('a page token from a previous response') })
    .optional()
    .meta({ description: 'A page token, received from a previous list call, to retrieve the next page.' });

export const sortOrderParam = () =>
  enumParam(SORT_ORDERS)
    .optional()
    .meta({ description: 'The order by which to sort results: "asc" or "desc".' });
