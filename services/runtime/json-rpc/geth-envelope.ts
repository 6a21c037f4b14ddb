import { randomBytes } from 'node:crypto';
import type { Context } from 'koa';
import type { JsonRpcError } from '../errors.ts';
import { GO_MAX_NESTING_DEPTH, jsonNestingExceeds } from '../http/json-depth.ts';
import { readRequestBody } from '../http/request-body.ts';
import { goJsonKind } from '../gorilla-rpc/go-json.ts';

/**
 * geth's JSON-RPC server, which is what coreth's and Subnet-EVM's `/rpc` are, around whatever answers the calls (the
 * devnet's methods, node-rpc's upstream nodes): its HTTP rules (POST with a JSON content type, an empty GET as a
 * health probe, body size) and its envelope (batches with a size limit, notifications, -32700/-32600 texts).
 */

/** What one call came to: its result as JSON text, or a JSON-RPC error. */
export type CallOutcome = { result: string } | { error: JsonRpcError };

/** Answers one call; an unknown method is the dispatcher's to report (geth: -32601, see methodNotFound). */
export type CallDispatch = (method: string, params: unknown) => Promise<CallOutcome>;

/**
 * A connection's subscriptions (WebSocket only: over HTTP there are none). `subscribe` gets the `*_subscribe` call's
 * namespace and params (the subscription's name first) and answers with the new subscription's id or geth's error.
 */
export interface Subscriptions {
  subscribe(namespace: string, params: unknown[]): Promise<CallOutcome>;
  /** Whether the connection had the subscription (it no longer has it). */
  unsubscribe(id: string): boolean;
}

/** A connection's running subscriptions, by id, each with what stops it. */
export class ActiveSubscriptions {
  private readonly active = new Map<string, () => void>();

  add(id: string, stop: () => void): void {
    this.active.set(id, stop);
  }

  /** Stops one; false when the connection has no such subscription. */
  stop(id: string): boolean {
    const stop = this.active.get(id);
    if (!stop) return false;
    stop();
    this.active.delete(id);
    return true;
  }

  stopAll(): void {
    for (const stop of this.active.values()) stop();
    this.active.clear();
  }
}

/** geth's rpc.NewID: 16 random bytes written as a quantity (no leading zeros). */
export function newSubscriptionId(): string {
  return `0x${randomBytes(16).toString('hex').replace(/^0+/, '') || '0'}`;
}

/** geth's answer to `*_subscribe` where notifications cannot be sent (HTTP). */
export const NOTIFICATIONS_UNSUPPORTED: JsonRpcError = {
  code: -32601,
  message: 'notifications not supported',
};

/** geth's answer to a subscription name no namespace serves. */
export const subscriptionNotFound = (namespace: string, name: string): JsonRpcError => ({
  code: -32601,
  message: `no ${JSON.stringify(name)} subscription in ${namespace} namespace`,
});

/** geth's answer to a method it does not serve (or, on a node, to a namespace that is turned off). */
export const methodNotFound = (method: string): JsonRpcError => ({
  code: -32601,
  message: `the method ${method} does not exist/is not available`,
});

export const GETH_MAX_BODY_BYTES = 5 * 1024 * 1024;
const ACCEPTED_CONTENT_TYPES = ['application/json', 'application/json-rpc', 'application/jsonrequest'];

/** geth's health probe: a GET with no body and no query, which it answers 200 without reading a call. */
export function isGethHealthProbe(ctx: Context): boolean {
  return ctx.method === 'GET' && !ctx.get('content-length') && ctx.querystring === '';
}

