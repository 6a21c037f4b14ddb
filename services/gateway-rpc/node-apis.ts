import type Router from '@koa/router';
import type { Context } from 'koa';
import type { NodeRpcServiceDefinition } from '../generated/proto/chaindata/noderpc/v1/NodeRpcService.ts';
import { DomainError } from '../runtime/errors.ts';
import type { UnaryClient } from '../runtime/grpc/client.ts';
import { readGorillaRequest } from '../runtime/gorilla-rpc/endpoint.ts';
import { serveGethHttp } from '../runtime/json-rpc/geth-envelope.ts';
import { nodeNotFound } from '../runtime/node-api/not-found.ts';

export type NodeRpcClient = UnaryClient<NodeRpcServiceDefinition>;

/** The EVM chains' geth-style endpoints. */
const GETH_PATHS = ['/ext/bc/:chain/rpc'];
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

/**
 * The node's JSON-RPC APIs, answered by node-rpc: the HTTP rules of each endpoint's style are applied here (as the
 * node applies them before reading a call), the calls there. A path node-rpc does not serve (a chain the stack does not
 * run) gets the node router's 404.
 */
export function mountNodeApis(router: Router, nodeRpc: NodeRpcClient): void {
  for (const path of GETH_PATHS) {
    router.all(path, async (ctx) => {
      try {
        await serveGethHttp(ctx, async (body) => {
          const reply = await nodeRpc.Call({ path: ctx.path, body: Buffer.from(body) });
          return reply.body.length > 0 ? reply.body.toString('utf8') : undefined;
        });
      } catch (err) {
        answerFailure(ctx, err);
      }
    });
  }
  for (const path of GORILLA_PATHS) {
    router.all(path, async (ctx) => {
      const body = await readGorillaRequest(ctx);
      if (body === undefined) return;
      try {
        const reply = await nodeRpc.Call({ path: ctx.path, body: Buffer.from(body) });
        ctx.status = reply.status;
        ctx.type = reply.content_type;
        ctx.body = reply.body.length > 0 ? reply.body : null;
      } catch (err) {
        answerFailure(ctx, err);
      }
    });
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
