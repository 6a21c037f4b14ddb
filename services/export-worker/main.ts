import { fileURLToPath } from 'node:url';
import { Counter, Gauge } from 'prom-client';
import type { ProtoGrpcType as EvmDataProto } from '../generated/proto/evm_data.ts';
import type { ProtoGrpcType as ExportWorkerProto } from '../generated/proto/export_worker.ts';
import type { ProtoGrpcType as PrimaryNetworkProto } from '../generated/proto/primary_network.ts';
import type { ComponentContext } from '../runtime/component.ts';
import { ConfigError, env, loadConfig } from '../runtime/config.ts';
import { migrate, readMigrations } from '../runtime/database/migrate.ts';
import { createPool } from '../runtime/database/pool.ts';
import { createGrpcClient } from '../runtime/grpc/client.ts';
import { loadProto } from '../runtime/grpc/proto.ts';
import { implementService, startGrpcServer } from '../runtime/grpc/server.ts';
import { exportWorkerService } from './api/service.ts';
import { runExport, type RunResult } from './export/run-export.ts';
import { sourcesOf } from './export/sources.ts';
import { ExportJobs } from './jobs/export-jobs.ts';
import { DirectoryExportFiles, type ExportFiles } from './storage/export-files.ts';
import { MIN_PART_BYTES, ObjectStoreExportFiles, s3ClientOf } from './storage/object-store-files.ts';
import { OperationStore, type OperationRow } from './store/operations.ts';

export const SCHEMA = 'export_worker';
export const MIGRATIONS_DIR = fileURLToPath(new URL('./store/migrations/', import.meta.url));

const config = {
  DATABASE_URL: env.url(['postgres', 'postgresql']),
  REDIS_URL: env.url(['redis', 'rediss']),
  GRPC_LISTEN_ADDRESS: env.hostPort('0.0.0.0:50057'),
  EVM_DATA_ADDRESS: env.hostPort('127.0.0.1:50053'),
  PRIMARY_NETWORK_ADDRESS: env.hostPort('127.0.0.1:50052'),
  GRPC_DEADLINE_MS: env.integer(10, 600_000, 5_000),
  AVALANCHE_NETWORK: env.oneOf(['mainnet', 'fuji'], 'mainnet'),
  CHAIN_DATA_DIR: env.text('a directory', './.chain-data'),
  /** Where the files are kept: a directory (EXPORT_DIR) or an S3-compatible bucket (EXPORT_S3_*). */
  EXPORT_STORAGE: env.oneOf(['directory', 's3'], 'directory'),
  /** With directory storage; default `<CHAIN_DATA_DIR>/exports`. */
  EXPORT_DIR: env.text('a directory').optional(),
  /** With s3 storage (required then). Credentials come from the AWS SDK's default chain. */
  EXPORT_S3_BUCKET: env
    .parsed('an S3 bucket name', (v) =>
      /^[A-Za-z0-9][A-Za-z0-9._-]{1,253}[A-Za-z0-9]$/.test(v) ? v : undefined,
    )
    .optional(),
  /** Objects are `<prefix><operation id>.csv`; default `exports/`. */
  EXPORT_S3_PREFIX: env
    .parsed('an object key prefix not starting with / (at most 512 characters)', (v) =>
      !v.startsWith('/') && v.length <= 512 && !/\p{Cc}/u.test(v) ? v : undefined,
    )
    .optional(),
  /** A non-AWS store (MinIO, Ceph): its URL. */
  EXPORT_S3_ENDPOINT: env.url(['http', 'https']).optional(),
  EXPORT_S3_REGION: env
    .parsed('a region name', (v) => (/^[A-Za-z0-9][A-Za-z0-9_-]*$/.test(v) ? v : undefined))
    .optional(),
  /** Path-style URLs (`<endpoint>/<bucket>/<key>`), which most non-AWS stores need. */
  EXPORT_S3_FORCE_PATH_STYLE: env.boolean(false),
  /** Appends are held in memory up to this, per running export, before they are uploaded as a part. */
  EXPORT_S3_PART_BYTES: env.integer(MIN_PART_BYTES, 512 * 1024 * 1024, 8 * 1024 * 1024),
  EXPORT_QUEUE_PREFIX: env.text('a Redis key prefix', 'chain-data'),
  /** Run export jobs here (off: a replica that only answers the API). */
  EXPORT_JOBS_ENABLED: env.boolean(true),
  EXPORT_CONCURRENCY: env.integer(1, 64, 2),
  EXPORT_JOB_LOCK_MS: env.integer(1_000, 600_000, 30_000),
  EXPORT_MAX_STALLS: env.integer(0, 1_000, 20),
  EXPORT_JOB_ATTEMPTS: env.integer(1, 100, 5),
  EXPORT_RETRY_BACKOFF_MS: env.integer(10, 600_000, 5_000),
  EXPORT_MAX_ROWS: env.integer(1, 100_000_000, 1_000_000),
  EXPORT_MAX_BYTES: env.integer(1_024, 2 ** 40, 256 * 1024 * 1024),
  EXPORT_CHECKPOINT_BYTES: env.integer(1, 1024 * 1024 * 1024, 1024 * 1024),
  EXPORT_PAGE_SIZE: env.integer(1, 100, 100),
  EXPORT_IDEMPOTENCY_WINDOW_SECONDS: env.integer(0, 30 * 86_400, 86_400),
  EXPORT_RETENTION_DAYS: env.integer(1, 3_650, 7),
  /** How often expired exports are looked for (and removed with their files). */
  EXPORT_SWEEP_INTERVAL_MS: env.integer(100, 86_400_000, 60_000),
  EXPORT_DOWNLOAD_URL_TTL_SECONDS: env.integer(60, 7 * 86_400, 3_600),
  /** How long one day's stream of one source may take. */
  EXPORT_STREAM_DEADLINE_MS: env.integer(1_000, 3_600_000, 300_000),
};

