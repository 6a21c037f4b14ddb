import { fileURLToPath } from 'node:url';
import { Counter, Gauge } from 'prom-client';
import type { ProtoGrpcType as EvmDataProto } from '../generated/proto/evm_data.ts';
import type { ProtoGrpcType as MetricsProto } from '../generated/proto/metrics.ts';
import type { ProtoGrpcType as PrimaryNetworkProto } from '../generated/proto/primary_network.ts';
import type { ComponentContext } from '../runtime/component.ts';
import { env, loadConfig } from '../runtime/config.ts';
import { migrate, readMigrations } from '../runtime/database/migrate.ts';
import { createPool } from '../runtime/database/pool.ts';
import { followerHealthConfig, followerHealthOf } from '../runtime/follow/follower-health.ts';
import { createGrpcClient } from '../runtime/grpc/client.ts';
import { loadProto } from '../runtime/grpc/proto.ts';
import { implementService, startGrpcServer } from '../runtime/grpc/server.ts';
import { sleep } from '../runtime/upstream/backoff.ts';
import { ChainFollower, type ActivityStream } from './ingest/chain-follower.ts';
import type { Network } from './ingest/rollup.ts';
import { metricsService } from './api/service.ts';
import { startStakingFollower } from './ingest/start-staking.ts';
import { RollupReader } from './store/reader.ts';
import { RollupWriter, type ChainIdentity } from './store/writer.ts';

export const SCHEMA = 'metrics';
export const MIGRATIONS_DIR = fileURLToPath(new URL('./store/migrations/', import.meta.url));

const config = {
  DATABASE_URL: env.url(['postgres', 'postgresql']),
  GRPC_LISTEN_ADDRESS: env.hostPort('0.0.0.0:50056'),
  EVM_DATA_ADDRESS: env.hostPort('127.0.0.1:50053'),
  PRIMARY_NETWORK_ADDRESS: env.hostPort('127.0.0.1:50052'),
  GRPC_DEADLINE_MS: env.integer(10, 600_000, 5_000),
  METRICS_ROLLUP_ENABLED: env.boolean(true),
  /** Blocks rolled up per database transaction. */
  METRICS_ROLLUP_BATCH_BLOCKS: env.integer(1, 10_000, 500),
  /** How often a caught-up chain asks evm-data for new blocks: "refreshed several times per hour" at most this late. */
  METRICS_ROLLUP_POLL_INTERVAL_MS: env.integer(10, 3_600_000, 5_000),
  METRICS_ROLLUP_MAX_BACKOFF_MS: env.integer(10, 3_600_000, 30_000),
  /** How often the chains evm-data indexes are listed again, to follow the ones added since. */
  METRICS_CHAIN_DISCOVERY_INTERVAL_MS: env.integer(100, 3_600_000, 60_000),
  /** The staking metrics, rolled up from primary-network's P-Chain (with METRICS_ROLLUP_ENABLED). */
  METRICS_STAKING_ENABLED: env.boolean(true),
  ...followerHealthConfig,
};

/** How long one StreamBlockActivity call may run before the follower reopens it from its cursor. */
const STREAM_DEADLINE_MS = 10 * 60_000;

