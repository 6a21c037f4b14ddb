import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Counter, Gauge } from 'prom-client';
import type { ProtoGrpcType as ContainerIndexerProto } from '../generated/proto/container_indexer.ts';
import type { ProtoGrpcType } from '../generated/proto/primary_network.ts';
import { IDENTITIES, type NetworkIdentity } from '../runtime/avalanche/networks.ts';
import type { ComponentContext } from '../runtime/component.ts';
import { env, loadConfig } from '../runtime/config.ts';
import { migrate, readMigrations } from '../runtime/database/migrate.ts';
import { createPool } from '../runtime/database/pool.ts';
import { followerHealthConfig, followerHealthOf } from '../runtime/follow/follower-health.ts';
import { createGrpcClient } from '../runtime/grpc/client.ts';
import { loadProto } from '../runtime/grpc/proto.ts';
import { implementService, startGrpcServer } from '../runtime/grpc/server.ts';
import { loadPriceFile, NO_PRICES } from '../runtime/prices/price-source.ts';
import { createUpstreamClient, requireUpstream, upstreamConfig } from '../runtime/upstream/config.ts';
import { PROJECTED_INDEXES, Projector, type ContainerStream } from './ingest/projector.ts';
import { AVAX_ASSET, networkContext } from './network.ts';
import { fetchGenesisConfig, parseGenesisConfig } from './ingest/genesis.ts';
import { ProjectionWriter } from './store/writer.ts';
import { PrimaryNetworkReader } from './store/reader.ts';
import { StakingReader } from './store/staking.ts';
import { StakingActivityReader } from './store/staking-activity.ts';
import { TimeFrameValidatorsReader } from './store/looking-glass.ts';
import { platformValidators } from './platform-validators.ts';
import { HoldingsReader } from './store/holdings.ts';
import { platformSupply } from './platform-supply.ts';
import { primaryNetworkService } from './api/service.ts';
import { platformRewards, PLATFORM_PATH } from './platform-rewards.ts';

export const SCHEMA = 'primary_network';
export const MIGRATIONS_DIR = fileURLToPath(new URL('./store/migrations/', import.meta.url));

const config = {
  DATABASE_URL: env.url(['postgres', 'postgresql']),
  GRPC_LISTEN_ADDRESS: env.hostPort('0.0.0.0:50052'),
  CONTAINER_INDEXER_ADDRESS: env.hostPort('127.0.0.1:50051'),
  AVALANCHE_NETWORK: env.oneOf(['mainnet', 'fuji'] as const, 'mainnet'),
  PROJECTION_ENABLED: env.boolean(true),
  PROJECTION_BATCH_SIZE: env.integer(1, 10_000, 256),
  PROJECTION_POLL_INTERVAL_MS: env.integer(10, 3_600_000, 1_000),
  PROJECTION_MAX_BACKOFF_MS: env.integer(10, 3_600_000, 30_000),
  GRPC_DEADLINE_MS: env.integer(10, 600_000, 5_000),
  PRICE_HISTORY_FILE: env.text('a file path').optional(),
  GENESIS_CONFIG: env.text('a file path or an http(s) URL').optional(),
  ...upstreamConfig,
  ...followerHealthConfig,
};

/** How long one StreamContainers call may run before the projection reopens it from its cursor. */
const STREAM_DEADLINE_MS = 10 * 60_000;

