import { z } from 'zod';
import { toListDocument } from '../runtime/rest/documents.ts';
import {
  enumParam,
  isCb58Id,
  pageSizeParam,
  pageTokenParam,
  rendered,
  timestampParam,
} from '../runtime/rest/params.ts';
import { routeDefiner } from '../runtime/rest/route.ts';
import {
  l1FeeMetricsOf,
  NETWORK_METRICS,
  PRIMARY_NETWORK_SUBNET,
  STAKING_NETWORKS,
  STAKING_PAGE_SIZE,
} from '../runtime/staking-metrics.ts';
import type { MetricsRoute, MetricsRouteServices } from './routes.ts';
import { TIME_RANGE } from './time-range.ts';

/**
 * The staking metrics (getStakingMetrics) and the L1 validator fee metrics of the official Metrics API document,
 * served from the metrics service's staking and fee rollups (see docs/metrics.md).
 */
const defineRoute = routeDefiner<MetricsRouteServices>();

const timeRange = {
  startTimestamp: timestampParam('Query param for retrieving items after a specific timestamp.'),
  endTimestamp: timestampParam('Query param for retrieving items before a specific timestamp.'),
};

const cb58IdParam = (what: string) =>
  z
    .string({ error: (issue) => `expected ${what}, got ${rendered(issue.input)}` })
    .refine(isCb58Id, { error: (issue) => `expected ${what}, got ${rendered(issue.input)}` });

export const getStakingMetrics = defineRoute({
  method: 'GET',
  path: '/v2/networks/{network}/metrics/{metric}',
  operationId: 'getStakingMetrics',
  summary: 'Get staking metrics for a given subnet',
  pathParams: {
    network: enumParam(STAKING_NETWORKS).meta({ description: 'Either mainnet or testnet/fuji.' }),
    metric: enumParam(NETWORK_METRICS).meta({ description: 'Which network level metric to fetch.' }),
  },
  query: {
    ...timeRange,
    pageToken: pageTokenParam(),
    pageSize: pageSizeParam(STAKING_PAGE_SIZE.max, STAKING_PAGE_SIZE.default),
    subnetId: cb58IdParam('a subnet id (cb58 of 32 bytes)')
      .optional()
      .meta({
        description: `The subnet ID to filter by; default the primary network's, ${PRIMARY_NETWORK_SUBNET}.`,
      }),
  },
  rules: [TIME_RANGE],
  responses: ['MetricsApiResponse'],
  handle: async (input, { metrics, listPage }) => {
    const request = {
      // fuji and testnet are one network: one request to the service, one page token for both.
      network: input.network === 'fuji' ? 'testnet' : input.network,
      metric: input.metric,
      subnet_id: input.subnetId ?? PRIMARY_NETWORK_SUBNET,
      ...(input.startTimestamp === undefined ? {} : { start_timestamp: input.startTimestamp }),
      ...(input.endTimestamp === undefined ? {} : { end_timestamp: input.endTimestamp }),
      page_size: input.pageSize,
    };
    const { response, nextPageToken } = await listPage(input.pageToken, request, (r) =>
      metrics.GetStakingMetrics(r),
    );
    return toListDocument(response, nextPageToken);
  },
});

function l1ValidatorRoute(o: {
  path: string;
  operationId: string;
  summary: string;
  metrics: readonly [string, ...string[]];
  pathParams: z.ZodRawShape;
  /** The path parameter that names what the metric is about (none for the network's totals). */
  idParam?: string;
}) {
  return defineRoute({
    method: 'GET',
    path: o.path,
    operationId: o.operationId,
    summary: o.summary,
    pathParams: {
      ...o.pathParams,
      metric: enumParam(o.metrics).meta({ description: 'Which metric to fetch.' }),
    },
    query: timeRange,
    rules: [TIME_RANGE],
    responses: ['MetricsApiResponse'],
    handle: async (input, { metrics }) => {
      const response = await metrics.GetL1ValidatorFeeMetrics({
        metric: input.metric,
        id: o.idParam ? String((input as Record<string, unknown>)[o.idParam]) : '',
        ...(input.startTimestamp === undefined ? {} : { start_timestamp: input.startTimestamp }),
        ...(input.endTimestamp === undefined ? {} : { end_timestamp: input.endTimestamp }),
      });
      return toListDocument(response, undefined);
    },
  });
}

export const getTotalL1ValidatorMetrics = l1ValidatorRoute({
  path: '/v2/validators/metrics/{metric}',
  operationId: 'getTotalL1ValidatorMetrics',
  summary: 'Get given metric for all validators',
  metrics: l1FeeMetricsOf('total'),
  pathParams: {},
});

export const getMetricsByValidationId = l1ValidatorRoute({
  path: '/v2/validation/{l1ValidationId}/metrics/{metric}',
  operationId: 'getMetricsByValidationId',
  summary: 'Get metric values with given validationId and timestamp range',
  metrics: l1FeeMetricsOf('validation'),
  idParam: 'l1ValidationId',
  pathParams: {
    l1ValidationId: cb58IdParam('a validation id (cb58 of 32 bytes)').meta({
      description: "The L1 Validator's validation ID to filter by",
    }),
  },
});

export const getMetricsByNodeId = l1ValidatorRoute({
  path: '/v2/validator/{nodeId}/metrics/{metric}',
  operationId: 'getMetricsByNodeId',
  summary: 'Get metric values with given nodeId and timestamp range',
  metrics: l1FeeMetricsOf('node'),
  idParam: 'nodeId',
  pathParams: {
    nodeId: z
      .string({ error: (issue) => `expected a node id (NodeID-…), got ${rendered(issue.input)}` })
      .regex(/^NodeID-[1-9A-HJ-NP-Za-km-z]{1,60}$/, {
        error: (issue) => `expected a node id (NodeID-…), got ${rendered(issue.input)}`,
      })
      .meta({ description: 'A primary network (P or X chain) nodeId.' }),
  },
});

export const getMetricsBySubnetId = l1ValidatorRoute({
  path: '/v2/subnet/{subnetId}/metrics/{metric}',
  operationId: 'getMetricsBySubnetId',
  summary: 'Get metric values with given subnetId and timestamp range',
  metrics: l1FeeMetricsOf('subnet'),
  idParam: 'subnetId',
  pathParams: {
    subnetId: cb58IdParam('a subnet id (cb58 of 32 bytes)').meta({
      description: 'The subnet ID to filter by.',
    }),
  },
});

export const STAKING_ROUTES: readonly MetricsRoute[] = [
  getStakingMetrics,
  getTotalL1ValidatorMetrics,
  getMetricsByValidationId,
  getMetricsByNodeId,
  getMetricsBySubnetId,
];
