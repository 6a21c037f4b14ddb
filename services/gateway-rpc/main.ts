import type { ProtoGrpcType } from '../generated/proto/container_indexer.ts';
import type { ProtoGrpcType as NodeRpcProto } from '../generated/proto/node_rpc.ts';
import type { ComponentContext } from '../runtime/component.ts';
import { closeServer } from '../runtime/component.ts';
import { ConfigError, env, loadConfig } from '../runtime/config.ts';
import { createGrpcClient } from '../runtime/grpc/client.ts';
import { loadProto } from '../runtime/grpc/proto.ts';
import { createRpcGateway } from './app.ts';
import { GatewayWebSockets } from './websockets.ts';
import { edgeConfig, startEdge } from '../edge/start-edge.ts';
import { rpcAdmission } from './rpc-admission.ts';
import { GETH_ROUTE } from './node-apis.ts';

const MIN_ADMIN_TOKEN_LENGTH = 32;
/**
 * A span adds about a fifth to the CPU of an answer served from the gateway's caches (docs/benchmarks.md): one in ten
 * keeps it, which still shows what they take, while every request that reaches node-rpc or the indexer is traced.
 */
const DEFAULT_CACHE_HIT_TRACE_RATIO = 0.1;

function parseRatio(text: string): number | undefined {
  const ratio = /^\d+(\.\d+)?$/.test(text) ? Number(text) : NaN;
  return ratio >= 0 && ratio <= 1 ? ratio : undefined;
}

const config = {
  HTTP_HOST: env.text('a host name or address', '0.0.0.0'),
  HTTP_PORT: env.port(9650),
  CONTAINER_INDEXER_ADDRESS: env.hostPort('127.0.0.1:50051'),
  NODE_RPC_ADDRESS: env.hostPort('127.0.0.1:50054'),
  /** node-rpc's calls wait for nodes (and retry them): a longer deadline than the other services' lookups. */
  NODE_RPC_DEADLINE_MS: env.integer(100, 600_000, 30_000),
  GRPC_DEADLINE_MS: env.integer(10, 600_000, 5_000),
  GATEWAY_CACHE_SIZE: env.integer(0, 10_000_000, 10_000),
  GATEWAY_ANSWER_CACHE_BYTES: env.integer(0, 64 * 1024 ** 3, 64 * 1024 ** 2),
  GATEWAY_CACHE_HIT_TRACE_RATIO: env.parsed('a number from 0 to 1', parseRatio).optional(),
  GATEWAY_WS_MAX_BUFFERED_BYTES: env.integer(1024, 1024 ** 3, 4 * 1024 ** 2),
  GATEWAY_RPC_ADMIN_TOKEN: env.text(`a secret of at least ${MIN_ADMIN_TOKEN_LENGTH} characters`).optional(),
  ...edgeConfig,
};

export async function startRpcGateway(ctx: ComponentContext): Promise<void> {
  const cfg = loadConfig(config);
  // Checked here rather than in the schema: loadConfig quotes a bad value, and this one is a secret.
  if (
    cfg.GATEWAY_RPC_ADMIN_TOKEN !== undefined &&
    cfg.GATEWAY_RPC_ADMIN_TOKEN.length < MIN_ADMIN_TOKEN_LENGTH
  )
    throw new ConfigError(
      `GATEWAY_RPC_ADMIN_TOKEN: expected at least ${MIN_ADMIN_TOKEN_LENGTH} characters, got ${cfg.GATEWAY_RPC_ADMIN_TOKEN.length}`,
    );
  const proto = loadProto<ProtoGrpcType>('chaindata/containerindexer/v1/container_indexer.proto');
  const containerIndexer = createGrpcClient(
    proto.chaindata.containerindexer.v1.ContainerIndexService,
    cfg.CONTAINER_INDEXER_ADDRESS,
    cfg.GRPC_DEADLINE_MS,
  );
  const nodeRpc = createGrpcClient(
    loadProto<NodeRpcProto>('chaindata/noderpc/v1/node_rpc.proto').chaindata.noderpc.v1.NodeRpcService,
    cfg.NODE_RPC_ADDRESS,
    cfg.NODE_RPC_DEADLINE_MS,
  );
  ctx.onShutdown('gRPC clients', () => {
    containerIndexer.close();
    nodeRpc.close();
  });

  const edge = await startEdge(ctx);
  const app = createRpcGateway({
    containerIndexer: containerIndexer.unary,
    nodeRpc: nodeRpc.unary,
    cacheSize: cfg.GATEWAY_CACHE_SIZE,
    answerCacheBytes: cfg.GATEWAY_ANSWER_CACHE_BYTES,
    cacheHitTraceRatio: cfg.GATEWAY_CACHE_HIT_TRACE_RATIO ?? DEFAULT_CACHE_HIT_TRACE_RATIO,
    ...(cfg.GATEWAY_RPC_ADMIN_TOKEN ? { adminToken: cfg.GATEWAY_RPC_ADMIN_TOKEN } : {}),
    ...(edge
      ? { admission: rpcAdmission(edge.edge, GETH_ROUTE), trustedProxyHops: edge.trustedProxyHops }
      : {}),
    log: ctx.log,
  });
  const server = app.listen(cfg.HTTP_PORT, cfg.HTTP_HOST);
  await new Promise<void>((resolve, reject) => server.once('listening', resolve).once('error', reject));
  ctx.onShutdown('HTTP server', () => closeServer(server, ctx.shutdownTimeoutMs));
  const websockets = new GatewayWebSockets({
    nodeRpc,
    maxBufferedBytes: cfg.GATEWAY_WS_MAX_BUFFERED_BYTES,
    log: ctx.log,
  });
  server.on('upgrade', websockets.upgrade);
  ctx.onShutdown('WebSockets', () => websockets.close());
  const address = server.address();
  ctx.log.info(
    { port: typeof address === 'object' && address ? address.port : cfg.HTTP_PORT },
    'HTTP server listening',
  );
  ctx.setReady(true);
}
