import { DomainError } from '../errors.ts';
import { MAX_CURSOR_LENGTH, MAX_LISTED_ADDRESSES } from '../pagination/limits.ts';

/**
 * Checks of gRPC request fields, shared by every service: a service validates what it is sent whoever sends it,
 * so nothing a caller can put in a message reaches SQL or an upstream node unchecked. Each check returns the value
 * it accepted (narrowed, or decoded) and fails INVALID_ARGUMENT with `<field>: expected …, got …`. Fields are named
 * as the Data API names them (camelCase; a cursor is the `pageToken` it travels in), since gateway-data hands these
 * messages on to its clients.
 */

export const MAX_INT64 = 2n ** 63n - 1n;
export const MAX_UINT64 = 2n ** 64n - 1n;
export const MAX_UINT256 = 2n ** 256n - 1n;

/** Enough characters for any id, hash, address or name a request legitimately carries. */
export const MAX_TEXT_LENGTH = 200;

const MAX_QUOTED_LENGTH = 80;

/** A received value as a message quotes it, cut short: error texts travel in a size-limited gRPC trailer. */
export function quoted(value: unknown): string {
  const text =
    (Buffer.isBuffer(value) || value instanceof Uint8Array
      ? `0x${Buffer.from(value).toString('hex')}`
      : JSON.stringify(typeof value === 'bigint' ? value.toString() : value)) ?? String(value);
  return text.length <= MAX_QUOTED_LENGTH
    ? text
    : `${text.slice(0, MAX_QUOTED_LENGTH).toWellFormed()}… (${text.length} characters)`;
}

export function invalidField(field: string, expected: string, got: unknown): DomainError {
  return new DomainError('invalid_argument', `${field}: expected ${expected}, got ${quoted(got)}`);
}

export function pageSize(value: number, max: number): number {
  if (!Number.isInteger(value) || value < 1 || value > max)
    throw invalidField('pageSize', `an integer from 1 to ${max}`, value);
  return value;
}

/** A list's cursor as a service handed it out; its content is checked where it is parsed. */
export function cursor(value: string): string {
  if (value.length > MAX_CURSOR_LENGTH)
    throw invalidField('pageToken', `a cursor of at most ${MAX_CURSOR_LENGTH} characters`, value);
  return value;
}

/** A 64-bit integer field (proto-loader hands them over as decimal text) within [0, max]. */
export function integer(field: string, value: string | number, max: bigint): bigint {
  const text = String(value);
  const n = /^\d{1,80}$/.test(text) ? BigInt(text) : undefined;
  if (n === undefined || n > max) throw invalidField(field, `an integer from 0 to ${max}`, value);
  return n;
}

export function optionalInteger(
  field: string,
  value: string | number | undefined | null,
  max: bigint,
): bigint | undefined {
  return value === undefined || value === null ? undefined : integer(field, value, max);
}

/**
 * The optional `startTimestamp` and `endTimestamp` of a request (Unix seconds up to `max`), the end not before the
 * start: the one way every service checks a time range.
 */
export function timeRange(
  start: string | number | undefined | null,
  end: string | number | undefined | null,
  max: bigint = MAX_INT64,
): { start: bigint | undefined; end: bigint | undefined } {
  const from = optionalInteger('startTimestamp', start, max);
  const to = optionalInteger('endTimestamp', end, max);
  if (from !== undefined && to !== undefined && to < from)
    throw invalidField('endTimestamp', `a time at or after startTimestamp (${from})`, end);
  return { start: from, end: to };
}

/** Unsigned decimal text (no sign, fraction or spaces) up to `max`, as canonical text; '' is `fallback`. */
export function decimalText(field: string, value: string, max: bigint, fallback?: string): string {
  if (value === '' && fallback !== undefined) return fallback;
  const n = /^\d{1,80}$/.test(value) ? BigInt(value) : undefined;
  if (n === undefined || n > max) throw invalidField(field, `a decimal integer from 0 to ${max}`, value);
  return n.toString();
}

export function bytes(field: string, value: Buffer, length: number): Buffer {
  if (value.length !== length) throw invalidField(field, `${length} bytes`, value);
  return value;
}

export function optionalBytes(
  field: string,
  value: Buffer | undefined | null,
  length: number,
): Buffer | undefined {
  return value === undefined || value === null ? undefined : bytes(field, value, length);
}

/** A repeated bytes field of ids or addresses, each `length` bytes, at most MAX_LISTED_ADDRESSES of them. */
export function bytesList(field: string, values: Buffer[], length: number): Buffer[] {
  if (values.length > MAX_LISTED_ADDRESSES)
    throw invalidField(field, `at most ${MAX_LISTED_ADDRESSES} items`, `${values.length} items`);
  values.forEach((value, i) => bytes(`${field}[${i}]`, value, length));
  return values;
}

/** An enum (proto-loader gives its name, or the number when the sender used one the proto does not know). */
export function oneOf<const T extends string>(field: string, value: unknown, allowed: readonly T[]): T {
  if (!allowed.includes(value as T)) throw invalidField(field, `one of ${allowed.join(', ')}`, value);
  return value as T;
}

export const SORT_ORDERS = ['SORT_ORDER_DESC', 'SORT_ORDER_ASC'] as const;

export function sortOrder(value: unknown): 'asc' | 'desc' {
  return oneOf('sortOrder', value, SORT_ORDERS) === 'SORT_ORDER_ASC' ? 'asc' : 'desc';
}

/** Text of a bounded length, optionally of a given shape (`what` says which). */
export function text(
  field: string,
  value: string,
  options: { maxLength?: number; pattern?: RegExp; what?: string } = {},
): string {
  const maxLength = options.maxLength ?? MAX_TEXT_LENGTH;
  const what = options.what ?? `text of at most ${maxLength} characters`;
  if (value.length > maxLength || (options.pattern && !options.pattern.test(value)))
    throw invalidField(field, what, value);
  return value;
}

/** A lower-case ISO 4217 code, or '' (the service's default). */
export function currency(field: string, value: string): string {
  return text(field, value, { pattern: /^([a-z]{3})?$/, what: 'a lower-case currency code such as usd' });
}

/** A repeated text field: at most `maxItems` items, each checked by `item`. */
export function textList(
  field: string,
  values: string[],
  maxItems: number,
  item: (field: string, value: string) => string,
): string[] {
  if (values.length > maxItems)
    throw invalidField(field, `at most ${maxItems} items`, `${values.length} items`);
  return values.map((value, i) => item(`${field}[${i}]`, value));
}
