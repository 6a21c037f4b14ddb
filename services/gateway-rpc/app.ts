import Koa from 'koa';
import Router from '@koa/router';
import type { Logger } from '../runtime/logger.ts';
import { ContainerCache } from './container-cache.ts';
import { GETH_ROUTE, mountNodeApis, type NodeRpcClient } from './node-apis.ts';
import { mountIndexApi, type ContainerIndexClient } from '../runtime/node-api/index-api.ts';
import { batchedLookups } from '../runtime/node-api/batched-lookups.ts';
import { nodeNotFound } from '../runtime/node-api/not-found.ts';
import { isClientAbort } from '../runtime/http/request-body.ts';
import { logClientAbort, logKoaErrors } from '../runtime/http/koa-errors.ts';
import { httpServerSpans } from '../runtime/telemetry/http-server-span.ts';
import { httpMetrics } from '../runtime/http/http-metrics.ts';
import { trustForwardedFor } from '../runtime/http/client-address.ts';
import { answerRefusal, type RpcAdmission } from './rpc-admission.ts';
import { DomainError } from '../runtime/errors.ts';

/**
 * gateway-rpc: the node's HTTP APIs as real clients expect them, served from the stack's services over gRPC: the
 * Index API from the container indexer, the JSON-RPC APIs (EVM, platform, X-Chain, info, health) from node-rpc.
 * Paths outside the API answer like the node's router: 404 `404 page not found`.
 */
export function createRpcGateway(options: {
  containerIndexer: ContainerIndexClient;
  nodeRpc: NodeRpcClient;
  /** How many accepted containers to keep in memory (0: none). */
  cacheSize: number;
  /** Bytes of final EVM answers (as node-rpc reports them) to keep in memory (0: none). */
  answerCacheBytes: number;
  /** The share of requests answered from these caches that get a span (1, the default: all). */
  cacheHitTraceRatio?: number;
  /** The credential `/ext/bc/C/admin` requires; unset: the admin API is not served. */
  adminToken?: string;
  /** API keys and rate limits (the edge); absent, every caller is admitted. */
  admission?: RpcAdmission;
  trustedProxyHops?: number;
  log: Logger;
}): Koa {
  const { log, admission } = options;
  const app = new Koa();
  trustForwardedFor(app, options.trustedProxyHops);
  logKoaErrors(app, log);
  const router = new Router({ strict: true });

  // Lookups that miss the cache share gRPC calls with the others of their turn (one call costs more than its row).
  const indexes = mountIndexApi(
    router,
    batchedLookups(options.containerIndexer),
    log,
    new ContainerCache(options.cacheSize),
  );
  const geth = mountNodeApis(
    router,
    options.nodeRpc,
    options.answerCacheBytes,
    options.adminToken,
    admission,
  );
  const routes = router.routes();
  // The busiest paths, the indexes and an EVM chain's /rpc as clients spell them, are found without the router,
  // which tries every route of the gateway on every request. Any other spelling (another case, an escape, a
  // trailing slash) goes through the router, which serves it with the same handlers.
  const route = (ctx: Koa.Context): Promise<void> => {
    // The request target as sent: a path without a query is the path (parsing it would only copy it).
    const target = ctx.req.url ?? '';
    const index = indexes.get(target);
    if (index !== undefined) {
      routedAs(ctx, target);
      return admission ? admission.admitRequest(ctx, target).then(() => index(ctx)) : index(ctx);
    }
    const chain = gethChain(target);
    if (chain !== undefined) {
      routedAs(ctx, GETH_ROUTE);
      return geth(ctx, chain);
    }
    const routed = (): Promise<void> =>
      routes(ctx as Parameters<typeof routes>[0], () => Promise.resolve(nodeNotFound(ctx))) as Promise<void>;
    // An EVM chain's /rpc is admitted once its calls are read (their cost); any other path here, by the request.
    if (admission && !GETH_PATH.test(ctx.path)) return admission.admitRequest(ctx, ctx.path).then(routed);
    return routed();
  };

  app.use(httpServerSpans(undefined, { cachedAnswerRatio: options.cacheHitTraceRatio ?? 1 }));
  app.use(httpMetrics());
  if (admission) app.use(admission.requestLogger);
  // The gateway's own steps (errors, the request log, CORS, routing) in one middleware, the order they had as four.
  const logRequests = log.isLevelEnabled('debug');
  app.use(async (ctx) => {
    const started = logRequests ? performance.now() : 0;
    try {
      if (!answeredPreflight(ctx)) await route(ctx);
    } catch (err) {
      if (isClientAbort(err)) return logClientAbort(log, ctx, err);
      if (err instanceof DomainError && answerRefusal(ctx, err)) return;
      log.error({ err, method: ctx.method, path: ctx.path }, 'unexpected error');
      ctx.status = 500;
      ctx.type = 'text/plain; charset=utf-8';
      ctx.body = 'internal error\n';
      return;
    }
    if (logRequests) {
      log.debug(
        {
          method: ctx.method,
          path: ctx.path,
          status: ctx.status,
          durationMs: +(performance.now() - started).toFixed(2),
        },
        'request',
      );
    }
  });
  return app;
}

/** The chain of an EVM chain's `/rpc` as clients write it (an alias or a blockchain id: letters and digits). */
function gethChain(target: string): string | undefined {
  if (!target.startsWith('/ext/bc/') || !target.endsWith('/rpc')) return undefined;
  const chain = target.slice(8, -4);
  return CHAIN_NAME.test(chain) ? chain : undefined;
}

const CHAIN_NAME = /^[0-9A-Za-z]+$/;
const GETH_PATH = /^\/ext\/bc\/[^/]+\/rpc$/;

/** The route template a request was served under, where @koa/router records it and httpServerSpans reads it. */
function routedAs(ctx: Koa.Context, template: string): void {
  (ctx as Koa.Context & { _matchedRoute?: string })._matchedRoute = template;
}

/**
 * CORS as the node configures it (rs/cors, any origin, credentials allowed). Answers a preflight request itself
 * (true); otherwise sets the response's CORS headers and the request goes on.
 */
function answeredPreflight(ctx: Koa.Context): boolean {
  const origin = ctx.get('origin');
  if (ctx.method === 'OPTIONS' && ctx.get('access-control-request-method')) {
    ctx.vary('Origin');
    ctx.vary('Access-Control-Request-Method');
    ctx.vary('Access-Control-Request-Headers');
    if (origin) {
      ctx.set('Access-Control-Allow-Origin', '*');
      ctx.set('Access-Control-Allow-Credentials', 'true');
      ctx.set('Access-Control-Allow-Methods', ctx.get('access-control-request-method').toUpperCase());
      const headers = ctx.get('access-control-request-headers');
      if (headers) ctx.set('Access-Control-Allow-Headers', headers);
    }
    ctx.status = 200;
    return true;
  }
  // What ctx.vary('Origin') writes on a response with no Vary yet (none has one here), without parsing the header.
  ctx.res.setHeader('Vary', 'Origin');
  if (origin && (ctx.method === 'GET' || ctx.method === 'POST' || ctx.method === 'HEAD')) {
    ctx.set('Access-Control-Allow-Origin', '*');
    ctx.set('Access-Control-Allow-Credentials', 'true');
  }
  return false;
}
