import Router from '@koa/router';
import Koa from 'koa';
import { INDEX_NAMES } from '../container-indexer/index-names.ts';
import { containerIndexService } from '../container-indexer/service.ts';
import type { Logger } from '../runtime/logger.ts';
import { mountIndexApi, type ContainerIndexClient } from '../runtime/node-api/index-api.ts';
import { nodeNotFound } from '../runtime/node-api/not-found.ts';
import type { Devnet } from './network.ts';

/**
 * The devnet's HTTP surface, the way an avalanchego node with indexing enabled serves it: the Index API for every
 * index (through the same lookup rules the container indexer applies to its mirror) and GET /ext/health.
 */
export function createDevnetApp(devnet: Devnet, log: Logger): Koa {
  const app = new Koa();
  const router = new Router({ strict: true });
  // The lookup service answers in process here; gateway-rpc reaches the same service over gRPC.
  const lookups = containerIndexService({
    store: devnet.containers,
    served: INDEX_NAMES,
  }) as unknown as ContainerIndexClient;
  mountIndexApi(router, lookups, log);
  router.get('/ext/health', (ctx) => {
    ctx.body = { checks: {}, healthy: true };
  });
  app.use(router.routes());
  app.use(nodeNotFound);
  return app;
}
