import {
  answerGethBody,
  methodNotFound,
  NODE_DEFAULT_BATCH_LIMITS,
  serveGethHttp,
  type CallOutcome,
} from '../../runtime/json-rpc/geth-envelope.ts';
import type { Context } from 'koa';
import { asDomainError, toGethRpcError } from '../../runtime/errors.ts';
import { ParamError } from '../../runtime/json-rpc/geth-params.ts';
import type { Logger } from '../../runtime/logger.ts';

/**
 * The devnet's methods behind geth's JSON-RPC server (runtime/json-rpc/geth-envelope.ts): positional params with
 * geth's -32602 texts, unknown methods as -32601, handler errors as -32000 unless they carry their own code.
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

export { ParamError };

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
  log: Logger;
}

export function serveGeth(ctx: Context, options: GethEndpointOptions): Promise<void> {
  return serveGethHttp(ctx, (text) =>
    answerGethBody(text, NODE_DEFAULT_BATCH_LIMITS, (m, p) => callGethMethod(m, p, options)),
  );
}

/** One call answered by the methods (HTTP and WebSocket alike). */
export async function callGethMethod(
  method: string,
  params: unknown,
  options: Pick<GethEndpointOptions, 'methods' | 'log'>,
): Promise<CallOutcome> {
  const target = Object.hasOwn(options.methods, method) ? options.methods[method] : undefined;
  if (!target) return { error: methodNotFound(method) };
  let args: unknown[];
  try {
    args = decodeParams(target.params, params);
  } catch (err) {
    if (err instanceof ParamError) return { error: { code: -32602, message: err.message } };
    throw err;
  }
  try {
    const value = await target.handle(args);
    return { result: JSON.stringify(value ?? null) };
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
