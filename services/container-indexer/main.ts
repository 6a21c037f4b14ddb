import { fileURLToPath } from 'node:url';
import { Counter, Gauge } from 'prom-client';
import type { ProtoGrpcType } from '../generated/proto/container_indexer.ts';
import type { ComponentContext } from '../runtime/component.ts';
import { env, loadConfig } from '../runtime/config.ts';
import { migrate, readMigrations } from '../runtime/database/migrate.ts';
import { createPool } from '../runtime/database/pool.ts';
import { loadProto } from '../runtime/grpc/proto.ts';
import { implementService, startGrpcServer } from '../runtime/grpc/server.ts';
import { followerHealthConfig, followerHealthOf } from '../runtime/follow/follower-health.ts';
import { createUpstreamClient, requireUpstream, upstreamConfig } from '../runtime/upstream/config.ts';
import { IndexFollower } from './ingest/follower.ts';
import { INDEX_NAMES, indexPath, MAX_FETCHED_BY_RANGE } from '../runtime/avalanche/index-names.ts';
import { containerIndexService } from './api/service.ts';
import { applyIndexingMode } from './ingest/indexing-mode.ts';
import { ContainerStore } from './store/container-store.ts';

export const SCHEMA = 'container_indexer';
export const MIGRATIONS_DIR = fileURLToPath(new URL('./store/migrations/', import.meta.url));

const config = {
  DATABASE_URL: env.url(['postgres', 'postgresql']),
  GRPC_LISTEN_ADDRESS: env.hostPort('0.0.0.0:50051'),
  INDEX_ENABLED: env.boolean(true),
  INDEX_ALLOW_INCOMPLETE: env.boolean(false),
  INDEXER_INDEXES: env.listOf(INDEX_NAMES, INDEX_NAMES),
  INDEXER_BATCH_SIZE: env.integer(2, MAX_FETCHED_BY_RANGE, MAX_FETCHED_BY_RANGE),
  INDEXER_POLL_INTERVAL_MS: env.integer(10, 3_600_000, 1_000),
  INDEXER_MAX_BACKOFF_MS: env.integer(10, 3_600_000, 30_000),
  ...upstreamConfig,
  ...followerHealthConfig,
};

export async function startContainerIndexer(ctx: ComponentContext): Promise<void> {
  const { log } = ctx;
  const cfg = loadConfig(config);
  if (cfg.INDEX_ENABLED)
    requireUpstream(cfg, cfg.INDEXER_INDEXES.map(indexPath), 'when INDEX_ENABLED is true');

  const pool = createPool(cfg.DATABASE_URL, ctx.name);
  ctx.onShutdown('database', () => pool.end());
  const applied = await migrate(pool, SCHEMA, await readMigrations(MIGRATIONS_DIR));
  if (applied.length > 0) log.info({ schema: SCHEMA, applied }, 'applied migrations');

  const store = new ContainerStore(pool);
  await applyIndexingMode(store, cfg.INDEXER_INDEXES, {
    enabled: cfg.INDEX_ENABLED,
    allowIncomplete: cfg.INDEX_ALLOW_INCOMPLETE,
  });

  // Ingestion starts first so that its shutdown step runs after the server's: at SIGTERM health turns
  // NOT_SERVING and in-flight calls drain before ingestion stops and the database closes.
  if (cfg.INDEX_ENABLED) {
    const upstream = createUpstreamClient('index', cfg, log);
    const metrics = {
      containersIndexed: new Counter({
        name: 'chain_data_containers_indexed_total',
        help: 'Containers stored, by index',
        labelNames: ['index'],
        registers: [ctx.metrics],
      }),
      nextIndex: new Gauge({
        name: 'chain_data_index_next',
        help: 'Next index to store, by index',
        labelNames: ['index'],
        registers: [ctx.metrics],
      }),
      failures: new Counter({
        name: 'chain_data_indexing_failures_total',
        help: 'Failed indexing steps, by index',
        labelNames: ['index'],
        registers: [ctx.metrics],
      }),
    };
    // Every index's failure counter from the start (at 0), so that queries over it find it before a first failure.
    for (const indexName of cfg.INDEXER_INDEXES) metrics.failures.inc({ index: indexName }, 0);
    const health = followerHealthOf(ctx, cfg);
    const abort = new AbortController();
    const running = cfg.INDEXER_INDEXES.map((indexName) =>
      new IndexFollower({
        indexName,
        store,
        upstream,
        batchSize: cfg.INDEXER_BATCH_SIZE,
        pollIntervalMs: cfg.INDEXER_POLL_INTERVAL_MS,
        maxBackoffMs: cfg.INDEXER_MAX_BACKOFF_MS,
        log,
        metrics,
        report: health.follower(`index ${indexName}`),
      }).run(abort.signal),
    );
    ctx.onShutdown('indexing', async () => {
      abort.abort();
      await Promise.allSettled(running);
      upstream.close();
    });
  }

  const proto = loadProto<ProtoGrpcType>('chaindata/containerindexer/v1/container_indexer.proto');
  const service = proto.chaindata.containerindexer.v1.ContainerIndexService.service;
  const server = await startGrpcServer({
    address: cfg.GRPC_LISTEN_ADDRESS,
    log,
    services: [
      {
        name: 'chaindata.containerindexer.v1.ContainerIndexService',
        definition: service,
        implementation: implementService(
          service,
          log,
          containerIndexService({ store, served: cfg.INDEX_ENABLED ? cfg.INDEXER_INDEXES : [] }),
        ),
      },
    ],
  });
  ctx.onShutdown('gRPC server', () => server.shutdown(ctx.shutdownTimeoutMs));
  log.info(
    { port: server.port, indexes: cfg.INDEXER_INDEXES, indexing: cfg.INDEX_ENABLED },
    'gRPC server listening',
  );

  server.setServing(true);
  ctx.setReady(true);
}
