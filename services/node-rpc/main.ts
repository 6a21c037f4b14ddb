import { Counter, Gauge } from 'prom-client';
import type { ProtoGrpcType } from '../generated/proto/node_rpc.ts';
import type { ComponentContext } from '../runtime/component.ts';
import { env, loadConfig } from '../runtime/config.ts';
import { loadProto } from '../runtime/grpc/proto.ts';
import { implementService, startGrpcServer } from '../runtime/grpc/server.ts';
import { canonicalChain, isChainName } from '../runtime/upstream/chain-routing.ts';
import { createUpstreamClient, requireUpstream, upstreamConfig } from '../runtime/upstream/config.ts';
import { nodeRpcService } from './api/service.ts';
import { EvmProxy } from './evm-proxy.ts';
import { ChainFollowers } from './followers.ts';

const config = {
  GRPC_LISTEN_ADDRESS: env.hostPort('0.0.0.0:50054'),
  EVM_CHAINS: env
    .parsed('a comma-separated list of C and blockchain ids (cb58)', (text) => {
      const chains = text
        .split(',')
        .map((c) => c.trim())
        .filter((c) => c !== '');
      return chains.length > 0 && chains.every(isChainName) ? chains : undefined;
    })
    .optional(),
  NODE_RPC_BATCH_LIMIT: env.integer(1, 10_000, 40),
  NODE_RPC_BATCH_RESPONSE_MAX_BYTES: env.integer(0, 1024 ** 3, 25_000_000),
  NODE_RPC_CACHE_BYTES: env.integer(0, 64 * 1024 ** 3, 256 * 1024 ** 2),
  NODE_RPC_MAX_BODY_BYTES: env.integer(1024, 64 * 1024 ** 2, 16 * 1024 ** 2),
  NODE_RPC_DEBUG_ENABLED: env.boolean(false),
  NODE_RPC_ADMIN_ENABLED: env.boolean(false),
  NODE_RPC_HEDGE_AFTER_MS: env.integer(0, 60_000, 0),
  ...upstreamConfig,
};

export async function startNodeRpc(ctx: ComponentContext): Promise<void> {
  const { log } = ctx;
  const cfg = loadConfig(config);
  const evmChains = new Set((cfg.EVM_CHAINS ?? ['C']).map(canonicalChain));
  requireUpstream(
    cfg,
    ['/ext/info', ...[...evmChains].map((chain) => `/ext/bc/${chain}/rpc`)],
    '(every call is answered by the nodes)',
  );
  const upstream = createUpstreamClient('node-rpc', cfg, log);
  ctx.onShutdown('upstream', () => upstream.close());
  const evm = new EvmProxy({
    upstream,
    cacheBytes: cfg.NODE_RPC_CACHE_BYTES,
    debugEnabled: cfg.NODE_RPC_DEBUG_ENABLED,
    hedgeAfterMs: cfg.NODE_RPC_HEDGE_AFTER_MS,
    log,
    metrics: {
      calls: new Counter({
        name: 'chain_data_node_rpc_evm_calls_total',
        help: 'EVM JSON-RPC calls answered, by source (cache, upstream) and outcome (result, error)',
        labelNames: ['source', 'outcome'],
        registers: [ctx.metrics],
      }),
      cacheBytes: new Gauge({
        name: 'chain_data_node_rpc_cache_bytes',
        help: 'Bytes of final EVM answers kept in memory',
        registers: [ctx.metrics],
      }),
      hedged: new Counter({
        name: 'chain_data_node_rpc_hedged_reads_total',
        help: 'EVM reads sent to a second node because the first was slow, by which answered first',
        labelNames: ['winner'],
        registers: [ctx.metrics],
      }),
    },
  });
  new Gauge({
    name: 'chain_data_node_rpc_upstream_healthy',
    help: 'Whether each upstream node is taking calls (1) or failed and is being probed (0)',
    labelNames: ['endpoint', 'chain'],
    registers: [ctx.metrics],
    collect() {
      this.reset();
      for (const s of upstream.status())
        this.set({ endpoint: s.url, chain: 'chain' in s ? String(s.chain) : '' }, s.healthy ? 1 : 0);
    },
  });

  const followers = new ChainFollowers(upstream, log);
  ctx.onShutdown('upstream subscriptions', () => followers.close());
  new Gauge({
    name: 'chain_data_node_rpc_head_number',
    help: 'The last block a chain’s upstream head subscription announced (chains with subscribers only)',
    labelNames: ['chain'],
    registers: [ctx.metrics],
    collect() {
      this.reset();
      for (const head of followers.lastHeads()) this.set({ chain: head.chain }, Number(head.number));
    },
  });
  new Gauge({
    name: 'chain_data_node_rpc_head_age_seconds',
    help: 'Seconds since a chain’s upstream head subscription last announced a block: a stuck subscription grows it',
    labelNames: ['chain'],
    registers: [ctx.metrics],
    collect() {
      this.reset();
      const now = Date.now();
      for (const head of followers.lastHeads()) this.set({ chain: head.chain }, (now - head.at) / 1000);
    },
  });

  const proto = loadProto<ProtoGrpcType>('chaindata/noderpc/v1/node_rpc.proto');
  const definition = proto.chaindata.noderpc.v1.NodeRpcService.service;
  const server = await startGrpcServer({
    address: cfg.GRPC_LISTEN_ADDRESS,
    log,
    services: [
      {
        name: 'chaindata.noderpc.v1.NodeRpcService',
        definition,
        implementation: implementService(
          definition,
          log,
          nodeRpcService({
            upstream,
            evm,
            followers,
            evmChains,
            batchLimits: {
              calls: cfg.NODE_RPC_BATCH_LIMIT,
              responseBytes: cfg.NODE_RPC_BATCH_RESPONSE_MAX_BYTES,
            },
            maxBodyBytes: cfg.NODE_RPC_MAX_BODY_BYTES,
            adminEnabled: cfg.NODE_RPC_ADMIN_ENABLED,
            log,
          }),
        ),
      },
    ],
  });
  ctx.onShutdown('gRPC server', () => server.shutdown(ctx.shutdownTimeoutMs));
  log.info({ port: server.port, evmChains: [...evmChains] }, 'gRPC server listening');
  server.setServing(true);
  ctx.setReady(true);
}