function exportFilesOf(cfg: ReturnType<typeof loadConfig<typeof config>>): {
  files: ExportFiles;
  where: string;
  client?: { destroy(): void };
} {
  if (cfg.EXPORT_STORAGE === 'directory') {
    const dir = cfg.EXPORT_DIR ?? `${cfg.CHAIN_DATA_DIR}/exports`;
    return { files: new DirectoryExportFiles(dir), where: dir };
  }
  if (!cfg.EXPORT_S3_BUCKET)
    throw new ConfigError(
      'EXPORT_S3_BUCKET: is required while EXPORT_STORAGE is s3: expected an S3 bucket name',
    );
  const prefix = cfg.EXPORT_S3_PREFIX ?? 'exports/';
  const client = s3ClientOf({
    bucket: cfg.EXPORT_S3_BUCKET,
    prefix,
    region: cfg.EXPORT_S3_REGION ?? 'us-east-1',
    endpoint: cfg.EXPORT_S3_ENDPOINT,
    forcePathStyle: cfg.EXPORT_S3_FORCE_PATH_STYLE,
    partBytes: cfg.EXPORT_S3_PART_BYTES,
  });
  return {
    files: new ObjectStoreExportFiles(client, {
      bucket: cfg.EXPORT_S3_BUCKET,
      prefix,
      partBytes: cfg.EXPORT_S3_PART_BYTES,
    }),
    where: `s3://${cfg.EXPORT_S3_BUCKET}/${prefix}${cfg.EXPORT_S3_ENDPOINT ? ` at ${cfg.EXPORT_S3_ENDPOINT}` : ''}`,
    client,
  };
}

