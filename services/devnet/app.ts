import Router from '@koa/router';
import Koa from 'koa';
import { INDEX_NAMES } from '../runtime/avalanche/index-names.ts';
import { containerIndexService } from '../container-indexer/api/service.ts';
import type { Logger } from '../runtime/logger.ts';
import { mountIndexApi, type ContainerIndexClient } from '../runtime/node-api/index-api.ts';
import { nodeNotFound } from '../runtime/node-api/not-found.ts';
import { serveGeth } from './geth-rpc/endpoint.ts';
import { optional, blockNumberOrHash, unsignedInteger } from './geth-rpc/params.ts';
import { gethMethod } from './geth-rpc/endpoint.ts';
import { evmRpcMethods, resolveBlock } from './evm/rpc.ts';
import {
  SUBNET_EVM_FEE_CONFIG,
  subnetEvmActivePrecompiles,
  subnetEvmActiveRules,
} from './evm/chain-config.ts';
import { mountMetadata } from './metadata.ts';
import { mountPeerFaults, type DevnetPeers } from './peers.ts';
import { mountPlatformLag, platformApi, type PlatformLag } from './platform-api.ts';
import { avaxApi } from './evm/avax-api.ts';
import { xChainApi } from './x-chain-api.ts';
import { infoApi } from './info-api.ts';
import { l1ValidatorsApi } from './evm/validators-api.ts';
import { adminApi } from './evm/admin-api.ts';
import { serveGorilla } from '../runtime/gorilla-rpc/endpoint.ts';
import type { Devnet } from './network.ts';
import type { EvmWebSockets } from './websockets.ts';
import { httpServerSpans } from '../runtime/telemetry/http-server-span.ts';
import { logKoaErrors } from '../runtime/http/koa-errors.ts';
import { NODE_DEFAULT_BATCH_LIMITS } from '../runtime/json-rpc/geth-envelope.ts';

/**
 * The devnet's HTTP surface, the way an avalanchego node with indexing enabled serves it: the Index API for every
 * index (through the same lookup rules the container indexer applies to its mirror), the C-Chain's and the L1's
 * EVM JSON-RPC, the NFT metadata its collections point at, and GET /ext/health.
 */
export interface DevnetAppOptions {
  /**
   * The validators listening as Avalanche peers: `info.peers` lists them and the fault route switches theirs.
   * Without them the node has no peers.
   */
  peers?: DevnetPeers;
  /** How far the platform API lags behind the P-Chain's tip (a fault for tests; none by default). */
  platformLag?: PlatformLag;
  /** Where the EVM chains' WebSocket endpoints are served (the HTTP server's upgrades), when they are. */
  websockets?: EvmWebSockets;
}

