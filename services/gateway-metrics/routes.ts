import { z } from 'zod';
import type { MetricsServiceDefinition } from '../generated/proto/chaindata/metrics/v1/MetricsService.ts';
import {
  CHAIN_METRICS,
  supportsInterval,
  TIME_INTERVALS,
  type ChainMetric,
  type TimeInterval,
} from '../runtime/chain-metrics.ts';
import { DomainError } from '../runtime/errors.ts';
import type { UnaryClient } from '../runtime/grpc/client.ts';
import { toApiDocument, toListDocument } from '../runtime/rest/documents.ts';
import {
  enumParam,
  MAX_UINT256,
  pageSizeParam,
  pageTokenParam,
  ParamError,
  rendered,
  timestampParam,
} from '../runtime/rest/params.ts';
import { routeDefiner, type InputRule, type RestRoute, type RestServices } from '../runtime/rest/route.ts';
import { STAKING_ROUTES } from './staking-routes.ts';
import { LOOKING_GLASS_ROUTES } from './looking-glass-routes.ts';
import { ICM_ROUTES } from './icm-routes.ts';
import { ROLLING_WINDOW_ROUTES } from './rolling-window-routes.ts';
import { TIME_RANGE } from './time-range.ts';
import { healthCheckResult } from '../runtime/rest/health.ts';

/**
 * The Metrics API's routes (§4.5 and the official Metrics API document, and the legacy `/v1/avg_tps`), each answered
 * by the metrics service over gRPC: the chain metrics here, the others in their own files (rolling windows, ICM,
 * staking and L1 validators, Looking Glass). What the stack cannot answer answers as the API answers an unknown
 * metric; a path outside the document is a 404.
 */
export type MetricsClient = UnaryClient<MetricsServiceDefinition>;

export interface MetricsRouteServices extends RestServices {
  metrics: MetricsClient;
}

export type MetricsRoute = RestRoute<MetricsRouteServices>;

const defineRoute = routeDefiner<MetricsRouteServices>();

/** The Metrics API's page sizes for a metric's points: 1 to 2160, default 100. */
export const MAX_METRICS_PAGE_SIZE = 2160;
export const DEFAULT_METRICS_PAGE_SIZE = 100;
/** `/v2/chains` takes no page size: its pages are the largest the document allows. */
const CHAINS_PAGE_SIZE = 10_000;

const NETWORKS = ['mainnet', 'fuji', 'testnet'] as const;
const SCOPES = ['total', 'mainnet', 'testnet'] as const;

/** A decimal EVM chain id: 1 to 2^256-1, no sign and no leading zeros (a chain id is matched as written). */
function isEvmChainId(text: string): boolean {
  return /^[1-9]\d{0,77}$/.test(text) && BigInt(text) <= MAX_UINT256;
}

const chainIdParam = (what: string, description: string, alsoScopes: boolean) =>
  z
    .string({ error: (issue) => `expected ${what}, got ${rendered(issue.input)}` })
    .refine((text) => isEvmChainId(text) || (alsoScopes && (SCOPES as readonly string[]).includes(text)), {
      error: (issue) => `expected ${what}, got ${rendered(issue.input)}`,
    })
    .meta({ description });

const INTERVAL_FOR_METRIC: InputRule<{ metric: ChainMetric; timeInterval?: TimeInterval | undefined }> = {
  description:
    'timeInterval must be day (or absent) unless metric is activeAddresses, activeSenders, gasUsed or txCount.',
  check: ({ metric, timeInterval }) => {
    if (timeInterval !== undefined && !supportsInterval(metric, timeInterval))
      throw new ParamError(
        'timeInterval',
        `expected day (${metric} is served by the day only), got ${rendered(timeInterval)}`,
      );
  },
};

export const listChains = defineRoute({
  method: 'GET',
  path: '/v2/chains',
  operationId: 'listChains',
  summary: 'Get a list of supported blockchains',
  pathParams: {},
  query: {
    pageToken: pageTokenParam(),
    network: enumParam(NETWORKS).optional().meta({ description: 'Either mainnet or testnet/fuji.' }),
  },
  responses: ['ListChainsResponse'],
  handle: async ({ pageToken, network }, { metrics, listPage }) => {
    const request = {
      // fuji and testnet are one network: one request to the service, one page token for both.
      network: network === undefined ? '' : network === 'fuji' ? 'testnet' : network,
      page_size: CHAINS_PAGE_SIZE,
    };
    const { response, nextPageToken } = await listPage(pageToken, request, (r) => metrics.ListChains(r));
    return toListDocument(response, nextPageToken);
  },
});

