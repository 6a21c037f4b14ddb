import { Counter, Gauge, Histogram } from 'prom-client';
import type { ProtoGrpcType as PrimaryNetworkProto } from '../generated/proto/primary_network.ts';
import type { ProtoGrpcType } from '../generated/proto/signature_aggregator.ts';
import { IDENTITIES } from '../runtime/avalanche/networks.ts';
import { formatNodeId } from '../runtime/formatting/address.ts';
import { ephemeralBlsSecretKey } from '../runtime/avalanche/p2p/peer.ts';
import { loadOrCreateStakingCertificate } from '../runtime/avalanche/p2p/staking-certificate.ts';
import type { ComponentContext } from '../runtime/component.ts';
import { env, loadConfig } from '../runtime/config.ts';
import { createGrpcClient } from '../runtime/grpc/client.ts';
import { loadProto } from '../runtime/grpc/proto.ts';
import { implementService, startGrpcServer } from '../runtime/grpc/server.ts';
import { createUpstreamClient, requireUpstream, upstreamConfig } from '../runtime/upstream/config.ts';
import { SignatureCache } from './aggregate/signature-cache.ts';
import { signatureAggregatorService } from './api/service.ts';
import { ValidatorPeers } from './peers/validator-peers.ts';

const config = {
  GRPC_LISTEN_ADDRESS: env.hostPort('0.0.0.0:50055'),
  PRIMARY_NETWORK_ADDRESS: env.hostPort('127.0.0.1:50052'),
  AVALANCHE_NETWORK: env.oneOf(['mainnet', 'fuji'] as const, 'mainnet'),
  CHAIN_DATA_DIR: env.text('a directory', './.chain-data'),
  /** Where the staking certificate (the aggregator's NodeID) is kept: made on first start, reused after. */
  SIGNATURE_AGGREGATOR_STAKING_DIR: env.text('a directory').optional(),
  SIGNATURE_AGGREGATOR_BUDGET_MS: env.integer(100, 600_000, 10_000),
  SIGNATURE_AGGREGATOR_APP_REQUEST_TIMEOUT_MS: env.integer(10, 60_000, 5_000),
  SIGNATURE_AGGREGATOR_REDIAL_AFTER_MS: env.integer(0, 600_000, 10_000),
  SIGNATURE_AGGREGATOR_CACHE_SIGNATURES: env.integer(0, 1 << 24, 1 << 20),
  GRPC_DEADLINE_MS: env.integer(10, 600_000, 5_000),
  ...upstreamConfig,
};

/**
 * signature-aggregator: Warp signatures collected from a subnet's validators as a peer of the Avalanche network
 * (TLS with its own staking certificate, the Handshake, ACP-118 AppRequests), verified one by one and aggregated.
 */
export async function startSignatureAggregator(ctx: ComponentContext): Promise<void> {
  const { log } = ctx;
  const cfg = loadConfig(config);
  requireUpstream(cfg, ['/ext/info'], '(the network’s peers are learnt from the nodes’ info API)');
  const network = IDENTITIES[cfg.AVALANCHE_NETWORK];
  const certificate = await loadOrCreateStakingCertificate(
    cfg.SIGNATURE_AGGREGATOR_STAKING_DIR ?? `${cfg.CHAIN_DATA_DIR}/signature-aggregator`,
  );
  log.info({ nodeId: formatNodeId(certificate.nodeId) }, 'staking certificate loaded');

  const upstream = createUpstreamClient('signature-aggregator', cfg, log);
  ctx.onShutdown('upstream', () => upstream.close());
  const peers = new ValidatorPeers({
    identity: { certificate, blsSecretKey: ephemeralBlsSecretKey() },
    peer: { networkId: network.networkId, allSubnets: true },
    upstream,
    log,
    appRequestTimeoutMs: cfg.SIGNATURE_AGGREGATOR_APP_REQUEST_TIMEOUT_MS,
    redialAfterMs: cfg.SIGNATURE_AGGREGATOR_REDIAL_AFTER_MS,
    refreshAddressesMs: 60_000,
  });
  ctx.onShutdown('validator connections', () => peers.close());
  const cache = new SignatureCache({ maxSignatures: cfg.SIGNATURE_AGGREGATOR_CACHE_SIGNATURES });

  const primaryNetworkProto = loadProto<PrimaryNetworkProto>(
    'chaindata/primarynetwork/v1/primary_network.proto',
  );
  const primaryNetwork = createGrpcClient(
    primaryNetworkProto.chaindata.primarynetwork.v1.PrimaryNetworkService,
    cfg.PRIMARY_NETWORK_ADDRESS,
    cfg.GRPC_DEADLINE_MS,
  );
  ctx.onShutdown('gRPC clients', () => primaryNetwork.close());

  const outcomes = new Counter({
    name: 'chain_data_signature_aggregator_validator_outcomes_total',
    help: 'What became of each validator asked for a signature, by outcome (signed, cached, invalid, timed-out, …)',
    labelNames: ['outcome'],
    registers: [ctx.metrics],
  });
  const requests = new Histogram({
    name: 'chain_data_signature_aggregator_request_seconds',
    help: 'Time to aggregate a request’s signatures, by result (signed, quorum_not_reached, refused)',
    labelNames: ['result'],
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [ctx.metrics],
  });
  new Gauge({
    name: 'chain_data_signature_aggregator_peers',
    help: 'Validators known (address), connected, and unreachable (last dial failed)',
    labelNames: ['state'],
    registers: [ctx.metrics],
    collect() {
      const status = peers.status();
      this.set({ state: 'known' }, status.known);
      this.set({ state: 'connected' }, status.connected);
      this.set({ state: 'unreachable' }, status.unreachable);
    },
  });
  new Gauge({
    name: 'chain_data_signature_aggregator_cached_signatures',
    help: 'Verified signatures kept, so a retry asks only the validators still missing',
    registers: [ctx.metrics],
    collect() {
      this.set(cache.stats().signatures);
    },
  });

  const service = signatureAggregatorService({
    network,
    primaryNetwork: primaryNetwork.unary,
    aggregator: {
      ask: (nodeId, request, signal) => peers.ask(nodeId, request, signal),
      cache,
      attemptTimeoutMs: cfg.SIGNATURE_AGGREGATOR_APP_REQUEST_TIMEOUT_MS,
    },
    budgetMs: cfg.SIGNATURE_AGGREGATOR_BUDGET_MS,
    observe: ({ seconds, result, validators }) => {
      requests.observe({ result }, seconds);
      for (const v of validators) outcomes.inc({ outcome: v.outcome });
    },
  });
  const proto = loadProto<ProtoGrpcType>('chaindata/signatureaggregator/v1/signature_aggregator.proto');
  const definition = proto.chaindata.signatureaggregator.v1.SignatureAggregatorService.service;
  const server = await startGrpcServer({
    address: cfg.GRPC_LISTEN_ADDRESS,
    log,
    services: [
      {
        name: 'chaindata.signatureaggregator.v1.SignatureAggregatorService',
        definition,
        implementation: implementService(definition, log, service),
      },
    ],
  });
  ctx.onShutdown('gRPC server', () => server.shutdown(ctx.shutdownTimeoutMs));
  log.info(
    { port: server.port, network: network.name, nodeId: formatNodeId(certificate.nodeId) },
    'gRPC server listening',
  );
  server.setServing(true);
  ctx.setReady(true);
}