export async function startExportWorker(ctx: ComponentContext): Promise<void> {
  const { log } = ctx;
  const cfg = loadConfig(config);

  // Before anything starts: a storage configuration error stops the component with its one line.
  const storage = exportFilesOf(cfg);

  const pool = createPool(cfg.DATABASE_URL, ctx.name);
  ctx.onShutdown('database', () => pool.end());
  const applied = await migrate(pool, SCHEMA, await readMigrations(MIGRATIONS_DIR));
  if (applied.length > 0) log.info({ schema: SCHEMA, applied }, 'applied migrations');
  const store = new OperationStore(pool);
  const { files, where, client: objectStore } = storage;
  if (objectStore) ctx.onShutdown('object store client', () => objectStore.destroy());

  const evmData = createGrpcClient(
    loadProto<EvmDataProto>('chaindata/evmdata/v1/evm_data.proto').chaindata.evmdata.v1.EvmDataService,
    cfg.EVM_DATA_ADDRESS,
    cfg.GRPC_DEADLINE_MS,
  );
  const primaryNetwork = createGrpcClient(
    loadProto<PrimaryNetworkProto>('chaindata/primarynetwork/v1/primary_network.proto').chaindata
      .primarynetwork.v1.PrimaryNetworkService,
    cfg.PRIMARY_NETWORK_ADDRESS,
    cfg.GRPC_DEADLINE_MS,
  );
  ctx.onShutdown('upstream clients', () => {
    evmData.close();
    primaryNetwork.close();
  });

  const metrics = {
    rows: new Counter({
      name: 'chain_data_export_rows_written_total',
      help: 'CSV rows written by export runs (a resumed run counts the rows it rewrites again)',
      registers: [ctx.metrics],
    }),
    finished: new Counter({
      name: 'chain_data_exports_finished_total',
      help: 'Export operations ended, by status',
      labelNames: ['status'],
      registers: [ctx.metrics],
    }),
    queue: new Gauge({
      name: 'chain_data_export_jobs',
      help: 'Export jobs in the queue, by state',
      labelNames: ['state'],
      registers: [ctx.metrics],
    }),
    sinceProgress: new Gauge({
      name: 'chain_data_export_seconds_since_progress',
      help: 'Seconds since the least recently progressing running export here read a page (0: none runs)',
      registers: [ctx.metrics],
    }),
  };

  const jobs = new ExportJobs({
    redisUrl: cfg.REDIS_URL,
    prefix: cfg.EXPORT_QUEUE_PREFIX,
    concurrency: cfg.EXPORT_CONCURRENCY,
    lockMs: cfg.EXPORT_JOB_LOCK_MS,
    maxStalls: cfg.EXPORT_MAX_STALLS,
    attempts: cfg.EXPORT_JOB_ATTEMPTS,
    backoffMs: cfg.EXPORT_RETRY_BACKOFF_MS,
    log,
    metrics: ctx.metrics,
    run: (operationId, signal) => run(operationId, signal),
    onFailed: async (operationId, reason) => {
      if (
        await store.finish(operationId, undefined, {
          status: 'FAILED',
          code: 'ErrInternal',
          message: `the export failed: ${reason}`,
        })
      )
        metrics.finished.inc({ status: 'FAILED' });
    },
  });
  ctx.onShutdown('export jobs', () => jobs.close());

  // Runs in progress here, by operation id: when each last took a checkpoint.
  const progressAt = new Map<string, number>();
  const run = async (operationId: string, signal: AbortSignal): Promise<RunResult> => {
    const operation = await store.claim(operationId);
    if (!operation) return 'not-running';
    progressAt.set(operationId, Date.now());
    let rowsBefore = operation.checkpoint?.rows ?? 0;
    try {
      const result = await runExport(
        operation,
        sourcesOf(operation.spec, {
          evmData,
          primaryNetwork,
          streamDeadlineMs: cfg.EXPORT_STREAM_DEADLINE_MS,
          pageSize: cfg.EXPORT_PAGE_SIZE,
        }),
        {
          store,
          files,
          limits: {
            maxRows: cfg.EXPORT_MAX_ROWS,
            maxBytes: cfg.EXPORT_MAX_BYTES,
            checkpointBytes: cfg.EXPORT_CHECKPOINT_BYTES,
          },
          log,
          signal,
          onPage: () => progressAt.set(operationId, Date.now()),
          onCheckpoint: (checkpoint) => {
            metrics.rows.inc(Math.max(0, checkpoint.rows - rowsBefore));
            rowsBefore = checkpoint.rows;
          },
        },
      );
      if (result === 'finished') {
        const finished = await store.get(operationId);
        if (finished) metrics.finished.inc({ status: finished.status });
      }
      return result;
    } finally {
      progressAt.delete(operationId);
    }
  };

  // A RUNNING operation whose job the queue lost (Redis flushed, or a crash between insert and queue) is queued
  // again; one whose job failed for good without the 'failed' event reaching a worker is failed.
  const reconcile = async (operation: OperationRow): Promise<OperationRow> => {
    const state = await jobs.jobState(operation.id);
    if (state === undefined) await jobs.enqueue(operation.id);
    else if (state === 'failed')
      await store.finish(operation.id, undefined, {
        status: 'FAILED',
        code: 'ErrInternal',
        message: 'the export failed: its job ran out of attempts',
      });
    return (await store.get(operation.id)) ?? operation;
  };

  let evmChains: { at: number; chains: Set<string> } | undefined;
  const indexedEvmChains = async () => {
    // The chains evm-data indexes change rarely; asked again at most once a minute.
    if (!evmChains || Date.now() - evmChains.at > 60_000) {
      const { chains } = await evmData.unary.ListChains({ network: '' });
      evmChains = { at: Date.now(), chains: new Set(chains.map((c) => c.chainId)) };
    }
    return evmChains.chains;
  };

  const proto = loadProto<ExportWorkerProto>('chaindata/exportworker/v1/export_worker.proto');
  const definition = proto.chaindata.exportworker.v1.ExportWorkerService.service;
  const server = await startGrpcServer({
    address: cfg.GRPC_LISTEN_ADDRESS,
    log,
    services: [
      {
        name: 'chaindata.exportworker.v1.ExportWorkerService',
        definition,
        implementation: implementService(
          definition,
          log,
          exportWorkerService({
            store,
            files,
            network: cfg.AVALANCHE_NETWORK,
            evmChains: indexedEvmChains,
            enqueue: (id) => jobs.enqueue(id),
            reconcile,
            idempotencyWindowSeconds: cfg.EXPORT_IDEMPOTENCY_WINDOW_SECONDS,
            downloadUrlTtlSeconds: cfg.EXPORT_DOWNLOAD_URL_TTL_SECONDS,
          }),
        ),
      },
    ],
  });
  ctx.onShutdown('gRPC server', () => server.shutdown(ctx.shutdownTimeoutMs));

  // Readiness: the file store must be writable and the queue reachable; a run that has not moved for three lock
  // periods is stuck (a source that does not answer is retried far sooner).
  let problems: string[] = [];
  ctx.addReadinessCheck(() => problems);
  const stuckAfterMs = 3 * cfg.EXPORT_JOB_LOCK_MS + cfg.EXPORT_STREAM_DEADLINE_MS;
  const observe = async () => {
    const found: string[] = [];
    const storeProblem = await files.check();
    if (storeProblem) found.push(storeProblem);
    try {
      const counts = await jobs.counts();
      for (const [state, n] of Object.entries(counts) as [string, number][]) metrics.queue.set({ state }, n);
    } catch (err) {
      found.push(`export queue: ${(err as Error).message}`);
    }
    const oldest = Math.min(Date.now(), ...progressAt.values());
    const since = (Date.now() - oldest) / 1000;
    metrics.sinceProgress.set(since);
    if (since * 1000 > stuckAfterMs) found.push(`an export has read nothing for ${Math.round(since)} s`);
    problems = found;
  };
  const sweep = async () => {
    const retention = cfg.EXPORT_RETENTION_DAYS * 86_400;
    for (const id of await store.expired(retention, 100)) {
      await files.remove(id);
      await store.remove(id);
    }
  };
  const timer = setInterval(() => {
    observe().catch((err: Error) => log.warn({ err }, 'cannot observe the export queue'));
  }, 5_000);
  const sweeper = setInterval(() => {
    sweep().catch((err: Error) => log.warn({ err }, 'cannot remove expired exports'));
  }, cfg.EXPORT_SWEEP_INTERVAL_MS);
  ctx.onShutdown('timers', () => {
    clearInterval(timer);
    clearInterval(sweeper);
  });
  await observe();

  if (cfg.EXPORT_JOBS_ENABLED) jobs.start();
  log.info(
    {
      port: server.port,
      exports: where,
      jobs: cfg.EXPORT_JOBS_ENABLED,
      evmData: cfg.EVM_DATA_ADDRESS,
      primaryNetwork: cfg.PRIMARY_NETWORK_ADDRESS,
    },
    'export-worker started',
  );
  server.setServing(true);
  ctx.setReady(true);
}