export const getChain = defineRoute({
  method: 'GET',
  path: '/v2/chains/{chainId}',
  operationId: 'getChain',
  summary: 'Get chain information for supported blockchain',
  pathParams: {
    chainId: chainIdParam(
      'a decimal EVM chain id (1 to 2^256-1, no leading zeros)',
      'A supported evm chain id. Use the `/chains` endpoint to get a list of supported chain ids.',
      false,
    ),
  },
  query: {},
  responses: ['Chain'],
  handle: async ({ chainId }, { metrics }) => toApiDocument(await metrics.GetChain({ chain_id: chainId })),
});

export const getEvmChainMetrics = defineRoute({
  method: 'GET',
  path: '/v2/chains/{chainId}/metrics/{metric}',
  operationId: 'getEvmChainMetrics',
  summary: 'Get metrics for EVM chains',
  pathParams: {
    chainId: chainIdParam(
      'a decimal EVM chain id (1 to 2^256-1, no leading zeros), total, mainnet or testnet',
      'A supported EVM chain ID or one of "total", "mainnet", or "testnet".',
      true,
    ),
    metric: enumParam(CHAIN_METRICS).meta({ description: 'Which chain level metric to fetch.' }),
  },
  query: {
    startTimestamp: timestampParam('Query param for retrieving items after a specific timestamp.'),
    endTimestamp: timestampParam('Query param for retrieving items before a specific timestamp.'),
    timeInterval: enumParam(TIME_INTERVALS)
      .optional()
      .meta({
        description:
          'Time interval granularity for data aggregation, default day. Metrics prefixed with "cumulative", "max", ' +
          'or "avg" (and contracts, deployers, feesPaid) only support day.',
      }),
    pageToken: pageTokenParam(),
    pageSize: pageSizeParam(MAX_METRICS_PAGE_SIZE, DEFAULT_METRICS_PAGE_SIZE),
  },
  rules: [INTERVAL_FOR_METRIC, TIME_RANGE],
  responses: ['MetricsApiResponse'],
  handle: async (input, { metrics, listPage }) => {
    const request = {
      chain_id: input.chainId,
      metric: input.metric,
      ...(input.startTimestamp === undefined ? {} : { start_timestamp: input.startTimestamp }),
      ...(input.endTimestamp === undefined ? {} : { end_timestamp: input.endTimestamp }),
      time_interval: input.timeInterval ?? 'day',
      page_size: input.pageSize,
    };
    const { response, nextPageToken } = await listPage(input.pageToken, request, (r) =>
      metrics.GetEvmChainMetrics(r),
    );
    return toListDocument(response, nextPageToken);
  },
});

/** The service answers as long as the process runs. */
export const liveCheck = defineRoute({
  method: 'GET',
  path: '/v2/live-check',
  operationId: 'metrics-live-check',
  summary: 'Get the liveliness of the service',
  pathParams: {},
  query: {},
  responses: ['HealthCheckResultDto'],
  handle: () => healthCheckResult({}),
});

/** Healthy when the metrics service answers; a 503 (the document's ServiceUnavailable) when it does not. */
export const healthCheck = defineRoute({
  method: 'GET',
  path: '/v2/health-check',
  operationId: 'metrics-health-check',
  summary: 'Get the health of the service',
  pathParams: {},
  query: {},
  responses: ['HealthCheckResultDto'],
  handle: async (_input, { metrics }) => {
    try {
      await metrics.ListChains({ network: '', page_size: 1, cursor: '' });
    } catch {
      throw new DomainError('unavailable', 'the metrics service is unavailable; try again later', {
        forClients: true,
      });
    }
    const details = { metrics: { status: 'up' } };
    return { status: 'ok', info: details, error: {}, details };
  },
});

export const METRICS_ROUTES: readonly MetricsRoute[] = [
  healthCheck,
  liveCheck,
  listChains,
  getChain,
  getEvmChainMetrics,
  ...ROLLING_WINDOW_ROUTES,
  ...ICM_ROUTES,
  ...STAKING_ROUTES,
  ...LOOKING_GLASS_ROUTES,
];