export async function startMetrics(ctx: ComponentContext): Promise<void> {
  const { log } = ctx;
  const cfg = loadConfig(config);

  const pool = createPool(cfg.DATABASE_URL, ctx.name);
  ctx.onShutdown('database', () => pool.end());
  const applied = await migrate(pool, SCHEMA, await readMigrations(MIGRATIONS_DIR));
  if (applied.length > 0) log.info({ schema: SCHEMA, applied }, 'applied migrations');
  const writer = new RollupWriter(pool);

  // The services whose indexes feed the rollups (and answer the queries the rollups cannot), through their gRPC APIs.
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

  if (cfg.METRICS_ROLLUP_ENABLED) {
    const stream: ActivityStream = async function* (evmChainId, afterBlock, signal) {
      const messages = evmData.streaming.StreamBlockActivity(
        { chain_id: evmChainId, ...(afterBlock !== undefined ? { after_block: afterBlock.toString() } : {}) },
        STREAM_DEADLINE_MS,
      );
      for await (const message of messages) {
        // Breaking off the iteration cancels the call.
        if (signal.aborted) return;
        yield message;
      }
    };
    const ingested = new Map<string, bigint>();
    let statusAsked = 0;
    const upstreamNext = async (evmChainId: string): Promise<bigint | undefined> => {
      // One status call serves every chain's step for a poll interval.
      if (Date.now() - statusAsked >= cfg.METRICS_ROLLUP_POLL_INTERVAL_MS) {
        statusAsked = Date.now();
        const status = await evmData.unary.GetIngestionStatus({});
        for (const c of status.chains) ingested.set(c.evm_chain_id, BigInt(c.next_block));
      }
      return ingested.get(evmChainId);
    };
    const metrics = {
      blocks: new Counter({
        name: 'chain_data_metrics_blocks_rolled_up_total',
        help: 'EVM blocks rolled up into the metrics, by chain',
        labelNames: ['chain'],
        registers: [ctx.metrics],
      }),
      failures: new Counter({
        name: 'chain_data_metrics_rollup_failures_total',
        help: 'Failed rollup steps, by chain',
        labelNames: ['chain'],
        registers: [ctx.metrics],
      }),
      nextBlock: new Gauge({
        name: 'chain_data_metrics_next_block',
        help: 'Next block the rollups read, by chain',
        labelNames: ['chain'],
        registers: [ctx.metrics],
      }),
      chains: new Gauge({
        name: 'chain_data_metrics_chains_followed',
        help: 'EVM chains whose blocks are rolled up',
        registers: [ctx.metrics],
      }),
    };
    const health = followerHealthOf(ctx, cfg);
    const abort = new AbortController();
    const followed = new Map<string, Promise<void>>();
    const follow = async (evmChainId: string, network: Network, identity: ChainIdentity) => {
      await writer.registerChain(evmChainId, network, identity);
      // The chain's failure counter from the start (at 0), so that queries over it find it before a first failure.
      metrics.failures.inc({ chain: evmChainId }, 0);
      const follower = new ChainFollower({
        chain: { evmChainId, network },
        stream,
        writer,
        batchBlocks: cfg.METRICS_ROLLUP_BATCH_BLOCKS,
        pollIntervalMs: cfg.METRICS_ROLLUP_POLL_INTERVAL_MS,
        maxBackoffMs: cfg.METRICS_ROLLUP_MAX_BACKOFF_MS,
        log,
        metrics,
        report: health.follower(`chain ${evmChainId}`),
        upstreamNext: () => upstreamNext(evmChainId),
        onCaughtUp: () => writer.analyze(),
      });
      await follower.run(abort.signal);
    };
    // The chains evm-data indexes, listed at start (retried until it answers) and again now and then.
    const discovery = (async () => {
      let failures = 0;
      while (!abort.signal.aborted) {
        let delay = cfg.METRICS_CHAIN_DISCOVERY_INTERVAL_MS;
        try {
          const { chains } = await evmData.unary.ListChains({ network: '' });
          failures = 0;
          for (const chain of chains) {
            if (followed.has(chain.chainId)) continue;
            const network: Network = chain.isTestnet ? 'testnet' : 'mainnet';
            log.info({ chain: chain.chainId, network }, 'following a chain');
            followed.set(
              chain.chainId,
              follow(chain.chainId, network, {
                blockchainId: chain.platformChainId ?? '',
                chainName: chain.chainName,
                subnetId: chain.subnetId ?? '',
              }).catch((err: Error) => {
                log.error({ chain: chain.chainId, err: err.message }, 'cannot follow this chain');
                followed.delete(chain.chainId);
              }),
            );
          }
          metrics.chains.set(followed.size);
        } catch (err) {
          failures++;
          delay = Math.min(delay, cfg.METRICS_ROLLUP_POLL_INTERVAL_MS * 2 ** Math.min(failures, 6));
          log.warn(
            { err: (err as Error).message, retryInMs: delay },
            'cannot list the chains evm-data indexes yet',
          );
        }
        await sleep(delay, abort.signal).catch(() => {});
      }
    })();
    // The staking follower: the P-Chain's staking facts, through primary-network's StreamStakingActivity.
    if (cfg.METRICS_STAKING_ENABLED)
      startStakingFollower(ctx, {
        pool,
        primaryNetwork,
        streamDeadlineMs: STREAM_DEADLINE_MS,
        batchBlocks: cfg.METRICS_ROLLUP_BATCH_BLOCKS,
        pollIntervalMs: cfg.METRICS_ROLLUP_POLL_INTERVAL_MS,
        maxBackoffMs: cfg.METRICS_ROLLUP_MAX_BACKOFF_MS,
        report: health.follower('staking'),
      });
    ctx.onShutdown('rollups', async () => {
      abort.abort();
      await discovery;
      await Promise.all(followed.values());
    });
  }

  const proto = loadProto<MetricsProto>('chaindata/metrics/v1/metrics.proto');
  const definition = proto.chaindata.metrics.v1.MetricsService.service;
  const server = await startGrpcServer({
    address: cfg.GRPC_LISTEN_ADDRESS,
    log,
    services: [
      {
        name: 'chaindata.metrics.v1.MetricsService',
        definition,
        implementation: implementService(
          definition,
          log,
          metricsService({
            reader: new RollupReader(pool),
            pool,
            evmData: evmData.unary,
            primaryNetwork: primaryNetwork.unary,
          }),
        ),
      },
    ],
  });
  ctx.onShutdown('gRPC server', () => server.shutdown(ctx.shutdownTimeoutMs));
  log.info(
    {
      port: server.port,
      evmData: cfg.EVM_DATA_ADDRESS,
      primaryNetwork: cfg.PRIMARY_NETWORK_ADDRESS,
      rollups: cfg.METRICS_ROLLUP_ENABLED,
    },
    'metrics started',
  );
  server.setServing(true);
  ctx.setReady(true);
}
