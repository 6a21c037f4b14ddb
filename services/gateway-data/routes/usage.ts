import { z } from 'zod';
import { API_KEY_HEADERS } from '../../edge/edge.ts';
import {
  bucketCount,
  bucketSeconds,
  DAY_SECONDS,
  DEFAULT_TIME_INTERVAL,
  MAX_BUCKETS,
  MAX_TIMESTAMP,
  TIME_INTERVALS,
  usageRange,
  type TimeInterval,
  type UsageRange,
} from '../../edge/usage/buckets.ts';
import { isPrimaryNetworkChain, PRIMARY_NETWORK_CHAIN_NAMES } from '../../edge/usage/rpc-chains.ts';
import type {
  RequestLogRow,
  UsageBucket,
  UsageColumn,
  UsageFilter,
  UsageReader,
  UsageRequestType,
} from '../../edge/store/usage-reader.ts';
import type { ApiDocument } from '../../runtime/rest/documents.ts';
import { DomainError } from '../../runtime/errors.ts';
import { enumParam, integerParam, ParamError, rendered } from '../../runtime/rest/params.ts';
import { networkParam } from '../chains.ts';
import { defineRoute, PAGING, type DataRoute, type InputRule, type RouteContext } from './route.ts';

/**
 * The Data API's usage routes, answered from the edge's request log (docs/edge.md, "Usage routes"): a caller's
 * requests counted per time bucket and group (`/v1/apiUsageMetrics`, the RPC usage routes) or listed
 * (`/v1/apiLogs`). They need an API key (401 without one, before anything else is read) and a key sees only its own
 * requests: `apiKeyId` or `orgId` naming another key is a 403. There are no organisations in a self-hosted stack, so
 * the `orgId` of an answer is the caller's key id.
 */

/** Where a request was served, as LogsFormat.hostRegion: the stack does not know its region. */
export const HOST_REGION = 'self-hosted';

/** How many (bucket, group) pairs one answer may hold. */
export const MAX_METRIC_ROWS = 20_000;

const API_KEY_REQUIRED = `An API key is required: usage is reported per key, so send yours in the ${API_KEY_HEADERS.join(' or ')} header`;

const USAGE_NOT_RECORDED = 'usage is not recorded by this gateway';

const got = (input: unknown) => (input === undefined ? 'nothing' : rendered(input));

// ---- Parameters

function textFilterParam(what: string, maxLength: number, description: string) {
  const error = (issue: { input?: unknown }) =>
    `expected ${what} of 1 to ${maxLength} characters, got ${got(issue.input)}`;
  return z.string({ error }).min(1, { error }).max(maxLength, { error }).optional().meta({ description });
}

const timestampParam = (description: string) =>
  integerParam(0, MAX_TIMESTAMP, `an integer from 0 to ${MAX_TIMESTAMP} (unix seconds)`)
    .optional()
    .meta({ description, examples: [1739507200] });

const RANGE_QUERY = {
  startTimestamp: timestampParam(
    'The start time of the range as a UNIX timestamp. The requested start time will be rounded down to 0:00 UTC of ' +
      'the day. Default: six days before the end day.',
  ),
  endTimestamp: timestampParam(
    'The end time of the range as a UNIX timestamp. The requested end time will be rounded down to 0:00 UTC of the ' +
      'day; that day is included whole. Default: now.',
  ),
};

const RPC_TIME_INTERVALS = ['hourly', 'daily', 'weekly', 'monthly'] as const;

const timeIntervalParam = <const T extends readonly [TimeInterval, ...TimeInterval[]]>(values: T) =>
  enumParam(values)
    .prefault(DEFAULT_TIME_INTERVAL as T[number])
    .meta({
      description:
        'Time interval granularity for data aggregation: buckets in UTC, weeks from Monday 0:00. Default: daily.',
    });

const responseCodeParam = () =>
  integerParam(100, 599, 'an HTTP status code (an integer from 100 to 599)')
    .optional()
    .meta({ description: 'Filter data by response status code.' });

const REQUEST_TYPES = ['data', 'rpc'] as const satisfies readonly UsageRequestType[];

const chainIdParam = () => textFilterParam('a chain id', 100, 'Filter data by chain ID.');
const requestPathParam = () =>
  textFilterParam(
    'a request path',
    300,
    'Filter data by request path: the route as the document writes it (/v1/chains/{chainId}), or the node API ' +
      'path of an RPC request.',
  );