/** Serves one HTTP request the way geth's HTTP handler does; `answer` turns the body into the response body. */
export async function serveGethHttp(
  ctx: Context,
  answer: (body: string) => Promise<string | Buffer | undefined>,
  maxBodyBytes = GETH_MAX_BODY_BYTES,
): Promise<void> {
  // geth answers an empty GET with 200 (a health probe), refuses PUT and DELETE, and lets OPTIONS through.
  if (isGethHealthProbe(ctx)) {
    ctx.status = 200;
    ctx.body = null;
    return;
  }
  if (ctx.method === 'PUT' || ctx.method === 'DELETE') return plainText(ctx, 405, 'method not allowed');
  const length = Number(ctx.get('content-length') || 0);
  if (length > maxBodyBytes) {
    return plainText(ctx, 413, `content length too large (${length}>${maxBodyBytes})`);
  }
  if (ctx.method !== 'OPTIONS') {
    const mediaType = (ctx.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (!ACCEPTED_CONTENT_TYPES.includes(mediaType)) {
      return plainText(ctx, 415, 'invalid content type, only application/json is supported');
    }
  }
  const body = await readRequestBody(ctx, maxBodyBytes);
  if (body === undefined) return plainText(ctx, 413, `content length too large (>${maxBodyBytes})`);
  const response = await answer(body.toString('utf8'));
  ctx.status = 200;
  if (response === undefined) {
    ctx.body = null;
    return;
  }
  ctx.type = 'application/json';
  ctx.body = response;
}

/**
 * Answers a JSON-RPC body as geth does: one message or a batch within `limits` (calls of a batch run concurrently,
 * replies in request order). Returns the response text (with geth's trailing newline), or undefined
 * when every message was a notification.
 */
export async function answerGethBody(
  text: string,
  limits: BatchLimits,
  dispatch: CallDispatch,
  subscriptions?: Subscriptions,
): Promise<string | undefined> {
  let body: unknown;
  const idTexts: IdTexts = new WeakMap();
  try {
    // geth decodes with encoding/json, which refuses JSON nested deeper than its limit.
    if (jsonNestingExceeds(text, GO_MAX_NESTING_DEPTH)) throw new SyntaxError('exceeded max depth');
    body = parseKeepingIdTexts(text, idTexts);
  } catch {
    return line(errorReply('null', { code: -32700, message: 'parse error' }));
  }
  if (!Array.isArray(body)) {
    const answer = await answerMessage(readMessage(body, idTexts), dispatch, subscriptions);
    return answer === undefined ? undefined : line(answer.text);
  }
  if (body.length === 0) return line(errorReply('null', { code: -32600, message: 'empty batch' }));
  const messages = body.map((message) => readMessage(message, idTexts));
  if (messages.length > limits.calls) {
    // geth names the batch's first call (the protocol has no way to report an error for a whole batch).
    const firstCall = messages.find((m) => m.kind === 'call');
    return line(`[${errorReply(firstCall?.idText ?? 'null', { code: -32600, message: 'batch too large' })}]`);
  }
  const answers = await Promise.all(
    messages.map((message) => answerMessage(message, dispatch, subscriptions)),
  );
  const replies = capResponse(messages, answers, limits.responseBytes ?? 0).filter(
    (reply): reply is string => reply !== undefined,
  );
  return replies.length > 0 ? line(`[${replies.join(',')}]`) : undefined;
}

/** How much one batch may ask: geth's batch-request-limit and batch-response-max-size (0: no cap). */
export interface BatchLimits {
  calls: number;
  responseBytes?: number;
}

/** coreth's and Subnet-EVM's defaults (`batch-request-limit`, `batch-response-max-size`). */
export const NODE_DEFAULT_BATCH_LIMITS: Required<BatchLimits> = { calls: 1000, responseBytes: 25_000_000 };

/**
 * geth's batch-response-max-size: results are counted in order, and once they pass the cap every message after the
 * one that passed it (but notifications) is answered -32003 `response too large` instead.
 */
function capResponse(
  messages: Message[],
  answers: (Answer | undefined)[],
  maxBytes: number,
): (string | undefined)[] {
  let bytes = 0;
  let over = false;
  return answers.map((answer, i) => {
    const message = messages[i]!;
    if (over) {
      if (message.kind === 'notification' || message.kind === 'response') return undefined;
      return errorReply(message.idText, { code: -32003, message: 'response too large' });
    }
    if (answer === undefined) return undefined;
    bytes += answer.resultBytes;
    if (maxBytes > 0 && bytes > maxBytes) over = true;
    return answer.text;
  });
}

/** The source text of each object's `id` members, by key (see parseKeepingIdTexts). */
type IdTexts = WeakMap<object, Map<string, string>>;

/** One message as geth's jsonrpcMessage classifies it. */
type Message =
  | { kind: 'call'; idText: string; method: string; params: unknown }
  | { kind: 'notification'; method: string; params: unknown }
  /** A reply to a call the server made: nothing to answer (geth's handleResponses takes it). */
  | { kind: 'response' }
  /** idText: the message's id when it has a valid one, else null. */
  | { kind: 'invalid'; idText: string };

/**
 * geth's jsonrpcMessage: members matched to its fields as encoding/json does (ignoring case, the last key winning);
 * an id is valid unless it is an object or an array (null included: geth answers `"id":null`), and kept as written.
 */
function readMessage(value: unknown, idTexts: IdTexts): Message {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { kind: 'invalid', idText: 'null' };
  const message = value as Record<string, unknown>;
  const member = (name: string): [string, unknown] | undefined => {
    let found: [string, unknown] | undefined;
    for (const key of Object.keys(message)) if (key.toLowerCase() === name) found = [key, message[key]];
    return found;
  };
  const version = member('jsonrpc')?.[1];
  const id = member('id');
  const method = member('method')?.[1];
  const params = member('params')?.[1];
  const validVersion = version === '2.0';
  const validId = id !== undefined && (id[1] === null || typeof id[1] !== 'object');
  const idText = validId ? (idTexts.get(message)?.get(id[0]) ?? JSON.stringify(id[1])) : 'null';
  const hasMethod = typeof method === 'string' && method !== '';
  if (validVersion && validId && hasMethod) return { kind: 'call', idText, method, params };
  if (validVersion && id === undefined && hasMethod) return { kind: 'notification', method, params };
  if (
    validVersion &&
    validId &&
    !hasMethod &&
    params === undefined &&
    (member('result') !== undefined || member('error') !== undefined)
  )
    return { kind: 'response' };
  return { kind: 'invalid', idText };
}

/** A message's reply and the size of the result in it (what geth's batch-response-max-size counts). */
interface Answer {
  text: string;
  resultBytes: number;
}

async function answerMessage(
  message: Message,
  dispatch: CallDispatch,
  subscriptions: Subscriptions | undefined,
): Promise<Answer | undefined> {
  if (message.kind === 'response') return undefined;
  if (message.kind === 'invalid')
    return { text: errorReply(message.idText, { code: -32600, message: 'invalid request' }), resultBytes: 0 };
  const { method, params } = message;
  const outcome = method.endsWith('_subscribe')
    ? await subscribe(method, params, subscriptions)
    : method.endsWith('_unsubscribe')
      ? unsubscribe(params, subscriptions)
      : await dispatch(method, params);
  if (message.kind === 'notification') return undefined;
  return 'error' in outcome
    ? { text: errorReply(message.idText, outcome.error), resultBytes: 0 }
    : {
        text: `{"jsonrpc":"2.0","id":${message.idText},"result":${outcome.result}}`,
        resultBytes: Buffer.byteLength(outcome.result),
      };
}

/**
 * JSON.parse, noting the source text of every `id` member (ignoring case, by the object holding it) in `idTexts`:
 * geth writes an id back as the client wrote it (a json.RawMessage): `1.0`, `1e3`, digits past 2^53, escapes.
 */
function parseKeepingIdTexts(text: string, idTexts: IdTexts): unknown {
  try {
    return JSON.parse(text, function (
      this: object,
      key: string,
      value: unknown,
      context?: { source?: string },
    ) {
      if (context?.source !== undefined && key.length === 2 && key.toLowerCase() === 'id') {
        let texts = idTexts.get(this);
        if (!texts) idTexts.set(this, (texts = new Map<string, string>()));
        texts.set(key, context.source);
      }
      return value;
    } as (key: string, value: unknown) => unknown);
  } catch (err) {
    // A reviver recurses on the JS stack, which a body nested thousands deep (within Go's limit) exhausts: such a
    // body keeps JSON.stringify's ids.
    if (err instanceof RangeError) return JSON.parse(text);
    throw err;
  }
}

/** geth's handleSubscribe: the subscription's name is the first of the params. */
async function subscribe(
  method: string,
  params: unknown,
  subscriptions: Subscriptions | undefined,
): Promise<CallOutcome> {
  if (!subscriptions) return { error: NOTIFICATIONS_UNSUPPORTED };
  if (!Array.isArray(params)) return { error: { code: -32602, message: 'non-array args' } };
  if (typeof params[0] !== 'string')
    return { error: { code: -32602, message: 'expected subscription name as first argument' } };
  return subscriptions.subscribe(method.slice(0, method.indexOf('_')), params);
}

/** geth's unsubscribe callback, which serves `*_unsubscribe` in every namespace: one rpc.ID argument. */
function unsubscribe(params: unknown, subscriptions: Subscriptions | undefined): CallOutcome {
  if (params !== undefined && params !== null && !Array.isArray(params))
    return { error: { code: -32602, message: 'non-array args' } };
  const args: unknown[] = Array.isArray(params) ? params : [];
  if (args.length === 0) return { error: { code: -32602, message: 'missing value for required argument 0' } };
  if (args.length > 1) return { error: { code: -32602, message: 'too many arguments, want at most 1' } };
  const [id] = args;
  // encoding/json leaves a string as it was ("") for a JSON null.
  if (id !== null && typeof id !== 'string')
    return {
      error: {
        code: -32602,
        message: `invalid argument 0: json: cannot unmarshal ${goJsonKind(id)} into Go value of type rpc.ID`,
      },
    };
  if (!subscriptions?.unsubscribe(id ?? ''))
    return { error: { code: -32000, message: 'subscription not found' } };
  return { result: 'true' };
}

/** An error reply to the message whose id is `idText` (its JSON text, as the client wrote it). */
function errorReply(idText: string, error: JsonRpcError): string {
  return `{"jsonrpc":"2.0","id":${idText},"error":${JSON.stringify(error)}}`;
}

const line = (text: string) => `${text}\n`;

function plainText(ctx: Context, status: number, text: string): void {
  ctx.status = status;
  ctx.type = 'text/plain; charset=utf-8';
  ctx.body = `${text}\n`;
}
