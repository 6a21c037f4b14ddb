import type { ProtoGrpcType as EvmDataProto } from '../generated/proto/evm_data.ts';
import type { ProtoGrpcType as ExportWorkerProto } from '../generated/proto/export_worker.ts';
import type { ProtoGrpcType as PrimaryNetworkProto } from '../generated/proto/primary_network.ts';
import type { ProtoGrpcType as SignatureAggregatorProto } from '../generated/proto/signature_aggregator.ts';
import type { ComponentContext } from '../runtime/component.ts';
import { env, loadConfig } from '../runtime/config.ts';
import { createGrpcClient } from '../runtime/grpc/client.ts';
import { loadProto } from '../runtime/grpc/proto.ts';
import { createPageTokens } from '../runtime/pagination/page-token.ts';
import { checkPageTokenSecret, listenHttp, PAGE_TOKEN_SECRET_SETTING } from '../runtime/rest/serve.ts';
import { createDataGateway } from './app.ts';
import { createDownloadLinks } from './export-downloads.ts';
import { edgeConfig, startEdge } from '../edge/start-edge.ts';
import { DATA_API } from '../edge/limits/weights.ts';

const config = {
  HTTP_HOST: env.text('a host name or address', '0.0.0.0'),
  HTTP_PORT: env.port(8080),
  PRIMARY_NETWORK_ADDRESS: env.hostPort('127.0.0.1:50052'),
  EVM_DATA_ADDRESS: env.hostPort('127.0.0.1:50053'),
  SIGNATURE_AGGREGATOR_ADDRESS: env.hostPort('127.0.0.1:50055'),
  EXPORT_WORKER_ADDRESS: env.hostPort('127.0.0.1:50057'),
  /** How long an export's download link is valid. */
  EXPORT_DOWNLOAD_LINK_TTL_SECONDS: env.integer(60, 7 * 86_400, 3_600),
  /** The origin download links name (behind a proxy that rewrites it); default: the request's. */
  PUBLIC_URL: env.url(['http', 'https']).optional(),
  // Collecting signatures takes longer than a read: the aggregator's own budget, plus the hop.
  SIGNATURE_AGGREGATOR_DEADLINE_MS: env.integer(10, 600_000, 12_000),
  GRPC_DEADLINE_MS: env.integer(10, 600_000, 5_000),
  PAGE_TOKEN_SECRET: PAGE_TOKEN_SECRET_SETTING,
  ...edgeConfig,
};

export async function startDataGateway(ctx: ComponentContext): Promise<void> {
  const cfg = loadConfig(config);
  checkPageTokenSecret(cfg.PAGE_TOKEN_SECRET);
  // The clients connect lazily: gateway-data is ready without its services (a call to one that is down is a 503).
  const primaryNetworkProto = loadProto<PrimaryNetworkProto>(
    'chaindata/primarynetwork/v1/primary_network.proto',
  );
  const primaryNetwork = createGrpcClient(
    primaryNetworkProto.chaindata.primarynetwork.v1.PrimaryNetworkService,
    cfg.PRIMARY_NETWORK_ADDRESS,
    cfg.GRPC_DEADLINE_MS,
  );
  const evmDataProto = loadProto<EvmDataProto>('chaindata/evmdata/v1/evm_data.proto');
  const evmData = createGrpcClient(
    evmDataProto.chaindata.evmdata.v1.EvmDataService,
    cfg.EVM_DATA_ADDRESS,
    cfg.GRPC_DEADLINE_MS,
  );
  const signatureAggregatorProto = loadProto<SignatureAggregatorProto>(
    'chaindata/signatureaggregator/v1/signature_aggregator.proto',
  );
  const signatureAggregator = createGrpcClient(
    signatureAggregatorProto.chaindata.signatureaggregator.v1.SignatureAggregatorService,
    cfg.SIGNATURE_AGGREGATOR_ADDRESS,
    cfg.SIGNATURE_AGGREGATOR_DEADLINE_MS,
  );
  const exportWorker = createGrpcClient(
    loadProto<ExportWorkerProto>('chaindata/exportworker/v1/export_worker.proto').chaindata.exportworker.v1
      .ExportWorkerService,
    cfg.EXPORT_WORKER_ADDRESS,
    cfg.GRPC_DEADLINE_MS,
  );
  ctx.onShutdown('gRPC clients', () => {
    exportWorker.close();
    primaryNetwork.close();
    evmData.close();
    signatureAggregator.close();
  });

  const edge = await startEdge(ctx);
  const app = createDataGateway({
    primaryNetwork: primaryNetwork.unary,
    evmData: evmData.unary,
    signatureAggregator: signatureAggregator.unary,
    exportWorker: exportWorker.unary,
    exportFiles: exportWorker.streaming,
    downloadLinks: createDownloadLinks({
      secret: cfg.PAGE_TOKEN_SECRET,
      ttlSeconds: cfg.EXPORT_DOWNLOAD_LINK_TTL_SECONDS,
      ...(cfg.PUBLIC_URL ? { origin: cfg.PUBLIC_URL.replace(/\/+$/, '') } : {}),
    }),
    pageTokens: createPageTokens({ secret: cfg.PAGE_TOKEN_SECRET, log: ctx.log }),
    log: ctx.log,
    ...(edge
      ? {
          admission: edge.edge.restAdmission('data', DATA_API),
          usage: edge.usage,
          trustedProxyHops: edge.trustedProxyHops,
          edgeHealth: edge.healthIndicators,
        }
      : {}),
  });
  await listenHttp(ctx, app, cfg.HTTP_PORT, cfg.HTTP_HOST);
  ctx.setReady(true);
}
