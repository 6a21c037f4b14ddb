import { readRequestBody } from '../http/request-body.ts';
import type { Context } from 'koa';
import { asDomainError, DomainError, toGorillaRpcError } from '../errors.ts';
import type { Logger } from '../logger.ts';
import {
  decodeFirstValue,
  EncodedGoJson,
  encodeGoJson,
  field,
  goJsonKind,
  JsonNumber,
  type RawGoJson,
} from './go-json.ts';

/**
 * An endpoint that answers exactly as avalanchego's gorilla/rpc JSON-RPC servers do (index, avax, admin,
 * validators): POST only (405), a JSON content type (415), one request per body (no batches), HTTP 200 for every
 * JSON-RPC reply, every handler error as -32000 with `data: null`, params as an object or a one-element array.
 */
export interface GorillaMethod {
  /**
   * Decodes params (an object; missing params arrive as {}), throwing InvalidArgumentError when they do not fit,
   * and returns the call to make.
   */
  prepare(params: Record<string, unknown>): () => Promise<unknown>;
}

export function gorillaMethod<A>(
  decode: (params: Record<string, unknown>) => A,
  handle: (args: A) => Promise<unknown>,
): GorillaMethod {
  return {
    prepare(params) {
      const args = decode(params);
      return () => handle(args);
    },
  };
}

export interface GorillaService {
  name: string;
  /** Method names as written on the wire after the service, e.g. `getContainerByID`. */
  methods: Record<string, GorillaMethod>;
}

/** Raised by a method's params decoder; every such failure has one text on the wire, as on the node. */
export class InvalidArgumentError extends Error {
  override name = 'InvalidArgumentError';
}

export const INVALID_ARGUMENT_MESSAGE =
  "couldn't unmarshal an argument. Ensure arguments are valid and properly formatted. See documentation for example calls";

/** A reply the endpoint gives instead of a JSON-RPC body (e.g. the node's 404 when an index is not served). */
export class HttpReplyError extends Error {
  readonly status: number;
  readonly body: string;
  constructor(status: number, body: string) {
    super(body);
    this.status = status;
    this.body = body;
  }
}

const MAX_BODY_BYTES = 16 * 1024 * 1024;

const REQUEST_FIELDS = ['jsonrpc', 'method', 'params', 'id'] as const;

/**
 * The HTTP side of a gorilla endpoint: POST only (405), a JSON content type (415), the body size (413). Answers a
 * refused request itself and returns undefined; else returns the body.
 */
export async function readGorillaRequest(ctx: Context): Promise<string | undefined> {
  if (ctx.method !== 'POST') {
    plainText(ctx, 405, `rpc: POST method required, received ${ctx.method}`);
    return undefined;
  }
  const contentType = (ctx.get('content-type') ?? '').split(';')[0]!;
  if (contentType.toLowerCase() !== 'application/json') {
    plainText(ctx, 415, `rpc: unrecognized Content-Type: ${contentType}`);
    return undefined;
  }
  const body = await readRequestBody(ctx, MAX_BODY_BYTES);
  if (body === undefined) plainText(ctx, 413, `request body larger than ${MAX_BODY_BYTES} bytes`);
  return body?.toString('utf8');
}

export async function serveGorilla(ctx: Context, service: GorillaService, log: Logger): Promise<void> {
  const text = await readGorillaRequest(ctx);
  if (text === undefined) return;

  const decoded = decodeFirstValue(text);
  if (!decoded.ok) return reply(ctx, null, parseError(decoded.message, emptyRequest()));
  const request = readRequest(decoded.value, decoded.rawMembers);
  if ('error' in request) return reply(ctx, request.partial.id, parseError(request.error, request.partial));
  const { partial } = request;
  if (partial.jsonrpc !== '2.0') {
    return reply(ctx, partial.id, { code: -32600, message: 'jsonrpc must be 2.0', data: partial });
  }

  let result: unknown;
  try {
    const call = resolveMethod(service, partial.method).prepare(paramsObject(request.params));
    // The node sets this only once a method is actually called.
    ctx.set('X-Content-Type-Options', 'nosniff');
    result = await call();
  } catch (err) {
    if (err instanceof HttpReplyError) return plainText(ctx, err.status, err.body);
    const error =
      err instanceof InvalidArgumentError
        ? new DomainError('invalid_argument', INVALID_ARGUMENT_MESSAGE)
        : asDomainError(err, log);
    return reply(ctx, partial.id, toGorillaRpcError(error));
  }
  reply(ctx, partial.id, undefined, result);
}

/** json2's serverRequest: params and id are json.RawMessage, so replies echo them as written. */
interface PartialRequest {
  jsonrpc: string;
  method: string;
  params: RawGoJson | null;
  id: RawGoJson | null;
}

function emptyRequest(): PartialRequest {
  return { jsonrpc: '', method: '', params: null, id: null };
}

/**
 * Fills the json2 request struct the way encoding/json does, including its type errors; `params` is the decoded
 * params for the method.
 */
