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
import { serveGethHttp } from '../runtime/json-rpc/geth-envelope.ts';
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
): GethEndpoint {
  // The answers node-rpc reported final (about accepted blocks): a call asking one again is answered here, without
  // the hop to node-rpc.
  const finals = new FinalAnswers(answerCacheBytes);
  // The chains node-rpc has answered for: geth's health probe (an empty GET) on another is the router's 404.
  const servedChains = new Set<string>();
  const geth: GethEndpoint = async (ctx, pathChain) => {
    const chain = canonicalChain(pathChain);
    try {
      if (isGethProbe(ctx) && !servedChains.has(chain)) {
        await nodeRpc.Call({ path: ctx.path, body: Buffer.from(CHAIN_ID_CALL) });
        servedChains.add(chain);
      }
      await serveGethHttp(ctx, async (body) => {
        const known = answerFromFinals(body, chain, finals);
        if (known !== undefined) {
          answeredFromCache();
          return known;
        }
        const reply = await nodeRpc.Call({ path: ctx.path, body: Buffer.from(body) });
        for (const { key, result } of reply.final_answers) finals.set(key, result);
        return reply.body.length > 0 ? reply.body.toString('utf8') : undefined;
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

/** geth's health probe: a GET with no body and no query, which it answers 200 without reading a call. */
function isGethProbe(ctx: Context): boolean {
  return ctx.method === 'GET' && !ctx.get('content-length') && ctx.querystring === '';
}

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
function answerFromFinals(body: string, chain: string, finals: FinalAnswers): string | undefined {
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
  return `{"jsonrpc":"2.0","id":${idText},"result":${result}}\n`;
}

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
  if (err.kind === 'not_found') return nodeNotFound(ctx);
  ctx.status = err.kind === 'unavailable' ? 503 : err.kind === 'invalid_argument' ? 400 : 500;
  ctx.type = 'text/plain; charset=utf-8';
  ctx.body = `${err.message}\n`;
}