export function createDevnetApp(devnet: Devnet, log: Logger, options: DevnetAppOptions = {}): Koa {
  const app = new Koa();
  // A client gone mid-reply (an indexer stopped while it fetched) is a debug line, not Koa's stderr trace.
  logKoaErrors(app, log);
  app.use(httpServerSpans());
  const router = new Router({ strict: true });
  // The lookup service answers in process here; gateway-rpc reaches the same service over gRPC.
  const lookups = containerIndexService({
    store: devnet.containers,
    served: INDEX_NAMES,
  }) as unknown as ContainerIndexClient;
  mountIndexApi(router, lookups, log);
  const cMethods = evmRpcMethods(devnet.cChain);
  const l1Methods = evmRpcMethods({
    ...devnet.l1Chain,
    extraMethods: {
      // The devnet's L1 never changes its fees: the genesis configuration holds at every height.
      eth_feeConfig: gethMethod([optional(blockNumberOrHash)], (selector) => {
        resolveBlock(devnet.l1Chain.chain, selector);
        return { feeConfig: SUBNET_EVM_FEE_CONFIG, lastChangedAt: 0 };
      }),
      // Deprecated in Subnet-EVM in favour of eth_getActiveRulesAt, still served.
      eth_getActivePrecompilesAt: gethMethod([optional(unsignedInteger)], (timestamp) =>
        subnetEvmActivePrecompiles(
          timestamp ?? devnet.l1Chain.chain.head.header.timestamp,
          devnet.parameters.genesisTimeSeconds,
        ),
      ),
      eth_getActiveRulesAt: gethMethod([optional(unsignedInteger)], (timestamp) =>
        subnetEvmActiveRules(
          devnet.parameters.identity,
          devnet.l1.evmChainId,
          timestamp ?? devnet.l1Chain.chain.head.header.timestamp,
          devnet.parameters.genesisTimeSeconds,
        ),
      ),
    },
  });
  for (const [entry, methods] of [
    [devnet.cChain, cMethods],
    [devnet.l1Chain, l1Methods],
  ] as const) {
    for (const alias of entry.aliases) {
      router.all(`/ext/bc/${alias}/rpc`, (ctx) => serveGeth(ctx, { methods, log }));
      options.websockets?.serve(alias, entry.chain, methods);
    }
  }
  const avax = avaxApi(devnet);
  for (const alias of devnet.cChain.aliases) {
    router.all(`/ext/bc/${alias}/avax`, (ctx) => serveGorilla(ctx, avax, log));
  }
  const platformLag = options.platformLag ?? { blocks: 0n };
  const platform = platformApi(devnet, platformLag);
  router.all('/ext/bc/P', (ctx) => serveGorilla(ctx, platform, log));
  const avm = xChainApi(devnet);
  for (const path of [
    '/ext/bc/X',
    '/ext/bc/avm',
    '/ext/X',
    '/ext/avm',
    `/ext/bc/${devnet.parameters.identity.xChainId}`,
  ]) {
    router.all(path, (ctx) => serveGorilla(ctx, avm, log));
  }
  const info = infoApi(devnet, options.peers);
  router.all('/ext/info', (ctx) => serveGorilla(ctx, info, log));
  mountPlatformLag(router, platformLag);
  // The devnet's C-Chain is configured as an archival node with its admin API on.
  const admin = adminApi({
    'admin-api-enabled': true,
    'pruning-enabled': false,
    'batch-request-limit': NODE_DEFAULT_BATCH_LIMITS.calls,
    'batch-response-max-size': NODE_DEFAULT_BATCH_LIMITS.responseBytes,
    'eth-apis': [
      'eth',
      'eth-filter',
      'net',
      'web3',
      'internal-eth',
      'internal-blockchain',
      'internal-transaction',
      'internal-debug',
      'debug-tracer',
      'internal-tx-pool',
    ],
  });
  for (const alias of devnet.cChain.aliases) {
    router.all(`/ext/bc/${alias}/admin`, (ctx) => serveGorilla(ctx, admin, log));
  }
  const l1Validators = l1ValidatorsApi(devnet);
  router.all(`/ext/bc/${devnet.l1.blockchainId}/validators`, (ctx) => serveGorilla(ctx, l1Validators, log));
  if (options.peers) mountPeerFaults(router, options.peers);
  mountMetadata(router);
  // Not a node API: how `chain-data up` learns which EVM chains the devnet runs (the L1's ids derive from its
  // P-Chain transactions).
  router.get('/ext/devnet/chains', (ctx) => {
    ctx.body = {
      network: devnet.parameters.identity.name,
      cChain: {
        blockchainId: devnet.parameters.identity.cChainId,
        evmChainId: devnet.parameters.identity.evmChainId,
      },
      l1: devnet.l1,
    };
  });
  // Not a node API either: a node is given its genesis, and so is an indexer that must know the genesis UTXOs.
  router.get('/ext/devnet/genesis', (ctx) => {
    ctx.body = devnet.genesisConfig;
  });
  router.get('/ext/health', (ctx) => {
    ctx.body = { checks: {}, healthy: true };
  });
  app.use(router.routes());
  app.use(nodeNotFound);
  return app;
}
