import type { ResolvedUri } from './token-uri.ts';

/**
 * Reads a token's metadata document and maps it onto the Data API's NFT metadata fields. Never throws for
 * anything the token's owner controls (the URI, the server behind it, the document): every such failure is an
 * index status, so one bad token cannot stall the queue.
 */

export type ErcType = 'ERC-721' | 'ERC-1155';

export type IndexStatus =
  | 'UNKNOWN'
  | 'MISSING_TOKEN'
  | 'INVALID_TOKEN_URI'
  | 'INVALID_TOKEN_URI_SCHEME'
  | 'UNREACHABLE_TOKEN_URI'
  | 'THROTTLED_TOKEN_URI'
  | 'METADATA_CONTENT_TOO_LARGE'
  | 'INVALID_METADATA'
  | 'INVALID_METADATA_JSON'
  | 'INDEXED'
  | 'UNINDEXED';

/** The Data API's metadata fields, as read from the document (ERC-721 has attributes, ERC-1155 the last two). */
export interface MetadataFields {
  name?: string;
  symbol?: string;
  imageUri?: string;
  description?: string;
  animationUri?: string;
  externalUrl?: string;
  background?: string;
  /** JSON text of the document's `attributes` (ERC-721). */
  attributes?: string;
  /** ERC-1155. */
  decimals?: number;
  /** JSON text of the document's `properties` (ERC-1155). */
  properties?: string;
}

export interface MetadataOutcome extends MetadataFields {
  indexStatus: IndexStatus;
  /** Why the status is not INDEXED, for logs and traces; not part of the Data API's shape. */
  reason?: string;
}

export interface FetchOptions {
  /** Deadline for the whole exchange: every redirect and the body included. */
  timeoutMs: number;
  maxBytes: number;
  ercType: ErcType;
  fetch?: typeof fetch;
}

export const MAX_REDIRECTS = 5;

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

export async function fetchTokenMetadata(
  resolved: ResolvedUri,
  options: FetchOptions,
): Promise<MetadataOutcome> {
  switch (resolved.kind) {
    case 'invalid':
      return { indexStatus: resolved.status, reason: resolved.reason };
    case 'data':
      if (resolved.body.length > options.maxBytes) return tooLarge(options.maxBytes);
      return parseMetadata(resolved.body, options.ercType);
    case 'http':
      return fetchHttp(resolved.url, options);
  }
}

async function fetchHttp(url: string, options: FetchOptions): Promise<MetadataOutcome> {
  const fetchFn = options.fetch ?? fetch;
  const signal = AbortSignal.timeout(options.timeoutMs);
  try {
    let current = url;
    for (let redirects = 0; ; redirects++) {
      // Manual redirects: fetch's own limit is 20, and it would follow a hop to any scheme it supports.
      const response = await fetchFn(current, {
        redirect: 'manual',
        signal,
        headers: { accept: 'application/json, */*;q=0.5' },
      });
      const location = response.headers.get('location');
      if (REDIRECT_STATUSES.has(response.status) && location !== null) {
        await discard(response);
        if (redirects === MAX_REDIRECTS) return unreachable(`more than ${MAX_REDIRECTS} redirects`);
        const next = redirectTarget(location, current);
        if (next === undefined) return unreachable(`redirect to an unusable location ${location}`);
        current = next;
        continue;
      }
      const failure = statusFailure(response.status);
      if (failure !== undefined) {
        await discard(response);
        return failure;
      }
      const body = await readCapped(response, options.maxBytes);
      if (body === undefined) return tooLarge(options.maxBytes);
      return parseMetadata(body, options.ercType);
    }
  } catch (err) {
    // Refused or reset connections, DNS failures, TLS errors and the deadline all land here.
    return unreachable(signal.aborted ? `no answer within ${options.timeoutMs} ms` : describeError(err));
  }
}

/** The outcome an HTTP status alone decides, or undefined for a 2xx whose body is to be read. */
export function statusFailure(status: number): MetadataOutcome | undefined {
  if (status >= 200 && status < 300) return undefined;
  if (status === 429) return { indexStatus: 'THROTTLED_TOKEN_URI', reason: 'HTTP 429' };
  // 5xx and 404 are the usual answers of a dead host or an unpinned file; the other 4xx (401, 403, 410, …) and
  // leftover 3xx mean the same for us: this URI does not give the document.
  return unreachable(`HTTP ${status}`);
}