function readRequest(
  value: unknown,
  rawMembers: Record<string, RawGoJson>,
): { partial: PartialRequest; params: unknown } | { partial: PartialRequest; error: string } {
  const partial = emptyRequest();
  if (value === null) return { partial, params: null };
  if (typeof value !== 'object' || Array.isArray(value)) {
    return {
      partial,
      error: `json: cannot unmarshal ${goJsonKind(value)} into Go value of type json2.serverRequest`,
    };
  }
  let error: string | undefined;
  for (const name of REQUEST_FIELDS) {
    const v = field(value as Record<string, unknown>, name);
    if (v === undefined || v === null) continue;
    if ((name === 'jsonrpc' || name === 'method') && typeof v !== 'string') {
      error ??= `json: cannot unmarshal ${goJsonKind(v)} into Go struct field serverRequest.${name} of type string`;
      continue;
    }
    if (name === 'jsonrpc' || name === 'method') partial[name] = v as string;
    else partial[name] = field(rawMembers, name) as RawGoJson;
  }
  const params = field(value as Record<string, unknown>, 'params');
  return error === undefined ? { partial, params } : { partial, error };
}

function parseError(message: string, partial: PartialRequest) {
  return { code: -32700, message, data: partial };
}

/**
 * avalanchego upper-cases the first letter after the dot before gorilla looks the method up, so messages quote
 * the transformed name (`rpc: can't find method "index.Foo"`).
 */
function resolveMethod(service: GorillaService, requested: string): GorillaMethod {
  const resolved = resolvedNames(service);
  const known = resolved.get(requested);
  if (known !== undefined) return known;
  const found = resolveMethodName(service, requested);
  // Only names that resolve are kept: few spellings reach a method, while a caller may send any number of others.
  resolved.set(requested, found);
  return found;
}

const resolvedByService = new WeakMap<GorillaService, Map<string, GorillaMethod>>();

/** The methods requests named, by the name as sent. */
function resolvedNames(service: GorillaService): Map<string, GorillaMethod> {
  let resolved = resolvedByService.get(service);
  if (resolved === undefined) resolvedByService.set(service, (resolved = new Map<string, GorillaMethod>()));
  return resolved;
}

function resolveMethodName(service: GorillaService, requested: string): GorillaMethod {
  const dot = requested.indexOf('.');
  let method = requested;
  if (dot !== -1) {
    const rest = requested.slice(dot + 1);
    const first = String.fromCodePoint(rest.codePointAt(0) ?? 0xfffd);
    if (rest !== '' && first !== '\ufffd') {
      if (first !== first.toLowerCase() && first === first.toUpperCase()) {
        throw new DomainError('invalid_argument', 'method must start with a non-uppercase letter');
      }
      method = `${requested.slice(0, dot)}.${first.toUpperCase()}${rest.slice(first.length)}`;
    }
  }
  const parts = method.split('.');
  if (parts.length !== 2) {
    throw new DomainError(
      'invalid_argument',
      `rpc: service/method request ill-formed: ${JSON.stringify(method)}`,
    );
  }
  if (parts[0] !== service.name)
    throw new DomainError('not_found', `rpc: can't find service ${JSON.stringify(method)}`);
  const found = methodsByGoName(service).get(parts[1]!);
  if (!found) throw new DomainError('not_found', `rpc: can't find method ${JSON.stringify(method)}`);
  return found;
}

const goNames = new WeakMap<GorillaService, Map<string, GorillaMethod>>();

/** A service's methods by their Go names (first letter upper-cased), as resolveMethod looks them up. */
function methodsByGoName(service: GorillaService): Map<string, GorillaMethod> {
  let byName = goNames.get(service);
  if (byName === undefined) {
    byName = new Map();
    for (const [wire, m] of Object.entries(service.methods)) {
      const goName = wire.charAt(0).toUpperCase() + wire.slice(1);
      // The first method listed wins, as the linear search this map replaced found it.
      if (!byName.has(goName)) byName.set(goName, m);
    }
    goNames.set(service, byName);
  }
  return byName;
}

/** json2 decodes params into the args struct, falling back to the first element of an array. */
function paramsObject(params: unknown): Record<string, unknown> {
  const value: unknown = Array.isArray(params) ? (params.length === 0 ? null : params[0]) : params;
  if (value === null || value === undefined) return {};
  if (typeof value !== 'object' || Array.isArray(value) || value instanceof JsonNumber) {
    throw new InvalidArgumentError('params must be an object');
  }
  return value as Record<string, unknown>;
}

function reply(ctx: Context, id: unknown, error: unknown, result?: unknown): void {
  ctx.status = 200;
  // A request without an id (or with a null one) is a notification: it runs but gets no body, unless it did not parse.
  const isParseError = (error as { code?: number } | undefined)?.code === -32700;
  if ((id === null || id === undefined) && !isParseError) {
    ctx.body = null;
    ctx.status = 200;
    return;
  }
  ctx.type = 'application/json; charset=utf-8';
  if (error === undefined && result instanceof EncodedGoJson) {
    // The same bytes encodeGoJson would give, without encoding the (often large) result again.
    const tail = `,"id":${encodeGoJson(id).trimEnd()}}\n`;
    ctx.body = Buffer.concat([RESULT_HEAD, result.bytes, Buffer.from(tail)]);
    return;
  }
  const body =
    error === undefined
      ? { jsonrpc: '2.0', result, id: id ?? null }
      : { jsonrpc: '2.0', error, id: id ?? null };
  ctx.body = encodeGoJson(body);
}

const RESULT_HEAD = Buffer.from('{"jsonrpc":"2.0","result":');

function plainText(ctx: Context, status: number, text: string): void {
  ctx.status = status;
  ctx.type = 'text/plain; charset=utf-8';
  ctx.body = ctx.method === 'HEAD' ? null : text;
}
