import { answerRefusal, type RpcAdmission } from './rpc-admission.ts';
import { timingSafeEqual } from 'node:crypto';
import type Router from '@koa/router';
import type { Context } from 'koa';
import type { CallReply__Output } from '../generated/proto/chaindata/noderpc/v1/CallReply.ts';
import type { NodeRpcServiceDefinition } from '../generated/proto/chaindata/noderpc/v1/NodeRpcService.ts';
import { DomainError } from '../runtime/errors.ts';
import type { UnaryClient } from '../runtime/grpc/client.ts';
import { readGorillaRequest } from '../runtime/gorilla-rpc/endpoint.ts';
import { FinalAnswers } from './final-answers.ts';
import { chainAnswerKey } from '../runtime/json-rpc/evm-methods.ts';
import { isGethHealthProbe, serveGethHttp } from '../runtime/json-rpc/geth-envelope.ts';
import { canonicalChain } from '../runtime/upstream/chain-routing.ts';
import { nodeNotFound } from '../runtime/node-api/not-found.ts';
import { answeredFromCache } from '../runtime/telemetry/http-server-span.ts';

export type NodeRpcClient = UnaryClient<NodeRpcServiceDefinition>;

/** The EVM chains' geth-style endpoint. */
export const GETH_ROUTE = '/ext/bc/:chain/rpc';
/** The gorilla/rpc endpoints (one call per POST): the C-Chain's avax, L1 validators, platform, X-Chain, info, health. */
const GORILLA_PATHS = [
  '/ext/bc/:chain/avax',
  '/ext/bc/:chain/validators',
  '/ext/bc/:chain',
  '/ext/P',
  '/ext/X',
  '/ext/info',
  '/ext/health',
];

/** Serves an EVM chain's `/rpc` (`chain` as the path names it, decoded). */
export type GethEndpoint = (ctx: Context, chain: string) => Promise<void>;

/**
 * The node's JSON-RPC APIs, answered by node-rpc: the HTTP rules of each endpoint's style are applied here (as the
 * node applies them before reading a call), the calls there. A path node-rpc does not serve (a chain the stack does not
 * run) gets the node router's 404. Returns the EVM chains' `/rpc` handler, which the app may call without the router.
 */
export function mountNodeApis(
  router: Router,
  nodeRpc: NodeRpcClient,
  answerCacheBytes: number,
  adminToken?: string,
  admission?: RpcAdmission,
): GethEndpoint {
  // The answers node-rpc reported final (about accepted blocks): a call asking one again is answered here, without
  // the hop to node-rpc.
  const finals = new FinalAnswers(answerCacheBytes);
  // The chains node-rpc has answered for: geth's health probe (an empty GET) on another is the router's 404.
  const servedChains = new Set<string>();
  const geth: GethEndpoint = async (ctx, pathChain) => {
    const chain = canonicalChain(pathChain);
    try {
      if (isGethHealthProbe(ctx) && !servedChains.has(chain)) {
        await nodeRpc.Call({ path: ctx.path, body: Buffer.from(CHAIN_ID_CALL) });
        servedChains.add(chain);
      }
      await serveGethHttp(ctx, async (body) => {
        if (admission) await admission.admitCalls(ctx, body);
        const known = answerFromFinals(body, chain, finals);
        if (known !== undefined) {
          answeredFromCache();
          return known;
        }
        const reply = await nodeRpc.Call({ path: ctx.path, body: Buffer.from(body) });
        for (const { key, result } of reply.final_answers) finals.set(key, Buffer.from(result));
        return reply.body.length > 0 ? reply.body : undefined;
      });
    } catch (err) {
      answerFailure(ctx, err);
    }
  };
  router.all(GETH_ROUTE, (ctx) => geth(ctx, ctx.params.chain!));
  const gorilla = async (ctx: Context) => {
    const body = await readGorillaRequest(ctx);
    if (body === undefined) return;
    await answerWith(ctx, () => nodeRpc.Call({ path: ctx.path, body: Buffer.from(body) }));
  };
  // A node answers GET /ext/health with its health report (503 when unhealthy): here, the first healthy node's.
  router.get('/ext/health', (ctx) =>
    answerWith(ctx, () => nodeRpc.Call({ path: ctx.path, body: Buffer.alloc(0), http_method: 'GET' })),
  );
  for (const path of GORILLA_PATHS) router.all(path, gorilla);
  // The C-Chain's admin API acts on the nodes: absent (as on a node with it off) unless an admin credential is
  // configured, and then only for requests that carry it.
  router.all('/ext/bc/:chain/admin', async (ctx) => {
    if (adminToken === undefined) return nodeNotFound(ctx);
    if (!carriesToken(ctx.get('authorization'), adminToken)) {
      ctx.status = 401;
      ctx.set('WWW-Authenticate', 'Bearer realm="admin"');
      ctx.type = 'text/plain; charset=utf-8';
      ctx.body = 'the admin API needs the admin credential: Authorization: Bearer <token>\n';
      return;
    }
    await gorilla(ctx);
  });
  return geth;
}