function redirectTarget(location: string, base: string): string | undefined {
  try {
    const url = new URL(location, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The body, or undefined as soon as it is known to exceed maxBytes: by its Content-Length before reading, else
 * by counting while streaming. Never holds more than maxBytes: the chunk that crosses the cap is dropped and the
 * stream cancelled, which closes the connection instead of downloading the rest.
 */
async function readCapped(response: Response, maxBytes: number): Promise<Buffer | undefined> {
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    await discard(response);
    return undefined;
  }
  if (response.body === null) return Buffer.alloc(0);
  // Node's types leave the chunk type open; fetch bodies are byte streams.
  const reader = response.body.getReader() as ReadableStreamDefaultReader<Uint8Array>;
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, total);
}

/** Frees the connection of a response whose body is not wanted. */
async function discard(response: Response): Promise<void> {
  await response.body?.cancel().catch(() => {});
}

/** Bytes of the document → outcome. */
export function parseMetadata(body: Uint8Array, ercType: ErcType): MetadataOutcome {
  let text: string;
  try {
    // Fatal: invalid UTF-8 is not JSON. The decoder also drops a leading BOM, which JSON.parse would reject.
    text = new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return { indexStatus: 'INVALID_METADATA_JSON', reason: 'the document is not UTF-8' };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { indexStatus: 'INVALID_METADATA_JSON', reason: 'the document is not JSON' };
  }
  return metadataFromJson(value, ercType);
}

/**
 * A parsed document → outcome. A field of the wrong type is dropped rather than failing the token: wallets show
 * what they can, and so do we.
 */
export function metadataFromJson(value: unknown, ercType: ErcType): MetadataOutcome {
  if (!isPlainObject(value))
    return { indexStatus: 'INVALID_METADATA', reason: 'the document is not an object' };
  const fields: MetadataFields = {
    name: text(value.name),
    symbol: text(value.symbol),
    // `image` is the standard; `image_url` (OpenSea's older spelling) and `imageUri` occur. An empty string is
    // how generators write "no image", so it does not hide a later spelling.
    imageUri: [value.image, value.image_url, value.imageUri]
      .map(text)
      .find((uri) => uri !== undefined && uri !== ''),
    description: text(value.description),
    animationUri: text(value.animation_url),
    externalUrl: text(value.external_url),
    background: text(value.background_color),
  };
  if (ercType === 'ERC-721') {
    fields.attributes = jsonText(value.attributes);
  } else {
    fields.decimals = decimals(value.decimals);
    fields.properties = jsonText(value.properties);
  }
  return { indexStatus: 'INDEXED', ...withoutUndefined(fields) };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * PostgreSQL's text and jsonb reject NUL and lone surrogates, both of which JSON can carry (`\u0000`, `\ud800`);
 * removing them here keeps one hostile document from failing its store write on every retry.
 */
function storable(value: string): string {
  return value.replaceAll('\0', '').toWellFormed();
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? storable(value) : undefined;
}

/** Arrays and objects only: a string or number here is not an attribute list a client could render. */
function jsonText(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  try {
    return JSON.stringify(value, (_key, v: unknown) => {
      if (typeof v === 'string') return storable(v);
      // Keys are not passed through the replacer, so an object is rebuilt with clean keys.
      if (isPlainObject(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [storable(k), x]));
      return v;
    });
  } catch {
    // JSON.parse accepts nesting deeper than JSON.stringify's stack allows; such a field is dropped, not retried.
    return undefined;
  }
}

function decimals(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : undefined;
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

function unreachable(reason: string): MetadataOutcome {
  return { indexStatus: 'UNREACHABLE_TOKEN_URI', reason };
}

function tooLarge(maxBytes: number): MetadataOutcome {
  return {
    indexStatus: 'METADATA_CONTENT_TOO_LARGE',
    reason: `the document is larger than ${maxBytes} bytes`,
  };
}

function describeError(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  // fetch wraps the interesting part (ECONNREFUSED, ENOTFOUND, …) in `cause`.
  const cause = err.cause instanceof Error ? `: ${err.cause.message}` : '';
  return `${err.message}${cause}`;
}
