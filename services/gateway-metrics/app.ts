import type Koa from 'koa';
import Router from '@koa/router';
import type { Logger } from '../runtime/logger.ts';
import type { PageTokens } from '../runtime/pagination/page-token.ts';
import { createRestApp, mountRoute, type RestAdmission } from '../runtime/rest/gateway.ts';
import { API_KEY_HEADERS } from '../edge/edge.ts';
import { buildOpenApiDocument } from '../runtime/rest/openapi.ts';
import { mountReferencePage } from '../runtime/rest/reference-page.ts';
import { METRICS_ROUTES, type MetricsClient, type MetricsRouteServices } from './routes.ts';

/**
 * gateway-metrics: the Metrics API over HTTP at its own base URL, answered by the metrics service over gRPC. As
 * gateway-data (the same runtime/rest machinery): bad parameters are 400s naming the parameter, the service's errors
 * map by their gRPC status, unknown paths are NestJS's 404, all in the API's error body. The Metrics API needs no
 * key (§5), but it is rate limited as every route is (§8): callers without a key at the unauthenticated tier, and a
 * Data API key, when one is sent, spends its own tier's budget.
 */
export interface MetricsGatewayOptions {
  metrics: MetricsClient;
  pageTokens: PageTokens;
  log: Logger;
  /** API keys and rate limits (the edge); absent, every caller is admitted. */
  admission?: RestAdmission;
  trustedProxyHops?: number;
  /** The version the OpenAPI document carries. */
  version?: string;
}

const OPENAPI_PATH = '/openapi.json';

export function createMetricsGateway(options: MetricsGatewayOptions): Koa {
  const services: MetricsRouteServices = { metrics: options.metrics, pageTokens: options.pageTokens };
  const openApiDocument = buildOpenApiDocument(METRICS_ROUTES, {
    title: 'Metrics API (chain-data gateway-metrics)',
    version: options.version ?? '0.1.0',
    description:
      'The EVM chain metrics of the Avalanche Metrics API, served by a self-hosted chain-data stack from what it ' +
      'indexed. Response bodies are the components of the same names in the official Metrics API OpenAPI document.',
    apiName: 'Metrics API',
  });

  const router = new Router();
  router.get(OPENAPI_PATH, (ctx) => {
    ctx.body = openApiDocument;
  });
  mountReferencePage(router, OPENAPI_PATH, 'Metrics API reference (chain-data gateway-metrics)');
  for (const route of METRICS_ROUTES) mountRoute(router, route, services, options.admission);
  return createRestApp({
    log: options.log,
    router,
    corsHeaders: API_KEY_HEADERS,
    ...(options.admission ? { admission: options.admission } : {}),
    ...(options.trustedProxyHops ? { trustedProxyHops: options.trustedProxyHops } : {}),
  });
}