const rpcMethodParam = () => textFilterParam('an RPC method', 100, 'Filter data by RPC method.');

/** Only the caller's own key may be named: any other is a 403 (see OWN_KEY). */
const ORG_ID = textFilterParam(
  'an organization id',
  100,
  'Organization ID to fetch usage metrics for. A self-hosted stack has no organizations: this is the API key id ' +
    'of the caller, and naming another is a 403.',
);
const API_KEY_ID = textFilterParam(
  'an API key id',
  100,
  'Filter data by API key ID: only the caller’s own key; naming another is a 403.',
);

const USAGE_GROUPS = ['requestPath', 'responseCode', 'chainId', 'apiKeyId', 'requestType'] as const;
const SUBNET_RPC_GROUPS = ['rpcMethod', 'responseCode', 'rlBypassToken'] as const;
const PRIMARY_NETWORK_RPC_GROUPS = [
  'rpcMethod',
  'requestPath',
  'responseCode',
  'country',
  'continent',
  'userAgent',
] as const;

const groupByParam = <const T extends readonly [string, ...string[]]>(values: T, unknown: string) =>
  enumParam(values)
    .optional()
    .meta({
      description: `Query param for the criterion used for grouping metrics. ${unknown}Absent: one group, "None".`,
    });

/** ISO 3166-1 alpha-2, with the document's XX (no country data) and T1 (Tor). */
const COUNTRY = /^([A-Z]{2}|T1)$/;
const CONTINENTS = ['AF', 'AN', 'AS', 'EU', 'NA', 'OC', 'SA'] as const;

/** The country of a request whose client's country is not known (all of them here: the log keeps none). */
const UNKNOWN_COUNTRY = 'XX';

// ---- Rules

type RangeInput = { startTimestamp?: number | undefined; endTimestamp?: number | undefined };

/** The range of a request, resolved as docs/edge.md says; the start must not fall after the end's day. */
const RANGE: InputRule<RangeInput> = {
  description: 'startTimestamp must not be after endTimestamp (default: now).',
  check: (input) => {
    const range = rangeOf(input);
    if (range.from >= range.to)
      throw new ParamError(
        'startTimestamp',
        `must not be after endTimestamp${input.endTimestamp === undefined ? ' (default: now)' : ''}, got ` +
          `${input.startTimestamp} (day ${isoDay(range.from)}) after day ${isoDay(range.to - DAY_SECONDS)}`,
      );
  },
};

/** The buckets of an aggregation: the range may hold at most MAX_BUCKETS of them. */
const BUCKETS: InputRule<RangeInput & { timeInterval: TimeInterval }> = {
  description: `The range may hold at most ${MAX_BUCKETS} buckets of timeInterval.`,
  check: (input) => {
    const range = rangeOf(input);
    const buckets = bucketCount(input.timeInterval, range);
    if (buckets > MAX_BUCKETS)
      throw new ParamError(
        'timeInterval',
        `${input.timeInterval} buckets from ${isoDay(range.from)} through ${isoDay(range.to - DAY_SECONDS)} are ` +
          `${buckets}; an answer holds at most ${MAX_BUCKETS}: choose a coarser interval or a shorter range`,
      );
  },
};

const SUBNET_CHAIN: InputRule<{ chainId?: string | undefined }> = {
  description: `chainId must not be a chain of the primary network (${PRIMARY_NETWORK_CHAIN_NAMES.join(', ')}).`,
  check: ({ chainId }) => {
    if (chainId !== undefined && isPrimaryNetworkChain(chainId))
      throw new ParamError(
        'chainId',
        `${rendered(chainId)} is a chain of the primary network; its RPC usage is /v1/primaryNetworkRpcUsageMetrics`,
      );
  },
};

function rangeOf(input: RangeInput): UsageRange {
  return usageRange(input.startTimestamp, input.endTimestamp, Math.floor(Date.now() / 1000));
}

function isoDay(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 10);
}

// ---- The caller

interface Caller {
  keyId: string;
  usage: UsageReader;
}

/** The caller's key and the reader: a 401 for a caller without a key, a 503 when the gateway records no usage. */
function callerOf(apiKeyId: string | undefined, usage: UsageReader | undefined): Caller {
  if (apiKeyId === undefined) throw new DomainError('unauthenticated', API_KEY_REQUIRED);
  if (usage === undefined) throw new DomainError('unavailable', USAGE_NOT_RECORDED, { forClients: true });
  return { keyId: apiKeyId, usage };
}

