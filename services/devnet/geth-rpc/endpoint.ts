import { GO_MAX_NESTING_DEPTH, jsonNestingExceeds } from '../../runtime/http/json-depth.ts';
import { readRequestBody } from '../../runtime/http/request-body.ts';
import type { Context } from 'koa';
import { asDomainError, toGethRpcError, type JsonRpcError } from '../../runtime/errors.ts';
import type { Logger } from '../../runtime/logger.ts';

/**
 * An endpoint that answers as geth's JSON-RPC server does, which is what coreth's and Subnet-EVM's /rpc are: POST
 * with a JSON content type, batches (with a size limit), notifications, positional params with geth's
 * -32602 texts, unknown methods as -32601, handler errors as -32000 unless they carry their own code.
 */
export interface GethMethod {
  /** One decoder per positional parameter; `required` ones must be present. */
  params: GethParam<unknown>[];
  handle(args: unknown[]): Promise<unknown>;
}

export interface GethParam<T> {
  required: boolean;
  /** Decodes a present (possibly null) JSON value; throws ParamError with the text geth would give. */
  decode(value: unknown): T;
}

/** A parameter that does not decode; the endpoint reports it as `invalid argument <n>: <message>`. */
export class ParamError extends Error {
  override name = 'ParamError';
}

/** An error with its own JSON-RPC code and data, e.g. a revert (code 3, data = the revert bytes). */
export class RpcError extends Error {
  readonly code: number;
  readonly data: unknown;
  constructor(code: number, message: string, data?: unknown) {
    super(message);
    this.code = code;
    this.data = data;
  }
}

type Decoded<P> = { [K in keyof P]: P[K] extends GethParam<infer T> ? T : never };

export function gethMethod<P extends GethParam<unknown>[]>(
  params: [...P],
  handle: (...args: Decoded<P>) => unknown,
): GethMethod {
  return { params, handle: (args) => Promise.resolve().then(() => handle(...(args as Decoded<P>))) };
}

export interface GethEndpointOptions {
  methods: Record<string, GethMethod>;
  /** Items allowed in one batch (coreth's default is 1000). */
  batchLimit: number;
  log: Logger;
}

const MAX_BODY_BYTES = 5 * 1024 * 1024;
const ACCEPTED_CONTENT_TYPES = ['application/json', 'application/json-rpc', 'application/jsonrequest'];

