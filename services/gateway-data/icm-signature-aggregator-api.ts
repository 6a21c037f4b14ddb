import type Koa from 'koa';
import { decodeUnsignedWarpMessage, DEFAULT_QUORUM_PERCENTAGE } from '../runtime/avalanche/warp.ts';
import { DomainError } from '../runtime/errors.ts';
import { decodeCb58 } from '../runtime/formatting/cb58.ts';
import { readRequestBody } from '../runtime/http/request-body.ts';
import type { SignatureAggregatorClient } from './routes/index.ts';

/**
 * ICM services' signature-aggregator HTTP API (`POST /aggregate-signatures`), so that a relayer configured for it can
 * be pointed at the gateway unchanged: its member names, its defaults, its `{"error": …}` bodies with its fixed texts
 * (it never echoes why a request failed beyond them), and `{"signed-message": <hex>}`. `quorum-percentage-buffer` is
 * read as its v0.5.4 did (later versions dropped it; JSON members they do not know are ignored, so it is harmless).
 */
export const ICM_AGGREGATE_SIGNATURES_PATH = '/aggregate-signatures';

/** Twice the largest request a validator takes (hex doubles it), and room for the rest, as ICM services bound it. */
const MAX_REQUEST_BODY_BYTES = 2 * 2 * 1024 * 1024 + 4 * 1024;

/** The texts ICM services answers aggregation failures with; anything else is its generic one. */
export const NOT_ENOUGH_SIGNATURES = 'failed to collect a threshold of signatures';
export const NOT_ENOUGH_CONNECTED_STAKE = 'failed to connect to a threshold of stake';

export function icmAggregateSignatures(signatureAggregator: SignatureAggregatorClient): Koa.Middleware {
  return async (ctx) => {
    const fail = (status: number, error: string) => {
      ctx.status = status;
      ctx.type = 'application/json';
      ctx.body = JSON.stringify({ error });
    };
    const bytes = await readRequestBody(ctx, MAX_REQUEST_BODY_BYTES);
    if (bytes === undefined) return fail(413, 'Request body too large');
    const request = icmRequestOf(bytes.toString('utf8'));
    if (typeof request === 'string') return fail(400, request);
    try {
      // No network in ICM's request: the aggregator's own.
      const reply = await signatureAggregator.AggregateSignatures(request);
      ctx.type = 'application/json';
      ctx.body = JSON.stringify({ 'signed-message': reply.signed_message.toString('hex') });
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      if (err.kind === 'invalid_argument' && err.message.startsWith('message:'))
        return fail(400, 'Error unpacking warp message');
      if (err.kind === 'invalid_argument' && err.message.startsWith('signing_subnet_id:'))
        return fail(400, 'Error parsing signing subnet ID');
      if (err.message.startsWith(NOT_ENOUGH_SIGNATURES)) return fail(500, NOT_ENOUGH_SIGNATURES);
      if (err.message.startsWith(NOT_ENOUGH_CONNECTED_STAKE)) return fail(500, NOT_ENOUGH_CONNECTED_STAKE);
      fail(500, 'failed to aggregate signatures');
    }
  };
}

interface IcmRequest {
  message: Uint8Array;
  justification: Uint8Array;
  signing_subnet_id: Uint8Array;
  quorum_percentage: number;
  quorum_percentage_buffer: number;
  p_chain_height: string;
}

/** The request as ICM services decodes it (Go's encoding/json into its struct), or the error text it answers. */
export function icmRequestOf(text: string): IcmRequest | string {
  const body = goJsonObject(text);
  if (body === undefined) return 'Could not decode request body';
  const message = body.string('message');
  const justification = body.string('justification');
  const signingSubnetId = body.string('signing-subnet-id');
  const quorum = body.uint64('quorum-percentage');
  const buffer = body.uint64('quorum-percentage-buffer');
  const height = body.uint64('pchain-height');
  if (
    message === undefined ||
    justification === undefined ||
    signingSubnetId === undefined ||
    quorum === undefined ||
    buffer === undefined ||
    height === undefined
  )
    return 'Could not decode request body';
  const messageBytes = sanitizedHex(message);
  if (messageBytes === undefined) return 'Could not decode message';
  try {
    decodeUnsignedWarpMessage(messageBytes);
  } catch {
    return 'Error unpacking warp message';
  }
  const justificationBytes = sanitizedHex(justification);
  if (justificationBytes === undefined) return 'Could not decode justification';
  if (isEmptyOrZeroes(messageBytes) && isEmptyOrZeroes(justificationBytes))
    return 'Must provide either message or justification';
  if (quorum > 100n) return 'Invalid quorum number';
  const quorumPercentage = quorum === 0n ? DEFAULT_QUORUM_PERCENTAGE : Number(quorum);
  if (BigInt(quorumPercentage) + buffer > 100n) return 'Invalid quorum buffer number';
  const subnet = signingSubnetId === '' ? new Uint8Array(0) : hexOrCb58Id(signingSubnetId);
  if (subnet === undefined) return 'Error parsing signing subnet ID';
  return {
    message: messageBytes,
    justification: justificationBytes,
    signing_subnet_id: subnet,
    quorum_percentage: quorumPercentage,
    quorum_percentage_buffer: Number(buffer),
    p_chain_height: height.toString(),
  };
}