/** A key sees only its own usage: `apiKeyId` and `orgId` may name the caller's key, nothing else. */
function ownKeyOnly(caller: Caller, named: Record<string, string | undefined>): void {
  for (const [parameter, value] of Object.entries(named)) {
    if (value !== undefined && value !== caller.keyId)
      throw new DomainError(
        'permission_denied',
        `${parameter}: an API key sees only its own usage; this request's key is ${caller.keyId}, not ${rendered(value)}`,
      );
  }
}

/** The route, refusing a caller without a key (401) or a gateway without usage (503) before reading parameters. */
function keyedRoute(route: DataRoute): DataRoute {
  return {
    ...route,
    async serve(request, services) {
      callerOf(request.apiKeyId, services.usage);
      return route.serve(request, services);
    },
  };
}

const contextCaller = (context: RouteContext) => callerOf(context.request.apiKeyId, context.usage);

// ---- Aggregation

/** How the answer groups: by a column of the log, or in one group the log cannot split (no data kept for it). */
interface Grouping {
  groupedBy: string;
  column: UsageColumn | undefined;
  /** The value of the one group of a criterion the log keeps no data for. */
  unknownValue?: string;
}

function groupingOf(groupBy: string | undefined): Grouping {
  switch (groupBy) {
    case undefined:
      return { groupedBy: 'None', column: undefined };
    case 'rlBypassToken':
    case 'continent':
      return { groupedBy: groupBy, column: undefined };
    case 'country':
      return { groupedBy: groupBy, column: undefined, unknownValue: UNKNOWN_COUNTRY };
    default:
      return { groupedBy: groupBy, column: groupBy as UsageColumn };
  }
}

/** The metrics of a usage answer (Metric, RpcMetrics): one entry per bucket with requests, its groups' values. */
async function metricsOf(
  caller: Caller,
  filter: UsageFilter | undefined,
  interval: TimeInterval,
  grouping: Grouping,
): Promise<ApiDocument[]> {
  if (filter === undefined) return [];
  const rows = await caller.usage.buckets(filter, interval, grouping.column, MAX_METRIC_ROWS + 1);
  if (rows.length > MAX_METRIC_ROWS)
    throw new ParamError(
      grouping.column === undefined ? 'timeInterval' : 'groupBy',
      `the answer would hold more than ${MAX_METRIC_ROWS} (bucket, group) values; narrow the range or the filters, ` +
        'or choose a coarser interval',
    );
  const metrics: { timestamp: number; values: ApiDocument[] }[] = [];
  for (const row of rows) {
    let metric = metrics.at(-1);
    if (metric?.timestamp !== row.bucket) {
      metric = { timestamp: row.bucket, values: [] };
      metrics.push(metric);
    }
    metric.values.push(valueOf(row, interval, grouping));
  }
  return metrics;
}

function valueOf(row: UsageBucket, interval: TimeInterval, grouping: Grouping): ApiDocument {
  const groupValue = grouping.column === undefined ? grouping.unknownValue : (row.groupValue ?? undefined);
  return {
    groupedBy: grouping.groupedBy,
    ...(groupValue === undefined ? {} : { groupValue }),
    totalRequests: row.totalRequests,
    requestsPerSecond: row.totalRequests / bucketSeconds(interval, row.bucket),
    successRatePercent: (100 * row.succeeded) / row.totalRequests,
    medianResponseTimeMsecs: row.medianDurationMs,
    invalidRequests: row.invalidRequests,
    apiCreditsUsed: row.creditsUsed,
    apiCreditsWasted: row.creditsWasted,
  };
}

function logOf(row: RequestLogRow, keyId: string): ApiDocument {
  return {
    orgId: keyId,
    logId: row.logId,
    eventTimestamp: Math.floor(row.loggedAt.getTime() / 1000),
    apiKeyId: row.apiKeyId,
    apiKeyAlias: row.apiKeyName,
    hostRegion: HOST_REGION,
    requestType: row.requestType,
    requestPath: row.requestPath,
    apiCreditsConsumed: row.credits,
    requestDurationMsecs: row.durationMs,
    responseCode: row.responseCode,
    ...(row.chainId === undefined ? {} : { chainId: row.chainId }),
    ...(row.rpcMethod === undefined ? {} : { rpcMethod: row.rpcMethod }),
    metadata: { ipAddress: row.clientIp, host: row.host, userAgent: row.userAgent },
  };
}

