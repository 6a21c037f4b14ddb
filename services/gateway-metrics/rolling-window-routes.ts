import { z } from 'zod';
import {
  AVG_TPS_PAGE_SIZE,
  AVG_TPS_PAGE_TOKEN,
  CHAIN_ROLLING_WINDOW_METRICS,
} from '../runtime/chain-rolling-window-metrics.ts';
import { toApiDocument } from '../runtime/rest/documents.ts';
import { enumParam, MAX_UINT256, rendered } from '../runtime/rest/params.ts';
import { routeDefiner } from '../runtime/rest/route.ts';
import type { MetricsRoute, MetricsRouteServices } from './routes.ts';

/**
 * The rolling-window chain metrics of the official Metrics API document, and the legacy `/v1/avg_tps/{chainId}`
 * (§4.5, not in that document), each answered by the metrics service over gRPC. The legacy route's page tokens are
 * the service's own (UUIDs it stores for 24 hours), passed through as they are, not the gateway's signed ones.
 */
const defineRoute = routeDefiner<MetricsRouteServices>();

const SCOPES = ['total', 'mainnet', 'testnet'];
const CHAIN_ID = 'a decimal EVM chain id (1 to 2^256-1, no leading zeros), total, mainnet or testnet';

/** As getEvmChainMetrics takes it: a decimal EVM chain id as written, or a scope. */
const chainIdParam = (description: string) =>
  z
    .string({ error: (issue) => `expected ${CHAIN_ID}, got ${rendered(issue.input)}` })
    .refine(
      (text) => SCOPES.includes(text) || (/^[1-9]\d{0,77}$/.test(text) && BigInt(text) <= MAX_UINT256),
      { error: (issue) => `expected ${CHAIN_ID}, got ${rendered(issue.input)}` },
    )
    .meta({ description });

export const getEvmChainRollingWindowMetrics = defineRoute({
  method: 'GET',
  path: '/v2/chains/{chainId}/rollingWindowMetrics/{metric}',
  operationId: 'getEvmChainRollingWindowMetrics',
  summary: 'Get rolling window metrics for EVM chains',
  pathParams: {
    metric: enumParam(CHAIN_ROLLING_WINDOW_METRICS).meta({
      description: 'Which chain level metric to fetch for the rolling window.',
    }),
    chainId: chainIdParam('A supported EVM chain ID or one of "total", "mainnet", or "testnet".'),
  },
  query: {},
  responses: ['RollingWindowMetricsApiResponse'],
  handle: async ({ chainId, metric }, { metrics }) =>
    toApiDocument(await metrics.GetEvmChainRollingWindowMetrics({ chain_id: chainId, metric })),
});

const avgTpsResponse = z.object({
  results: z.array(z.object({ timestamp: z.number(), value: z.number() })),
  status: z.number().meta({ description: 'Always 200.' }),
  lastRun: z.number().optional().meta({
    description: "When the chain's metrics were last updated (Unix seconds); absent before the first.",
  }),
  nextPageToken: z
    .string()
    .optional()
    .meta({ description: 'A UUID, valid for 24 hours from its creation; absent on the last page.' }),
});

export const getAvgTps = defineRoute({
  method: 'GET',
  path: '/v1/avg_tps/{chainId}',
  operationId: 'getAvgTps',
  summary: 'Get the average transactions per second of an EVM chain by day (legacy)',
  pathParams: {
    chainId: chainIdParam('A supported EVM chain ID or one of "total", "mainnet", or "testnet".'),
  },
  query: {
    pageToken: z
      .string({
        error: (issue) => `expected a page token from a previous page, got ${rendered(issue.input)}`,
      })
      .refine((text) => AVG_TPS_PAGE_TOKEN.test(text), {
        error: (issue) =>
          `expected the nextPageToken of a previous page (a UUID), got ${rendered(issue.input)}`,
      })
      .optional()
      .meta({
        description:
          'The nextPageToken of the previous page. Valid 24 hours from its creation; an expired one is a 400: ' +
          'restart from the first page.',
      }),
  },
  responses: ['AvgTpsResponse'],
  extra: {
    description:
      `The legacy route of the Metrics API's usage guide (§4.5 of the REST spec): the daily avgTps points of a ` +
      `chain (as /v2/chains/{chainId}/metrics/avgTps), newest first, ${AVG_TPS_PAGE_SIZE} a page.`,
    response: avgTpsResponse,
  },
  handle: async ({ chainId, pageToken }, { metrics }) =>
    toApiDocument(await metrics.GetAvgTps({ chain_id: chainId, page_token: pageToken ?? '' })),
});

export const ROLLING_WINDOW_ROUTES: readonly MetricsRoute[] = [getEvmChainRollingWindowMetrics, getAvgTps];
