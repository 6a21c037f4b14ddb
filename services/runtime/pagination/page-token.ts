import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { DomainError } from '../errors.ts';
import type { Logger } from '../logger.ts';

/**
 * The page tokens every gateway hands out. A service pages with its own cursor; clients only ever see a token
 * that wraps it:
 *
 *   token = base64url( HMAC-SHA256(secret, payload) ‖ payload ),  payload = JSON {v, q, c, x}
 *
 * - `c` is the service's cursor, opaque to the gateway as well;
 * - `q` fingerprints the query that produced the page (the route and every parameter except pageToken and
 *   pageSize, so a client may change its page size between pages), so a token cannot be replayed against another
 *   query, whose cursor would mean something else;
 * - `x` is the expiry (issue time + 24 hours, as the real API's tokens), unix milliseconds;
 * - the MAC makes the token tamper-evident: a client cannot forge a cursor the service never handed out.
 *
 * The secret comes from PAGE_TOKEN_SECRET. Without it each process draws a random one: tokens then die with the
 * process and are refused by every other replica behind the same address, so deployments with more than one
 * replica, or that restart during a client's pagination, must set it (the same value on every replica).
 */
export interface PageQuery {
  /** Names the route, e.g. its OpenAPI path template with the method. */
  route: string;
  /** The request's parameters after validation, without pageToken and pageSize; JSON-like values. */
  params: Record<string, unknown>;
}

export interface PageTokens {
  /** The token for the page after this one, or undefined when the service says there is none (empty cursor). */
  issue(query: PageQuery, cursor: string): string | undefined;
  /** The cursor a client's token carries; '' (the first page) when it sent none. Throws a 400 `pageToken: …`. */
  open(query: PageQuery, token: string | undefined): string;
}

export const PAGE_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

const TOKEN_VERSION = 1;
const MAC_LENGTH = 32;
const FINGERPRINT_LENGTH = 16;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

interface TokenPayload {
  v: number;
  q: string;
  c: string;
  x: number;
}

export function createPageTokens(options: {
  /** PAGE_TOKEN_SECRET; undefined draws a per-process random secret (and says so in the log). */
  secret: string | undefined;
  log: Logger;
  ttlMs?: number;
  now?: () => number;
}): PageTokens {
  const key = options.secret === undefined ? randomSecret(options.log) : Buffer.from(options.secret, 'utf8');
  const ttlMs = options.ttlMs ?? PAGE_TOKEN_TTL_MS;
  const now = options.now ?? Date.now;
  return {
    issue(query, cursor) {
      if (cursor === '') return undefined;
      const payload: TokenPayload = { v: TOKEN_VERSION, q: fingerprint(query), c: cursor, x: now() + ttlMs };
      const bytes = Buffer.from(JSON.stringify(payload), 'utf8');
      return Buffer.concat([mac(key, bytes), bytes]).toString('base64url');
    },
    open(query, token) {
      if (token === undefined || token === '') return '';
      const payload = verifiedPayload(key, token);
      if (payload.x <= now())
        throw invalidToken(
          `expired at ${new Date(payload.x).toISOString()} (page tokens live 24 hours); start again from the first page`,
        );
      if (payload.q !== fingerprint(query))
        throw invalidToken(
          'issued for a different query; send the same parameters (pageSize aside) as the request that returned it',
        );
      return payload.c;
    },
  };
}

function randomSecret(log: Logger): Buffer {
  log.warn(
    'PAGE_TOKEN_SECRET is not set: page tokens are signed with a random secret of this process, so they stop ' +
      'working when it restarts and are refused by other replicas; set PAGE_TOKEN_SECRET (the same on every replica)',
  );
  return randomBytes(32);
}

/** The MAC is checked before anything inside the payload is believed, so an altered expiry reads as altered. */
function verifiedPayload(key: Buffer, token: string): TokenPayload {
  if (!BASE64URL.test(token)) throw invalidToken('malformed: not base64url text');
  const raw = Buffer.from(token, 'base64url');
  if (raw.length <= MAC_LENGTH || raw.toString('base64url') !== token)
    throw invalidToken('malformed: not a page token of this API');
  const bytes = raw.subarray(MAC_LENGTH);
  if (!timingSafeEqual(raw.subarray(0, MAC_LENGTH), mac(key, bytes)))
    throw invalidToken(
      'signature mismatch: the token was altered, or issued by a gateway with another PAGE_TOKEN_SECRET',
    );
  const payload = parsePayload(bytes);
  if (!payload) throw invalidToken('malformed: unreadable payload');
  if (payload.v !== TOKEN_VERSION) throw invalidToken(`unsupported token version ${payload.v}`);
  return payload;
}

function parsePayload(bytes: Buffer): TokenPayload | undefined {
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString('utf8'));
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { v, q, c, x } = value as Partial<TokenPayload>;
  if (typeof v !== 'number' || typeof q !== 'string' || typeof c !== 'string' || typeof x !== 'number')
    return undefined;
  return { v, q, c, x };
}

function mac(key: Buffer, bytes: Buffer): Buffer {
  return createHmac('sha256', key).update(bytes).digest();
}

function fingerprint(query: PageQuery): string {
  return createHash('sha256')
    .update(canonicalJson({ route: query.route, params: query.params }))
    .digest()
    .subarray(0, FINGERPRINT_LENGTH)
    .toString('base64url');
}

/**
 * JSON with object keys sorted, so the same query always fingerprints the same whatever order its parameters were
 * collected in. Bytes become hex, bigints decimal text; undefined members are left out, as JSON does.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(canonicalValue(value));
}

function canonicalValue(value: unknown): unknown {
  if (value instanceof Uint8Array) return Buffer.from(value).toString('hex');
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return value.map(canonicalValue);
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value)
      .filter(([, member]) => member !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return Object.fromEntries(entries.map(([name, member]) => [name, canonicalValue(member)]));
  }
  return value;
}

function invalidToken(reason: string): DomainError {
  return new DomainError('invalid_argument', `pageToken: ${reason}`);
}
