import type Koa from 'koa';
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
const DEFAULT_QUORUM_PERCENTAGE = 67;

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
  message: Buffer;
  justification: Buffer;
  signing_subnet_id: Uint8Array;
  quorum_percentage: number;
  quorum_percentage_buffer: number;
  p_chain_height: string;
}

/** The request as ICM services decodes it (Go's encoding/json into its struct), or the error text it answers. */
export function icmRequestOf(text: string): IcmRequest | string {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return 'Could not decode request body';
  }
  // encoding/json: null is an empty request; any other non-object cannot fill the struct.
  if (body === null) body = {};
  if (typeof body !== 'object' || Array.isArray(body)) return 'Could not decode request body';
  const fields = goFields(body as Record<string, unknown>);
  const message = fields.string('message');
  const justification = fields.string('justification');
  const signingSubnetId = fields.string('signing-subnet-id');
  const quorum = fields.uint64('quorum-percentage');
  const buffer = fields.uint64('quorum-percentage-buffer');
  const height = fields.uint64('pchain-height');
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
  const justificationBytes = sanitizedHex(justification);
  if (justificationBytes === undefined) return 'Could not decode justification';
  if (isEmptyOrZeroes(messageBytes) && isEmptyOrZeroes(justificationBytes))
    return 'Must provide either message or justification';
  const quorumPercentage = quorum === 0n ? DEFAULT_QUORUM_PERCENTAGE : Number(quorum);
  if (quorum > 100n) return 'Invalid quorum number';
  if (BigInt(quorumPercentage) + buffer > 100n) return 'Invalid quorum buffer number';
  const subnet = signingSubnetId === '' ? Buffer.alloc(0) : hexOrCb58Id(signingSubnetId);
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

/**
 * Members as Go fills a struct from JSON: names match ignoring case, a missing member or null keeps the zero value,
 * a value of another type fails the decoding (undefined here).
 */
function goFields(body: Record<string, unknown>) {
  const lookup = (name: string): unknown => {
    if (name in body) return body[name];
    const key = Object.keys(body).find((k) => k.toLowerCase() === name);
    return key === undefined ? null : body[key];
  };
  return {
    string(name: string): string | undefined {
      const value = lookup(name);
      return value === null || value === undefined ? '' : typeof value === 'string' ? value : undefined;
    },
    uint64(name: string): bigint | undefined {
      const value = lookup(name);
      if (value === null || value === undefined) return 0n;
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) return undefined;
      return BigInt(value);
    },
  };
}

/** ICM's SanitizeHexString: a `0x` prefix dropped, then Go's hex decoding (even length, hex digits). */
function sanitizedHex(text: string): Buffer | undefined {
  const digits = text.startsWith('0x') || text.startsWith('0X') ? text.slice(2) : text;
  return digits.length % 2 === 0 && /^[0-9a-fA-F]*$/.test(digits) ? Buffer.from(digits, 'hex') : undefined;
}

function isEmptyOrZeroes(bytes: Uint8Array): boolean {
  return bytes.every((b) => b === 0);
}

/** ICM's HexOrCB58ToID: hex (`0x` optional) of 32 bytes, else cb58 of 32 bytes. */
function hexOrCb58Id(text: string): Uint8Array | undefined {
  const hex = sanitizedHex(text);
  if (hex !== undefined && hex.length === 32) return hex;
  try {
    const bytes = decodeCb58(text);
    return bytes.length === 32 ? bytes : undefined;
  } catch {
    return undefined;
  }
}