const CHAIN_ID_CALL = '{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}';

function carriesToken(authorization: string, token: string): boolean {
  const given = Buffer.from(/^Bearer (.+)$/.exec(authorization)?.[1] ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The reply to a single call whose answer node-rpc reported final, exactly as node-rpc would write it (geth's
 * envelope); undefined for anything else (a batch, an unknown answer, a body the envelope would refuse), which goes to
 * node-rpc.
 */
function answerFromFinals(body: string, chain: string, finals: FinalAnswers): Buffer | undefined {
  const call = plainCall(body);
  if (call !== undefined) {
    const result = finals.get(`${chain}\n${call.method}\n${call.params}`);
    if (result !== undefined) return gethReply(call.id, result);
  }
  return answerFromParsed(body, chain, finals);
}

function answerFromParsed(body: string, chain: string, finals: FinalAnswers): Buffer | undefined {
  if (!body.includes('"method"') || body.trimStart().startsWith('[')) return undefined;
  let message: unknown;
  try {
    message = JSON.parse(body);
  } catch {
    return undefined;
  }
  if (typeof message !== 'object' || message === null) return undefined;
  const { jsonrpc, id, method, params } = message as Record<string, unknown>;
  if (jsonrpc !== '2.0' || typeof method !== 'string' || (typeof id !== 'string' && typeof id !== 'number'))
    return undefined;
  const result = finals.get(chainAnswerKey(chain, method, params));
  if (result === undefined) return undefined;
  // geth writes the id back as the client wrote it: answered here only when that is how JSON writes it (`1`, not
  // `1.0`; a string without escapes), else node-rpc, which keeps its text, answers.
  const idText = JSON.stringify(id);
  if (!idWrittenAs(body, idText) || (typeof id === 'string' && body.includes('\\'))) return undefined;
  return gethReply(idText, result);
}

/** geth's reply to call `idText` with a result (its JSON text as UTF-8), in one buffer that is written as it is. */
function gethReply(idText: string, result: Buffer): Buffer {
  const head = `{"jsonrpc":"2.0","id":${idText},"result":`;
  const headBytes = Buffer.byteLength(head);
  const reply = Buffer.allocUnsafe(headBytes + result.length + 2);
  reply.write(head, 0, 'utf8');
  result.copy(reply, headBytes);
  reply[reply.length - 2] = CLOSE_BRACE;
  reply[reply.length - 1] = NEWLINE;
  return reply;
}

/**
 * A call written the way JSON.stringify writes one, taken apart without parsing it: exactly the members jsonrpc
 * ("2.0"), id (an integer or a string JSON writes as written), method (a name) and params (an array), in any order,
 * with no whitespace. Parsing such a body cost the cached path a tenth of its CPU (the parser interns its strings in
 * the process's string table). The params' text is not checked: it finds a kept answer only when it is the text
 * JSON.stringify gives for the params, which is valid JSON; any other body is parsed.
 */
function plainCall(body: string): { id: string; method: string; params: string } | undefined {
  const end = body.length - 1;
  if (body.charCodeAt(0) !== OPEN_BRACE || body.charCodeAt(end) !== CLOSE_BRACE) return undefined;
  let id: string | undefined;
  let method: string | undefined;
  let params: string | undefined;
  let version = false;
  let at = 1;
  for (;;) {
    let next: number;
    if (!version && body.startsWith('"jsonrpc":"2.0"', at)) {
      version = true;
      next = at + 15;
    } else if (method === undefined && body.startsWith('"method":"', at)) {
      next = nameEnd(body, at + 10);
      if (next < 0) return undefined;
      method = body.slice(at + 10, next - 1);
    } else if (id === undefined && body.startsWith('"id":', at)) {
      next = idEnd(body, at + 5);
      if (next < 0) return undefined;
      id = body.slice(at + 5, next);
    } else if (params === undefined && body.startsWith('"params":[', at)) {
      next = arrayEnd(body, at + 9);
      if (next < 0) return undefined;
      params = body.slice(at + 9, next);
    } else {
      return undefined;
    }
    if (next === end) break;
    if (body.charCodeAt(next) !== COMMA) return undefined;
    at = next + 1;
  }
  return version && id !== undefined && method !== undefined && params !== undefined
    ? { id, method, params }
    : undefined;
}

/** Past the closing quote of a method name (letters, digits, `_`) starting at `at`; -1 if it is not one. */
function nameEnd(text: string, at: number): number {
  let i = at;
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) return i > at ? i + 1 : -1;
    if (!((c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f))
      return -1;
  }
  return -1;
}

/**
 * Past an id JSON writes as it is written: an integer without sign of zero, fraction, exponent or more digits than a
 * double holds exactly, or a string without escapes or control characters; -1 for anything else.
 */
function idEnd(text: string, at: number): number {
  if (text.charCodeAt(at) === QUOTE) {
    for (let i = at + 1; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === QUOTE) return i + 1;
      if (c === BACKSLASH || c < 0x20) return -1;
    }
    return -1;
  }
  let i = text.charCodeAt(at) === MINUS ? at + 1 : at;
  const digits = i;
  while (i < text.length && text.charCodeAt(i) >= 0x30 && text.charCodeAt(i) <= 0x39) i++;
  const count = i - digits;
  if (count === 0 || count > 15 || (text.charCodeAt(digits) === 0x30 && (count > 1 || digits > at)))
    return -1;
  return i;
}

