import { fileURLToPath } from 'node:url';
import { Counter, Gauge } from 'prom-client';
import type { ProtoGrpcType } from '../generated/proto/evm_data.ts';
import { IDENTITIES } from '../runtime/avalanche/networks.ts';
import type { ComponentContext } from '../runtime/component.ts';
import { ConfigError, env, loadConfig } from '../runtime/config.ts';
import { migrate, readMigrations } from '../runtime/database/migrate.ts';
import { createPool } from '../runtime/database/pool.ts';
import { loadProto } from '../runtime/grpc/proto.ts';
import { implementService, startGrpcServer } from '../runtime/grpc/server.ts';
import { loadPriceFile, NO_PRICES } from '../runtime/prices/price-source.ts';
import { backoffDelay, sleep } from '../runtime/upstream/backoff.ts';
import { followerHealthConfig, followerHealthOf } from '../runtime/follow/follower-health.ts';
import { createUpstreamClient, requireUpstream, upstreamConfig } from '../runtime/upstream/config.ts';
import {
  chainEntry,
  ChainRegistry,
  describeChain,
  loadCuratedMetadata,
  NO_CURATED_METADATA,
  type EvmChain,
} from './chains.ts';
import { BlockFetcher } from './ingest/block-fetcher.ts';
import { ChainIngester } from './ingest/chain-ingester.ts';
import { ContractProbe } from './ingest/contract-probe.ts';
import { IngestWriter } from './store/writer.ts';
import { NativeBalances } from './api/native-balances.ts';
import { NftMetadataJobs } from './ingest/nft-metadata/metadata-jobs.ts';
import { MetadataSweep, upstreamTokenUris } from './ingest/nft-metadata/token-source.ts';
import { EvmDataReader } from './store/reader.ts';
import { evmDataService } from './api/service.ts';

export const SCHEMA = 'evm_data';
export const MIGRATIONS_DIR = fileURLToPath(new URL('./store/migrations/', import.meta.url));

const config = {
  DATABASE_URL: env.url(['postgres', 'postgresql']),
  REDIS_URL: env.url(['redis', 'rediss']).optional(),
  GRPC_LISTEN_ADDRESS: env.hostPort('0.0.0.0:50053'),
  AVALANCHE_NETWORK: env.oneOf(['mainnet', 'fuji'] as const, 'mainnet'),
  EVM_CHAINS: env.text('a comma-separated list of C and blockchain ids (cb58)', 'C'),
  EVM_INGEST_ENABLED: env.boolean(true),
  EVM_INGEST_BLOCKS_IN_FLIGHT: env.integer(1, 1024, 64),
  EVM_INGEST_BLOCKS_PER_REQUEST: env.integer(1, 100, 10),
  EVM_INGEST_BATCH_BLOCKS: env.integer(1, 10_000, 100),
  EVM_INGEST_POLL_INTERVAL_MS: env.integer(10, 3_600_000, 1_000),
  EVM_INGEST_MAX_BACKOFF_MS: env.integer(10, 3_600_000, 30_000),
  EVM_METADATA_FILE: env.text('a file path').optional(),
  EVM_BALANCE_CACHE_ENTRIES: env.integer(0, 10_000_000, 100_000),
  NFT_METADATA_ENABLED: env.boolean(true),
  NFT_METADATA_CONCURRENCY: env.integer(1, 256, 8),
  NFT_METADATA_TIMEOUT_MS: env.integer(100, 600_000, 10_000),
  NFT_METADATA_MAX_BYTES: env.integer(1_024, 100 * 1024 * 1024, 1024 * 1024),
  NFT_METADATA_QUEUE_PREFIX: env.text('a Redis key prefix', 'chain-data'),
  IPFS_GATEWAY_URL: env.url(['http', 'https']).default('https://ipfs.io'),
  PRICE_HISTORY_FILE: env.text('a file path').optional(),
  ...upstreamConfig,
  ...followerHealthConfig,
};

