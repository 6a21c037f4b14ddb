import type Koa from 'koa';
import Router from '@koa/router';
import type { Logger } from '../runtime/logger.ts';
import type { PageTokens } from '../runtime/pagination/page-token.ts';
import { createRestApp, mountRoute, type RestAdmission } from '../runtime/rest/gateway.ts';
import { buildOpenApiDocument } from '../runtime/rest/openapi.ts';
import { mountReferencePage } from '../runtime/rest/reference-page.ts';
import { API_KEY_HEADERS } from '../edge/edge.ts';
import type { StartedEdge } from '../edge/start-edge.ts';
import {
  DATA_ROUTES,
  type EvmDataClient,
  type ExportWorkerClient,
  type PrimaryNetworkClient,
  type RouteServices,
  type SignatureAggregatorClient,
} from './routes/index.ts';
import { ICM_AGGREGATE_SIGNATURES_PATH, icmAggregateSignatures } from './icm-signature-aggregator-api.ts';
import type { ExportWorkerServiceDefinition } from '../generated/proto/chaindata/exportworker/v1/ExportWorkerService.ts';
import type { StreamingClient } from '../runtime/grpc/client.ts';
import { EXPORT_FILE_PATH, exportFileDownload, type DownloadLinks } from './export-downloads.ts';
import type { UsageReader } from '../edge/store/usage-reader.ts';

/** A file of the export limit's size streams in well under this over a cluster's network. */
const DEFAULT_DOWNLOAD_DEADLINE_MS = 30 * 60_000;

/**
 * gateway-data: the Data API over HTTP, answered from the stack's services over gRPC. Every failure leaves as the
 * API's error body `{message, statusCode, error}`: bad parameters as 400s naming the parameter, the services'
 * errors by their gRPC status, anything unexpected as a logged (with its trace id) generic 500 (see
 * runtime/rest/gateway.ts).
 */
export interface DataGatewayOptions {
  primaryNetwork: PrimaryNetworkClient;
  evmData: EvmDataClient;
  signatureAggregator: SignatureAggregatorClient;
  exportWorker: ExportWorkerClient;
  /** ReadExportFile, which the download links stream. */
  exportFiles: StreamingClient<ExportWorkerServiceDefinition>;
  downloadLinks: DownloadLinks;
  /** How long one file download may stream from the export worker. */
  downloadDeadlineMs?: number;
  pageTokens: PageTokens;
  /** The request log the usage routes answer from; absent, they answer 503. */
  usage?: UsageReader | undefined;
  /** The edge's own health indicators (its database, and Redis when limits are shared), checked beside the services. */
  edgeHealth?: StartedEdge['healthIndicators'];
  log: Logger;
  /** Who may call, and how much (API keys, rate limits: the edge); absent, every caller is admitted. */
  admission?: RestAdmission;
  /** Proxies in front of the gateway that append X-Forwarded-For (the client address limits count against). */
  trustedProxyHops?: number;
  /** The version the OpenAPI document carries. */
  version?: string;
}

const OPENAPI_PATH = '/openapi.json';

export function createDataGateway(options: DataGatewayOptions): Koa {
  const { log } = options;
  const services: RouteServices = {
    primaryNetwork: options.primaryNetwork,
    evmData: options.evmData,
    signatureAggregator: options.signatureAggregator,
    exportWorker: options.exportWorker,
    downloadLinks: options.downloadLinks,
    pageTokens: options.pageTokens,
    health: healthOf(options),
    usage: options.usage,
  };
  const { admission } = options;
  const openApiDocument = buildOpenApiDocument(DATA_ROUTES, {
    title: 'Data API (chain-data gateway-data)',
    version: options.version ?? '0.1.0',
    description:
      'The primary-network and EVM routes of the Avalanche Data API, served by a self-hosted chain-data stack. ' +
      'Response bodies are the components of the same names in the official Data API OpenAPI document.',
    apiName: 'Data API',
    apiKeys: API_KEY_HEADERS.map((header) => ({
      scheme: header === 'x-glacier-api-key' ? 'apiKey' : 'dataApiKey',
      header,
      description: 'Optional Data API key.',
    })),
  });

  const router = new Router();
  router.get(OPENAPI_PATH, (ctx) => {
    ctx.body = openApiDocument;
  });
  // Like the document it renders, the reference page is for anyone: no route's admission applies to it.
  mountReferencePage(router, OPENAPI_PATH, 'Data API reference (chain-data gateway-data)');
  for (const route of DATA_ROUTES) mountRoute(router, route, services, admission);
  router.all(ICM_AGGREGATE_SIGNATURES_PATH, icmAggregateSignatures(options.signatureAggregator));
  // The download links are their own credential (signed, expiring), as presigned object-store URLs are.
  router.get(
    EXPORT_FILE_PATH,
    exportFileDownload(
      options.downloadLinks,
      options.exportFiles,
      (operationId) => options.exportWorker.GetOperation({ operation_id: operationId }),
      options.downloadDeadlineMs ?? DEFAULT_DOWNLOAD_DEADLINE_MS,
    ),
  );

  return createRestApp({
    log,
    router,
    corsHeaders: API_KEY_HEADERS,
    ...(admission ? { admission } : {}),
    ...(options.trustedProxyHops ? { trustedProxyHops: options.trustedProxyHops } : {}),
  });
}

/**
 * What the health routes check: the edge's database and Redis, and the services the routes read, each asked the
 * cheapest question it answers; the live check reads only (the database).
 */
function healthOf(options: DataGatewayOptions): RouteServices['health'] {
  const edge = options.edgeHealth;
  return {
    full: {
      ...edge,
      primaryNetwork: () => options.primaryNetwork.GetProjectionStatus({}),
      evmData: () => options.evmData.ListChains({}),
    },
    live: edge ? { database: edge.database } : {},
  };
}