/** Past the bracket closing the array that opens at `at` (strings skipped, escapes and all); -1 if none does. */
function arrayEnd(text: string, at: number): number {
  let depth = 0;
  for (let i = at; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      for (i++; i < text.length && text.charCodeAt(i) !== QUOTE; i++)
        if (text.charCodeAt(i) === BACKSLASH) i++;
    } else if (c === OPEN_BRACKET || c === OPEN_BRACE) {
      depth++;
    } else if ((c === CLOSE_BRACKET || c === CLOSE_BRACE) && --depth === 0) {
      return i + 1;
    }
  }
  return -1;
}

const NEWLINE = 0x0a;
const QUOTE = 0x22;
const COMMA = 0x2c;
const MINUS = 0x2d;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/** Whether the body's id is written `"id":<idText>` (so not `1.0`, `1e0` or `10` for `1`). */
function idWrittenAs(body: string, idText: string): boolean {
  const at = body.indexOf(`"id":${idText}`);
  if (at < 0) return false;
  const next = body[at + 5 + idText.length];
  return next === undefined || !/[0-9.eE]/.test(next);
}

/** A node's reply as node-rpc passes it on (status, content type, body), or node-rpc's refusal. */
async function answerWith(ctx: Context, call: () => Promise<CallReply__Output>): Promise<void> {
  try {
    const reply = await call();
    ctx.status = reply.status;
    ctx.type = reply.content_type;
    ctx.body = reply.body.length > 0 ? reply.body : null;
  } catch (err) {
    answerFailure(ctx, err);
  }
}

/** node-rpc's refusals as a node's HTTP server would give them; anything else is the gateway's 500. */
function answerFailure(ctx: Context, err: unknown): void {
  if (!(err instanceof DomainError)) throw err;
  if (answerRefusal(ctx, err)) return;
  if (err.kind === 'not_found') return nodeNotFound(ctx);
  ctx.status = err.kind === 'unavailable' ? 503 : err.kind === 'invalid_argument' ? 400 : 500;
  ctx.type = 'text/plain; charset=utf-8';
  ctx.body = `${err.message}\n`;
}