// ---- Routes

export const getApiUsageMetrics = keyedRoute(
  defineRoute({
    method: 'GET',
    path: '/v1/apiUsageMetrics',
    operationId: 'getApiUsageMetrics',
    summary: 'Get usage metrics for the Data API',
    pathParams: {},
    query: {
      orgId: ORG_ID,
      ...RANGE_QUERY,
      timeInterval: timeIntervalParam(TIME_INTERVALS),
      groupBy: groupByParam(USAGE_GROUPS, ''),
      chainId: chainIdParam(),
      responseCode: responseCodeParam(),
      requestType: enumParam(REQUEST_TYPES).optional().meta({ description: 'Filter data by request type.' }),
      apiKeyId: API_KEY_ID,
      requestPath: requestPathParam(),
    },
    rules: [RANGE, BUCKETS],
    responses: ['UsageMetricsResponseDTO'],
    async handle(input, context) {
      const caller = contextCaller(context);
      ownKeyOnly(caller, { orgId: input.orgId, apiKeyId: input.apiKeyId });
      const filter: UsageFilter = {
        apiKeyId: caller.keyId,
        range: rangeOf(input),
        requestTypes: input.requestType === undefined ? REQUEST_TYPES : [input.requestType],
        chainId: input.chainId,
        responseCode: input.responseCode,
        requestPath: input.requestPath,
      };
      return {
        aggregateDuration: input.timeInterval,
        orgId: caller.keyId,
        metrics: await metricsOf(caller, filter, input.timeInterval, groupingOf(input.groupBy)),
      };
    },
  }),
);

export const getApiLogs = keyedRoute(
  defineRoute({
    method: 'GET',
    path: '/v1/apiLogs',
    operationId: 'getApiLogs',
    summary: 'Get logs for requests made by client',
    pathParams: {},
    query: {
      orgId: ORG_ID,
      ...RANGE_QUERY,
      chainId: chainIdParam(),
      responseCode: responseCodeParam(),
      requestType: enumParam(REQUEST_TYPES).optional().meta({ description: 'Filter data by request type.' }),
      apiKeyId: API_KEY_ID,
      requestPath: requestPathParam(),
      ...PAGING,
    },
    rules: [RANGE],
    responses: ['LogsResponseDTO'],
    async handle(input, context) {
      const caller = contextCaller(context);
      ownKeyOnly(caller, { orgId: input.orgId, apiKeyId: input.apiKeyId });
      // The token is bound to the key and to the parameters as the client sent them: a range left to its default
      // moves with the clock between pages, and a keyset page goes on strictly before its cursor regardless.
      const { response, nextPageToken } = await context.listPage(
        input.pageToken,
        {
          api_key_id: caller.keyId,
          start_timestamp: input.startTimestamp,
          end_timestamp: input.endTimestamp,
          chain_id: input.chainId,
          response_code: input.responseCode,
          request_type: input.requestType,
          request_path: input.requestPath,
          page_size: input.pageSize,
        },
        async (request: { page_size: number; cursor?: string }) => {
          const page = await caller.usage.logs(
            {
              apiKeyId: caller.keyId,
              range: rangeOf(input),
              requestTypes: input.requestType === undefined ? REQUEST_TYPES : [input.requestType],
              chainId: input.chainId,
              responseCode: input.responseCode,
              requestPath: input.requestPath,
            },
            request.page_size,
            request.cursor ?? '',
          );
          return { logs: page.items, next_cursor: page.nextCursor };
        },
      );
      return {
        ...(nextPageToken === undefined ? {} : { nextPageToken }),
        orgId: caller.keyId,
        logs: response.logs.map((row) => logOf(row, caller.keyId)),
      };
    },
  }),
);