export async function startEvmData(ctx: ComponentContext): Promise<void> {
  const { log } = ctx;
  const cfg = loadConfig(config);
  if (cfg.NFT_METADATA_ENABLED && !cfg.REDIS_URL)
    throw new ConfigError(
      'REDIS_URL: is required while NFT_METADATA_ENABLED is true (metadata fetches are queued jobs): expected a redis:// URL',
    );
  const identity = IDENTITIES[cfg.AVALANCHE_NETWORK];
  const entries = cfg.EVM_CHAINS.split(',')
    .map((e) => e.trim())
    .filter((e) => e !== '');
  let chainEntries;
  try {
    chainEntries = entries.map((e) => chainEntry(e, identity));
  } catch (err) {
    throw new ConfigError(`EVM_CHAINS: ${(err as Error).message}`);
  }
  requireUpstream(
    cfg,
    chainEntries.map((e) => e.rpcPath),
    '(blocks, receipts, traces and balances come from the nodes)',
  );
  const curated = cfg.EVM_METADATA_FILE
    ? await loadCuratedMetadata(cfg.EVM_METADATA_FILE)
    : NO_CURATED_METADATA;
  const prices = cfg.PRICE_HISTORY_FILE ? await loadPriceFile(cfg.PRICE_HISTORY_FILE) : NO_PRICES;

  const pool = createPool(cfg.DATABASE_URL, ctx.name);
  ctx.onShutdown('database', () => pool.end());
  const applied = await migrate(pool, SCHEMA, await readMigrations(MIGRATIONS_DIR));
  if (applied.length > 0) log.info({ schema: SCHEMA, applied }, 'applied migrations');

  const upstream = createUpstreamClient('evm', cfg, log);
  ctx.onShutdown('upstream', () => upstream.close());
  const writer = new IngestWriter(pool);
  const reader = new EvmDataReader(pool);

  // Chains join the registry once their EVM chain id is known: from an earlier run's registration at once, else
  // when their node first answers, so a node that is down does not keep the service from serving what it has.
  // requireUpstream made sure every chain followed has nodes.
  const registry = new ChainRegistry([], identity, (rpcPath) => upstream.baseUrl(rpcPath)!);
  const abort = new AbortController();
  ctx.onShutdown('chain discovery', () => abort.abort());
  const resolveChain = async (entry: (typeof chainEntries)[number]): Promise<EvmChain | undefined> => {
    const known = await writer.registeredChain(entry.blockchainId);
    if (known) return { ...describeChain(entry, known.evmChainId, identity, curated), id: known.id };
    const fetcher = new BlockFetcher(upstream, entry.rpcPath);
    for (let attempt = 0; !abort.signal.aborted; attempt++) {
      try {
        const evmChainId = await fetcher.chainId(abort.signal);
        const { id } = await writer.registerChain(entry.blockchainId, evmChainId);
        return { ...describeChain(entry, evmChainId, identity, curated), id };
      } catch (err) {
        if (abort.signal.aborted) break;
        log.warn(
          { rpc: entry.rpcPath, err: (err as Error).message },
          'cannot ask the chain its id yet; retrying',
        );
        await sleep(backoffDelay(attempt, 500, 30_000), abort.signal).catch(() => {});
      }
    }
    return undefined;
  };

  let metadataJobs: NftMetadataJobs | undefined;
  if (cfg.NFT_METADATA_ENABLED) {
    metadataJobs = new NftMetadataJobs({
      redisUrl: cfg.REDIS_URL!,
      prefix: cfg.NFT_METADATA_QUEUE_PREFIX,
      concurrency: cfg.NFT_METADATA_CONCURRENCY,
      log,
      reader: upstreamTokenUris(upstream, registry),
      store: {
        saveTokenMetadata: (results) =>
          reader.saveTokenMetadata(
            // `reason` explains a failure to the logs; it is not part of the token's metadata.
            results.map(({ chainKey, contract, tokenId, tokenUri, outcome, fetchedAt }) => {
              const { indexStatus, reason: _reason, ...metadata } = outcome;
              return {
                chain: Number(chainKey),
                contract: Buffer.from(contract.slice(2), 'hex'),
                tokenId,
                tokenUri,
                indexStatus,
                metadata,
                fetchedAt,
              };
            }),
          ),
      },
      fetchOptions: {
        ipfsGatewayUrl: cfg.IPFS_GATEWAY_URL,
        timeoutMs: cfg.NFT_METADATA_TIMEOUT_MS,
        maxBytes: cfg.NFT_METADATA_MAX_BYTES,
      },
    });
    metadataJobs.start();
    const jobs = metadataJobs;
    ctx.onShutdown('metadata jobs', () => jobs.close());
  }
  const sweep = metadataJobs && new MetadataSweep(reader, metadataJobs, log);

  if (cfg.EVM_INGEST_ENABLED) {
    const metrics = {
      blocks: new Counter({
        name: 'chain_data_evm_blocks_ingested_total',
        help: 'EVM blocks ingested, by chain',
        labelNames: ['chain'],
        registers: [ctx.metrics],
      }),
      transactions: new Counter({
        name: 'chain_data_evm_transactions_ingested_total',
        help: 'EVM transactions ingested, by chain',
        labelNames: ['chain'],
        registers: [ctx.metrics],
      }),
      failures: new Counter({
        name: 'chain_data_evm_ingest_failures_total',
        help: 'Failed ingestion steps, by chain',
        labelNames: ['chain'],
        registers: [ctx.metrics],
      }),
      nextBlock: new Gauge({
        name: 'chain_data_evm_next_block',
        help: 'Next block ingestion reads, by chain',
        labelNames: ['chain'],
        registers: [ctx.metrics],
      }),
      headBlock: new Gauge({
        name: 'chain_data_evm_head_block',
        help: 'The upstream head last seen, by chain',
        labelNames: ['chain'],
        registers: [ctx.metrics],
      }),
    };
    const health = followerHealthOf(ctx, cfg);
    // Chains more than a write batch behind their head: NFT metadata waits while there is any.
    const behind = new Set<number>();
    const backlog = (chain: number, isBehind: boolean) => {
      if (isBehind) behind.add(chain);
      else behind.delete(chain);
      metadataJobs?.wait(behind.size > 0);
    };
    const running = chainEntries.map(async (entry) => {
      const chain = await resolveChain(entry);
      if (!chain) return;
      registry.add(chain);
      // The chain's failure counter from the start (at 0), so that queries over it find it before a first failure.
      metrics.failures.inc({ chain: chain.evmChainId.toString() }, 0);
      const ingester = new ChainIngester({
        chain: { id: chain.id, name: chain.evmChainId.toString() },
        fetcher: new BlockFetcher(upstream, chain.rpcPath),
        probe: new ContractProbe(upstream, chain.rpcPath),
        writer,
        blocksInFlight: cfg.EVM_INGEST_BLOCKS_IN_FLIGHT,
        blocksPerRequest: cfg.EVM_INGEST_BLOCKS_PER_REQUEST,
        batchBlocks: cfg.EVM_INGEST_BATCH_BLOCKS,
        pollIntervalMs: cfg.EVM_INGEST_POLL_INTERVAL_MS,
        maxBackoffMs: cfg.EVM_INGEST_MAX_BACKOFF_MS,
        log,
        metrics,
        report: health.follower(`chain ${chain.evmChainId}`),
        onBacklog: (isBehind) => backlog(chain.id, isBehind),
        ...(metadataJobs
          ? {
              onDiscovered: (id, tokens) =>
                metadataJobs.enqueue(
                  tokens.map((t) => ({
                    chainKey: String(id),
                    contract: `0x${t.contract.toString('hex')}`,
                    tokenId: t.tokenId.toString(),
                    ercType: t.ercType === 721 ? ('ERC-721' as const) : ('ERC-1155' as const),
                    reason: 'discovered' as const,
                  })),
                ),
            }
          : {}),
        onCaughtUp: async () => {
          await writer.analyze();
          sweep?.start(abort.signal);
        },
      });
      await ingester.run(await writer.cursor(chain.id), abort.signal);
    });
    ctx.onShutdown('ingestion', async () => {
      abort.abort();
      await Promise.all(running);
    });
  } else {
    for (const entry of chainEntries) void resolveChain(entry).then((chain) => chain && registry.add(chain));
  }

  const proto = loadProto<ProtoGrpcType>('chaindata/evmdata/v1/evm_data.proto');
  const definition = proto.chaindata.evmdata.v1.EvmDataService.service;
  const server = await startGrpcServer({
    address: cfg.GRPC_LISTEN_ADDRESS,
    log,
    services: [
      {
        name: 'chaindata.evmdata.v1.EvmDataService',
        definition,
        implementation: implementService(
          definition,
          log,
          evmDataService({
            registry,
            reader,
            balances: new NativeBalances(upstream, cfg.EVM_BALANCE_CACHE_ENTRIES),
            prices,
            curated,
            metadataQueue: metadataJobs,
          }),
        ),
      },
    ],
  });
  ctx.onShutdown('gRPC server', () => server.shutdown(ctx.shutdownTimeoutMs));
  log.info(
    {
      port: server.port,
      network: cfg.AVALANCHE_NETWORK,
      chains: entries,
    },
    'gRPC server listening',
  );
  server.setServing(true);
  ctx.setReady(true);
}