export async function startPrimaryNetwork(ctx: ComponentContext): Promise<void> {
  const { log } = ctx;
  const cfg = loadConfig(config);
  requireUpstream(cfg, [PLATFORM_PATH], '(reward UTXOs and potential rewards come from the nodes)');
  const network = networkContext(IDENTITIES[cfg.AVALANCHE_NETWORK]);

  const pool = createPool(cfg.DATABASE_URL, ctx.name);
  ctx.onShutdown('database', () => pool.end());
  const applied = await migrate(pool, SCHEMA, await readMigrations(MIGRATIONS_DIR));
  if (applied.length > 0) log.info({ schema: SCHEMA, applied }, 'applied migrations');

  const writer = new ProjectionWriter(pool);
  await writer.ensureAsset({
    id: network.avaxAssetId,
    name: AVAX_ASSET.name,
    symbol: AVAX_ASSET.symbol,
    denomination: AVAX_ASSET.denomination,
    assetType: 'secp256k1',
    cap: 'variable',
    createdTimestamp: 0n,
  });
  const upstream = createUpstreamClient('platform', cfg, log);
  ctx.onShutdown('upstream', () => upstream.close());
  const rewards = platformRewards(upstream);

  if (cfg.PROJECTION_ENABLED) {
    const indexerProto = loadProto<ContainerIndexerProto>(
      'chaindata/containerindexer/v1/container_indexer.proto',
    );
    const indexer = createGrpcClient(
      indexerProto.chaindata.containerindexer.v1.ContainerIndexService,
      cfg.CONTAINER_INDEXER_ADDRESS,
      cfg.GRPC_DEADLINE_MS,
    );
    const stream: ContainerStream = (indexName, afterIndex) =>
      indexer.streaming.StreamContainers(
        {
          index_name: indexName,
          ...(afterIndex !== undefined ? { after_index: afterIndex.toString() } : {}),
        },
        STREAM_DEADLINE_MS,
      );
    const health = followerHealthOf(ctx, cfg);
    const genesis = genesisSource(cfg.GENESIS_CONFIG, network.identity);
    if (!genesis)
      log.warn(
        'GENESIS_CONFIG is unset: genesis UTXOs are not indexed, and transactions that spend them list no consumed UTXOs',
      );
    const projectionFailures = new Counter({
      name: 'chain_data_projection_failures_total',
      help: 'Failed projection steps',
      labelNames: ['index'],
      registers: [ctx.metrics],
    });
    // The projector counts its failures as index "all": at 0 from the start, so that queries over it find it.
    projectionFailures.inc({ index: 'all' }, 0);
    const projector = new Projector({
      reports: Object.fromEntries(
        PROJECTED_INDEXES.map((index) => [index, health.follower(`projection ${index}`)]),
      ),
      ctx: network,
      writer,
      stream,
      rewards,
      ...(genesis ? { genesis } : {}),
      batchSize: cfg.PROJECTION_BATCH_SIZE,
      pollIntervalMs: cfg.PROJECTION_POLL_INTERVAL_MS,
      maxBackoffMs: cfg.PROJECTION_MAX_BACKOFF_MS,
      log,
      metrics: {
        containersProjected: new Counter({
          name: 'chain_data_containers_projected_total',
          help: 'Containers projected into primary-network data, by index',
          labelNames: ['index'],
          registers: [ctx.metrics],
        }),
        nextIndex: new Gauge({
          name: 'chain_data_projection_next_index',
          help: 'Next container index the projection reads, by index',
          labelNames: ['index'],
          registers: [ctx.metrics],
        }),
        failures: projectionFailures,
        waitingForHeight: new Gauge({
          name: 'chain_data_projection_waiting_for_p_chain_height',
          help: 'The P-Chain height the projection waits for an upstream node to reach (0: waits for none)',
          registers: [ctx.metrics],
        }),
      },
    });
    const abort = new AbortController();
    const running = projector.run(abort.signal);
    ctx.onShutdown('projection', async () => {
      abort.abort();
      await running;
      indexer.close();
    });
  }

  const proto = loadProto<ProtoGrpcType>('chaindata/primarynetwork/v1/primary_network.proto');
  const definition = proto.chaindata.primarynetwork.v1.PrimaryNetworkService.service;
  const reader = new PrimaryNetworkReader(pool, network);
  const server = await startGrpcServer({
    address: cfg.GRPC_LISTEN_ADDRESS,
    log,
    services: [
      {
        name: 'chaindata.primarynetwork.v1.PrimaryNetworkService',
        definition,
        implementation: implementService(
          definition,
          log,
          primaryNetworkService({
            ctx: network,
            reader,
            staking: new StakingReader(pool, reader),
            stakingActivity: new StakingActivityReader(pool),
            timeFrameValidators: new TimeFrameValidatorsReader(pool),
            validatorNodes: platformValidators(upstream),
            holdings: new HoldingsReader(pool),
            potentialRewards: rewards,
            supply: platformSupply(upstream),
            prices: cfg.PRICE_HISTORY_FILE ? await loadPriceFile(cfg.PRICE_HISTORY_FILE) : NO_PRICES,
          }),
        ),
      },
    ],
  });
  ctx.onShutdown('gRPC server', () => server.shutdown(ctx.shutdownTimeoutMs));
  log.info(
    { port: server.port, network: cfg.AVALANCHE_NETWORK, projection: cfg.PROJECTION_ENABLED },
    'gRPC server listening',
  );
  server.setServing(true);
  ctx.setReady(true);
}

/**
 * Where the projection reads the genesis configuration. A file is read (and checked) once, at start, so that a
 * wrong path stops the service; a URL (the devnet's) is fetched when the projection needs it, and retried.
 */
function genesisSource(location: string | undefined, identity: NetworkIdentity) {
  if (location === undefined) return undefined;
  if (/^https?:\/\//.test(location))
    return (signal?: AbortSignal) => fetchGenesisConfig(location, identity, signal);
  const config = parseGenesisConfig(readFileSync(location, 'utf8'), identity, location);
  return () => Promise.resolve(config);
}
