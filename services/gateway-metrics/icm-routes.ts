import { z } from 'zod';
import { TIME_INTERVALS } from '../runtime/chain-metrics.ts';
import { toApiDocument, toListDocument } from '../runtime/rest/documents.ts';
import {
  enumParam,
  isCb58Id,
  pageSizeParam,
  pageTokenParam,
  rendered,
  timestampParam,
} from '../runtime/rest/params.ts';
import { routeDefiner } from '../runtime/rest/route.ts';
import type { MetricsRouteServices } from './routes.ts';
import { TIME_RANGE } from './time-range.ts';

/**
 * The ICM routes of the Metrics API (getICMTimeseries, getICMSummary): ICM messages sent, per bucket or per
 * rolling window, answered by the metrics service's GetIcmTimeseries and GetIcmSummary.
 */
const defineRoute = routeDefiner<MetricsRouteServices>();

const MAX_ICM_PAGE_SIZE = 2160;
const DEFAULT_ICM_PAGE_SIZE = 100;
const NETWORKS = ['mainnet', 'fuji', 'testnet'] as const;
const GROUP_BY = ['srcBlockchainId', 'destBlockchainId', 'srcBlockchainId,destBlockchainId'] as const;

const blockchainIdParam = (description: string) =>
  z
    .string({ error: (issue) => `expected a blockchain id (cb58 of 32 bytes), got ${rendered(issue.input)}` })
    .refine(isCb58Id, {
      error: (issue) => `expected a blockchain id (cb58 of 32 bytes), got ${rendered(issue.input)}`,
    })
    .optional()
    .meta({ description });

/** What both routes select by: the sending and receiving chains, the network, and what the values are per. */
const selection = {
  srcBlockchainId: blockchainIdParam(
    'Query param for retrieving items for a specific source (initiating) blockchain id.',
  ),
  destBlockchainId: blockchainIdParam(
    'Query param for retrieving items for a specific destination (receiving) blockchain id.',
  ),
  groupBy: enumParam(GROUP_BY)
    .optional()
    .meta({ description: 'Group results by srcBlockchainId, destBlockchainId, or both (comma-separated)' }),
  network: enumParam(NETWORKS).optional().meta({ description: 'Either mainnet or testnet/fuji.' }),
};

/** The service's fields for a selection: '' where absent; fuji and testnet are one network (one page token). */
function selectionRequest(input: {
  srcBlockchainId?: string | undefined;
  destBlockchainId?: string | undefined;
  groupBy?: string | undefined;
  network?: string | undefined;
}) {
  return {
    src_blockchain_id: input.srcBlockchainId ?? '',
    dest_blockchain_id: input.destBlockchainId ?? '',
    group_by: input.groupBy ?? '',
    network: input.network === undefined ? '' : input.network === 'fuji' ? 'testnet' : input.network,
  };
}

export const getIcmTimeseries = defineRoute({
  method: 'GET',
  path: '/v2/icm/timeseries',
  operationId: 'getICMTimeseries',
  summary: 'Get ICM timeseries metrics',
  pathParams: {},
  query: {
    startTimestamp: timestampParam('Query param for retrieving items after a specific timestamp.'),
    endTimestamp: timestampParam('Query param for retrieving items before a specific timestamp.'),
    srcBlockchainId: selection.srcBlockchainId,
    destBlockchainId: selection.destBlockchainId,
    timeInterval: enumParam(TIME_INTERVALS)
      .optional()
      .meta({ description: 'Time interval granularity for data aggregation, default day.' }),
    pageToken: pageTokenParam(),
    pageSize: pageSizeParam(MAX_ICM_PAGE_SIZE, DEFAULT_ICM_PAGE_SIZE),
    groupBy: selection.groupBy,
    network: selection.network,
  },
  rules: [TIME_RANGE],
  responses: ['ICMMetricsApiResponse'],
  handle: async (input, { metrics, listPage }) => {
    const request = {
      ...(input.startTimestamp === undefined ? {} : { start_timestamp: input.startTimestamp }),
      ...(input.endTimestamp === undefined ? {} : { end_timestamp: input.endTimestamp }),
      ...selectionRequest(input),
      time_interval: input.timeInterval ?? 'day',
      page_size: input.pageSize,
    };
    const { response, nextPageToken } = await listPage(input.pageToken, request, (r) =>
      metrics.GetIcmTimeseries(r),
    );
    return toListDocument(response, nextPageToken);
  },
});

export const getIcmSummary = defineRoute({
  method: 'GET',
  path: '/v2/icm/summary',
  operationId: 'getICMSummary',
  summary: 'Get ICM summary metrics',
  pathParams: {},
  query: selection,
  responses: ['ICMRollingWindowMetricsApiResponse'],
  handle: async (input, { metrics }) => toApiDocument(await metrics.GetIcmSummary(selectionRequest(input))),
});

export const ICM_ROUTES = [getIcmTimeseries, getIcmSummary] as const;