export async function serveGeth(ctx: Context, options: GethEndpointOptions): Promise<void> {
  // geth answers an empty GET with 200 (a health probe), refuses PUT and DELETE, and lets OPTIONS through.
  if (ctx.method === 'GET' && !ctx.get('content-length') && ctx.querystring === '') {
    ctx.status = 200;
    ctx.body = null;
    return;
  }
  if (ctx.method === 'PUT' || ctx.method === 'DELETE') return plainText(ctx, 405, 'method not allowed');
  const length = Number(ctx.get('content-length') || 0);
  if (length > MAX_BODY_BYTES) {
    return plainText(ctx, 413, `content length too large (${length}>${MAX_BODY_BYTES})`);
  }
  if (ctx.method !== 'OPTIONS') {
    const mediaType = (ctx.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (!ACCEPTED_CONTENT_TYPES.includes(mediaType)) {
      return plainText(ctx, 415, 'invalid content type, only application/json is supported');
    }
  }
  const text = await readBody(ctx);
  if (text === undefined) return;
  let body: unknown;
  try {
    // geth decodes with encoding/json, which refuses JSON nested deeper than its limit.
    if (jsonNestingExceeds(text, GO_MAX_NESTING_DEPTH)) throw new SyntaxError('exceeded max depth');
    body = JSON.parse(text);
  } catch {
    return send(ctx, errorReply(null, { code: -32700, message: 'parse error' }));
  }
  if (!Array.isArray(body)) {
    const response = await handleMessage(body, options);
    return send(ctx, response);
  }
  if (body.length === 0) return send(ctx, errorReply(null, { code: -32600, message: 'empty batch' }));
  if (body.length > options.batchLimit) {
    const first = body[0] as { id?: unknown } | null;
    return send(ctx, [errorReply(first?.id ?? null, { code: -32600, message: 'batch too large' })]);
  }
  const responses = [];
  for (const message of body) {
    const response = await handleMessage(message, options);
    if (response !== undefined) responses.push(response);
  }
  return send(ctx, responses.length > 0 ? responses : undefined);
}

async function handleMessage(message: unknown, options: GethEndpointOptions): Promise<object | undefined> {
  if (typeof message !== 'object' || message === null || Array.isArray(message)) {
    return errorReply(null, { code: -32600, message: 'invalid request' });
  }
  const { jsonrpc, id, method, params } = message as Record<string, unknown>;
  const validId = id !== undefined && id !== null && typeof id !== 'object';
  const isNotification = id === undefined && typeof method === 'string' && method !== '';
  if (jsonrpc !== '2.0' || typeof method !== 'string' || method === '' || !(validId || isNotification)) {
    return errorReply(validId ? id : null, { code: -32600, message: 'invalid request' });
  }
  const result = await call(method, params, options);
  if (isNotification) return undefined;
  return 'error' in result ? errorReply(id, result.error) : { jsonrpc: '2.0', id, result: result.value };
}

async function call(
  method: string,
  params: unknown,
  options: GethEndpointOptions,
): Promise<{ value: unknown } | { error: JsonRpcError }> {
  const target = Object.hasOwn(options.methods, method) ? options.methods[method] : undefined;
  if (!target)
    return { error: { code: -32601, message: `the method ${method} does not exist/is not available` } };
  let args: unknown[];
  try {
    args = decodeParams(target.params, params);
  } catch (err) {
    if (err instanceof ParamError) return { error: { code: -32602, message: err.message } };
    throw err;
  }
  try {
    const value = await target.handle(args);
    return { value: value ?? null };
  } catch (err) {
    if (err instanceof RpcError) {
      const { code, message, data } = err;
      return { error: data === undefined ? { code, message } : { code, message, data } };
    }
    return { error: toGethRpcError(asDomainError(err, options.log)) };
  }
}

/** geth's parsePositionalArguments: an array (or nothing), each element decoded into its parameter's type. */
function decodeParams(specs: GethParam<unknown>[], params: unknown): unknown[] {
  if (params === undefined || params === null) params = [];
  if (!Array.isArray(params)) throw new ParamError('non-array args');
  if (params.length > specs.length) throw new ParamError(`too many arguments, want at most ${specs.length}`);
  return specs.map((spec, i) => {
    if (i >= params.length) {
      if (spec.required) throw new ParamError(`missing value for required argument ${i}`);
      return undefined;
    }
    try {
      return spec.decode(params[i]);
    } catch (err) {
      if (err instanceof ParamError) throw new ParamError(`invalid argument ${i}: ${err.message}`);
      throw err;
    }
  });
}

function errorReply(id: unknown, error: JsonRpcError) {
  return { jsonrpc: '2.0', id, error };
}

function send(ctx: Context, body: unknown): void {
  ctx.status = 200;
  if (body === undefined) {
    ctx.body = null;
    return;
  }
  ctx.type = 'application/json';
  ctx.body = `${JSON.stringify(body)}\n`;
}

function plainText(ctx: Context, status: number, text: string): void {
  ctx.status = status;
  ctx.type = 'text/plain; charset=utf-8';
  ctx.body = `${text}\n`;
}

async function readBody(ctx: Context): Promise<string | undefined> {
  const body = await readRequestBody(ctx, MAX_BODY_BYTES);
  if (body === undefined) plainText(ctx, 413, `content length too large (>${MAX_BODY_BYTES})`);
  return body?.toString('utf8');
}