const MAX_UINT64 = 2n ** 64n - 1n;

/**
 * A JSON object read as Go's json.Decoder fills a struct: only the first JSON value of the body counts (what follows
 * is left unread); null is an empty object; members match a field ignoring case, the last one matching wins, and
 * null leaves the field as it was; a number fills a uint64 only when written as one (digits, within range), read
 * from its text, not from a double. Undefined when the body cannot fill a struct; a member of the wrong type makes
 * its field undefined (Go reports it once the rest is filled).
 */
function goJsonObject(text: string) {
  const end = firstJsonValueEnd(text);
  if (end === undefined) return undefined;
  const numberSources = new WeakMap<object, Map<string, string>>();
  let body: unknown;
  try {
    body = JSON.parse(
      text.slice(0, end),
      function (this: object, key, value: unknown, context?: { source?: string }) {
        if (typeof value === 'number' && context?.source !== undefined) {
          const sources = numberSources.get(this) ?? new Map<string, string>();
          sources.set(key, context.source);
          numberSources.set(this, sources);
        }
        return value;
      },
    );
  } catch {
    return undefined;
  }
  if (body === null) body = {};
  if (typeof body !== 'object' || Array.isArray(body)) return undefined;
  const members = body as Record<string, unknown>;
  const sources = numberSources.get(members);
  const last = (name: string): { key: string; value: unknown } | undefined => {
    let found: { key: string; value: unknown } | undefined;
    for (const [key, value] of Object.entries(members))
      if (value !== null && key.toLowerCase() === name) found = { key, value };
    return found;
  };
  return {
    string(name: string): string | undefined {
      const member = last(name);
      if (member === undefined) return '';
      return typeof member.value === 'string' ? member.value : undefined;
    },
    uint64(name: string): bigint | undefined {
      const member = last(name);
      if (member === undefined) return 0n;
      const source = sources?.get(member.key);
      if (typeof member.value !== 'number' || source === undefined || !/^\d+$/.test(source)) return undefined;
      const value = BigInt(source);
      return value <= MAX_UINT64 ? value : undefined;
    },
  };
}

/** Where the first JSON value of `text` ends (after leading whitespace), or undefined if it does not end. */
function firstJsonValueEnd(text: string): number | undefined {
  let i = 0;
  while (i < text.length && ' \t\r\n'.includes(text[i]!)) i++;
  if (i === text.length) return undefined;
  const first = text[i]!;
  if (first !== '{' && first !== '[' && first !== '"') {
    // A scalar: up to the next delimiter.
    const match = /^[^\s,\]}{[":]+/.exec(text.slice(i));
    return match ? i + match[0].length : undefined;
  }
  let depth = 0;
  for (; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"') {
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === '\\') i++;
      if (i >= text.length) return undefined;
      if (depth === 0) return i + 1;
    } else if (c === '{' || c === '[') {
      depth++;
    } else if ((c === '}' || c === ']') && --depth === 0) {
      return i + 1;
    }
  }
  return undefined;
}

/** ICM's SanitizeHexString (a lower-case `0x` dropped), then Go's hex decoding (even length, hex digits). */
function sanitizedHex(text: string): Uint8Array | undefined {
  const digits = text.startsWith('0x') ? text.slice(2) : text;
  return digits.length % 2 === 0 && /^[0-9a-fA-F]*$/.test(digits)
    ? new Uint8Array(Buffer.from(digits, 'hex'))
    : undefined;
}

function isEmptyOrZeroes(bytes: Uint8Array): boolean {
  return bytes.every((b) => b === 0);
}

/** ICM's HexOrCB58ToID: after `0x`, hex of 32 bytes; otherwise cb58 of 32 bytes. */
function hexOrCb58Id(text: string): Uint8Array | undefined {
  if (text.startsWith('0x')) {
    const hex = sanitizedHex(text);
    return hex !== undefined && hex.length === 32 ? hex : undefined;
  }
  try {
    const bytes = decodeCb58(text);
    return bytes.length === 32 ? bytes : undefined;
  } catch {
    return undefined;
  }
}
