import type { ProtoGrpcType as MetricsProto } from '../generated/proto/metrics.ts';
import type { ComponentContext } from '../runtime/component.ts';
import { env, loadConfig } from '../runtime/config.ts';
import { createGrpcClient } from '../runtime/grpc/client.ts';
import { loadProto } from '../runtime/grpc/proto.ts';
import { createPageTokens } from '../runtime/pagination/page-token.ts';
import { checkPageTokenSecret, listenHttp, PAGE_TOKEN_SECRET_SETTING } from '../runtime/rest/serve.ts';
import { createMetricsGateway } from './app.ts';
import { edgeConfig, startEdge } from '../edge/start-edge.ts';
import { METRICS_API } from '../edge/limits/weights.ts';

const config = {
  HTTP_HOST: env.text('a host name or address', '0.0.0.0'),
  HTTP_PORT: env.port(8090),
  METRICS_ADDRESS: env.hostPort('127.0.0.1:50056'),
  GRPC_DEADLINE_MS: env.integer(10, 600_000, 5_000),
  PAGE_TOKEN_SECRET: PAGE_TOKEN_SECRET_SETTING,
  ...edgeConfig,
};

export async function startMetricsGateway(ctx: ComponentContext): Promise<void> {
  const cfg = loadConfig(config);
  checkPageTokenSecret(cfg.PAGE_TOKEN_SECRET);
  // The client connects lazily: gateway-metrics is ready without the service (a call while it is down is a 503).
  const metricsProto = loadProto<MetricsProto>('chaindata/metrics/v1/metrics.proto');
  const metrics = createGrpcClient(
    metricsProto.chaindata.metrics.v1.MetricsService,
    cfg.METRICS_ADDRESS,
    cfg.GRPC_DEADLINE_MS,
  );
  ctx.onShutdown('gRPC clients', () => metrics.close());

  const edge = await startEdge(ctx);
  const app = createMetricsGateway({
    metrics: metrics.unary,
    pageTokens: createPageTokens({ secret: cfg.PAGE_TOKEN_SECRET, log: ctx.log }),
    log: ctx.log,
    ...(edge
      ? {
          admission: edge.edge.restAdmission('metrics', METRICS_API),
          trustedProxyHops: edge.trustedProxyHops,
        }
      : {}),
  });
  await listenHttp(ctx, app, cfg.HTTP_PORT, cfg.HTTP_HOST);
  ctx.setReady(true);
}
