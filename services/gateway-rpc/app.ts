import Koa from 'koa';
import Router from '@koa/router';
import type { Logger } from '../runtime/logger.ts';
import { ContainerCache } from './container-cache.ts';
import { mountNodeApis, type NodeRpcClient } from './node-apis.ts';
import { mountIndexApi, type ContainerIndexClient } from '../runtime/node-api/index-api.ts';
import { nodeNotFound } from '../runtime/node-api/not-found.ts';
import { isClientAbort } from '../runtime/http/request-body.ts';
import { logClientAbort, logKoaErrors } from '../runtime/http/koa-errors.ts';
import { httpServerSpans } from '../runtime/telemetry/http-server-span.ts';

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
  /** The credential `/ext/bc/C/admin` requires; unset: the admin API is not served. */
  adminToken?: string;
  log: Logger;
}): Koa {
  const { log } = options;
  const app = new Koa();
  logKoaErrors(app, log);
  const router = new Router({ strict: true });

  mountIndexApi(router, options.containerIndexer, log, new ContainerCache(options.cacheSize));
  mountNodeApis(router, options.nodeRpc, options.answerCacheBytes, options.adminToken);

  app.use(httpServerSpans());
  app.use(async (ctx, next) => {
    try {
      await next();
    } catch (err) {
      if (isClientAbort(err)) return logClientAbort(log, ctx, err);
      log.error({ err, method: ctx.method, path: ctx.path }, 'unexpected error');
      ctx.status = 500;
      ctx.type = 'text/plain; charset=utf-8';
      ctx.body = 'internal error\n';
    }
  });
  if (log.isLevelEnabled('debug')) {
    app.use(async (ctx, next) => {
      const started = performance.now();
      await next();
      log.debug(
        {
          method: ctx.method,
          path: ctx.path,
          status: ctx.status,
          durationMs: +(performance.now() - started).toFixed(2),
        },
        'request',
      );
    });
  }
  app.use(cors);
  app.use(router.routes());
  app.use(nodeNotFound);
  return app;
}

/** CORS as the node configures it (rs/cors, any origin, credentials allowed). */
async function cors(ctx: Koa.Context, next: Koa.Next): Promise<void> {
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
    return;
  }
  ctx.vary('Origin');
  if (origin && ['GET', 'POST', 'HEAD'].includes(ctx.method)) {
    ctx.set('Access-Control-Allow-Origin', '*');
    ctx.set('Access-Control-Allow-Credentials', 'true');
  }
  await next();
}