export const getSubnetRpcUsageMetrics = keyedRoute(
  defineRoute({
    method: 'GET',
    path: '/v1/subnetRpcUsageMetrics',
    operationId: 'getSubnetRpcUsageMetrics',
    summary: 'Get usage metrics for the Subnet RPC',
    pathParams: {},
    query: {
      timeInterval: timeIntervalParam(RPC_TIME_INTERVALS),
      ...RANGE_QUERY,
      groupBy: groupByParam(
        SUBNET_RPC_GROUPS,
        'rlBypassToken: one group without a groupValue (no request bypasses the limits with a token). ',
      ),
      chainId: textFilterParam(
        'a chain id',
        100,
        'Filter data by chain ID: the chain as the RPC path names it (/ext/bc/{chainId}/rpc). Absent: every chain ' +
          'outside the primary network.',
      ),
      responseCode: responseCodeParam(),
      rpcMethod: rpcMethodParam(),
      rlBypassApiToken: textFilterParam(
        'a token',
        200,
        'Filter data by Rl Bypass API Token. No request bypasses the limits with a token here: any token matches ' +
          'nothing.',
      ),
    },
    rules: [RANGE, BUCKETS, SUBNET_CHAIN],
    responses: ['SubnetRpcUsageMetricsResponseDTO'],
    async handle(input, context) {
      const caller = contextCaller(context);
      const filter: UsageFilter | undefined =
        input.rlBypassApiToken !== undefined
          ? undefined
          : {
              apiKeyId: caller.keyId,
              range: rangeOf(input),
              requestTypes: ['rpc'],
              chainId: input.chainId,
              chainNotIn: PRIMARY_NETWORK_CHAIN_NAMES,
              responseCode: input.responseCode,
              rpcMethod: input.rpcMethod,
            };
      return {
        aggregateDuration: input.timeInterval,
        metrics: await metricsOf(caller, filter, input.timeInterval, groupingOf(input.groupBy)),
        chainId: input.chainId ?? '',
      };
    },
  }),
);

export const getPrimaryNetworkRpcUsageMetrics = keyedRoute(
  defineRoute({
    method: 'GET',
    path: '/v1/primaryNetworkRpcUsageMetrics',
    operationId: 'getPrimaryNetworkRpcUsageMetrics',
    summary: 'Get usage metrics for the Primary Network RPC',
    pathParams: {},
    query: {
      timeInterval: timeIntervalParam(RPC_TIME_INTERVALS),
      ...RANGE_QUERY,
      groupBy: groupByParam(
        PRIMARY_NETWORK_RPC_GROUPS,
        `The log keeps no client locations: country is one group, "${UNKNOWN_COUNTRY}", continent one group without a ` +
          'groupValue. ',
      ),
      responseCode: responseCodeParam(),
      requestPath: requestPathParam(),
      country: z
        .string({ error: (issue) => `expected an ISO 3166-1 alpha-2 country code, got ${got(issue.input)}` })
        .regex(COUNTRY, {
          error: (issue) => `expected an ISO 3166-1 alpha-2 country code (e.g. US), got ${got(issue.input)}`,
        })
        .optional()
        .meta({
          description:
            'Filter data by Country. Input must be a valid ISO 3166-1 alpha-2 country code. "XX" - Represents ' +
            'clients without country code data (every client here: the log keeps no locations). "T1" - Represents ' +
            'clients using the Tor network.',
        }),
      continent: enumParam(CONTINENTS).optional().meta({
        description:
          'Filter data by Continent. The log keeps no client locations: any continent matches nothing.',
      }),
      userAgent: textFilterParam('a user agent', 500, 'Filter data by User Agent.'),
      rpcMethod: rpcMethodParam(),
      network: networkParam(),
    },
    rules: [RANGE, BUCKETS],
    responses: ['PrimaryNetworkRpcUsageMetricsResponseDTO'],
    async handle(input, context) {
      const caller = contextCaller(context);
      const located =
        input.continent !== undefined || (input.country !== undefined && input.country !== UNKNOWN_COUNTRY);
      const filter: UsageFilter | undefined = located
        ? undefined
        : {
            apiKeyId: caller.keyId,
            range: rangeOf(input),
            requestTypes: ['rpc'],
            responseCode: input.responseCode,
            requestPath: input.requestPath,
            rpcMethod: input.rpcMethod,
            userAgent: input.userAgent,
          };
      return {
        aggregateDuration: input.timeInterval,
        metrics: await metricsOf(caller, filter, input.timeInterval, groupingOf(input.groupBy)),
        network: input.network === 'mainnet' ? 'mainnet' : 'testnet',
      };
    },
  }),
);

export const USAGE_ROUTES: readonly DataRoute[] = [
  getApiUsageMetrics,
  getApiLogs,
  getSubnetRpcUsageMetrics,
  getPrimaryNetworkRpcUsageMetrics,
];
