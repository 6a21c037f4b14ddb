import { z } from 'zod';
import { hex } from '../runtime/formatting/encoding.ts';
import { toListDocument } from '../runtime/rest/documents.ts';
import {
  enumParam,
  evmAddressParam,
  isCb58Id,
  jsonIntegerParam,
  MAX_UINT256,
  pageSizeParam,
  pageTokenParam,
  ParamError,
  rendered,
  timestampParam,
} from '../runtime/rest/params.ts';
import { routeDefiner } from '../runtime/rest/route.ts';
import type { MetricsRouteServices } from './routes.ts';
import { TIME_RANGE } from './time-range.ts';

/**
 * The Metrics API's Looking Glass routes. Served where the stack's data holds the answer, through the metrics
 * service (which asks evm-data and primary-network): an NFT collection's holders, an ERC-20 token's holders above a
 * threshold in a time frame, and a subnet's validators by time frame. The others answer as the API answers an unknown metric, a 400 in the documented error body, naming
 * the query this deployment does not serve (see `unsupported`).
 */
const defineRoute = routeDefiner<MetricsRouteServices>();

/** The Looking Glass lists' page sizes: 1 to 5000, default 1000. */
export const MAX_LOOKING_GLASS_PAGE_SIZE = 5000;
export const DEFAULT_LOOKING_GLASS_PAGE_SIZE = 1000;
/** The composite query's page sizes (the document's CompositeQueryRequestDto). */
const MAX_COMPOSITE_PAGE_SIZE = 10_000;

const SERVED = [
  'getNftHoldersByContractAddress',
  'getAddressesByBalanceOverTime',
  'getValidatorsByDateRange',
] as const;

/**
 * The answer to a Looking Glass query this deployment does not serve, as the API answers a metric it does not know:
 * `<what>: expected one of <what is served>, got <this one>` in a 400. The route's parameters are checked first, so
 * a malformed request is told what is wrong with it.
 */
function unsupported(operationId: string, why: string): Promise<never> {
  return Promise.reject(
    new ParamError(
      'lookingGlassQuery',
      `expected one of the Looking Glass queries this deployment serves (${SERVED.join(', ')}), got ` +
        `${rendered(operationId)}: ${why}`,
    ),
  );
}

const EVM_CHAIN_ID = 'a decimal EVM chain id (1 to 2^256-1, no leading zeros)';

const chainIdParam = () =>
  z
    .string({ error: (issue) => `expected ${EVM_CHAIN_ID}, got ${rendered(issue.input)}` })
    .refine((text) => /^[1-9]\d{0,77}$/.test(text) && BigInt(text) <= MAX_UINT256, {
      error: (issue) => `expected ${EVM_CHAIN_ID}, got ${rendered(issue.input)}`,
    })
    .meta({
      description:
        'A supported evm chain id. Use the `/chains` endpoint to get a list of supported chain ids.',
    });

const THRESHOLD_WHAT = 'a decimal integer from 0 to 2^256-1 (the token’s smallest unit)';
const thresholdParam = () =>
  z
    .string({
      error: (issue) =>
        issue.input === undefined
          ? `is required: expected ${THRESHOLD_WHAT}`
          : `expected ${THRESHOLD_WHAT}, got ${rendered(issue.input)}`,
    })
    .refine((text) => /^\d{1,78}$/.test(text) && BigInt(text) <= MAX_UINT256, {
      error: (issue) => `expected ${THRESHOLD_WHAT}, got ${rendered(issue.input)}`,
    })
    .transform((text) => BigInt(text).toString())
    .meta({ description: 'The minimum balance for which addresses should be considered.' });

const lookingGlassPageSize = () =>
  pageSizeParam(MAX_LOOKING_GLASS_PAGE_SIZE, DEFAULT_LOOKING_GLASS_PAGE_SIZE);
const startParam = () => timestampParam('Query param for retrieving items after a specific timestamp.');
const endParam = () => timestampParam('Query param for retrieving items before a specific timestamp.');

export const getNftHoldersByContractAddress = defineRoute({
  method: 'GET',
  path: '/v2/chains/{chainId}/contracts/{address}/nfts:listHolders',
  operationId: 'getNftHoldersByContractAddress',
  summary: 'Get NFT holders by contract address',
  pathParams: {
    chainId: chainIdParam(),
    address: evmAddressParam('Contract address on the relevant chain.'),
  },
  query: { pageToken: pageTokenParam(), pageSize: lookingGlassPageSize() },
  responses: ['NftHoldersResponse'],
  handle: async (input, { metrics, listPage }) => {
    const request = { chain_id: input.chainId, address: hex(input.address), page_size: input.pageSize };
    const { response, nextPageToken } = await listPage(input.pageToken, request, (r) =>
      metrics.ListNftHolders(r),
    );
    return toListDocument(response, nextPageToken);
  },
});

export const getAddressesByBalanceOverTime = defineRoute({
  method: 'GET',
  path: '/v2/chains/{chainId}/contracts/{address}/balances',
  operationId: 'getAddressesByBalanceOverTime',
  summary: 'Get addresses by balance over time',
  pathParams: {
    chainId: chainIdParam(),
    address: evmAddressParam('Contract address on the relevant chain.'),
  },
  query: {
    threshold: thresholdParam(),
    startTimestamp: startParam(),
    endTimestamp: endParam(),
    pageToken: pageTokenParam(),
    pageSize: lookingGlassPageSize(),
  },
  rules: [TIME_RANGE],
  responses: ['LookingGlassResponse'],
  handle: async (input, { metrics, listPage }) => {
    const request = {
      chain_id: input.chainId,
      address: hex(input.address),
      threshold: input.threshold,
      ...(input.startTimestamp === undefined ? {} : { start_timestamp: input.startTimestamp }),
      ...(input.endTimestamp === undefined ? {} : { end_timestamp: input.endTimestamp }),
      page_size: input.pageSize,
    };
    const { response, nextPageToken } = await listPage(input.pageToken, request, (r) =>
      metrics.ListAddressesByBalanceOverTime(r),
    );
    return toListDocument(response, nextPageToken);
  },
});

export const getAddressesByBtcbBridged = defineRoute({
  method: 'GET',
  path: '/v2/chains/43114/btcb/bridged:getAddresses',
  operationId: 'getAddressesByBtcbBridged',
  summary: 'Get addresses by BTCb bridged balance (not served by this deployment)',
  pathParams: {},
  query: { threshold: thresholdParam(), pageToken: pageTokenParam(), pageSize: lookingGlassPageSize() },
  responses: ['LookingGlassResponse'],
  handle: () =>
    unsupported(
      'getAddressesByBtcbBridged',
      'what addresses bridged through the Avalanche Bridge (BTC.b) on mainnet is not part of the data this stack ' +
        'indexes',
    ),
});

const SUBNET_ID = 'a subnet id (cb58 of 32 bytes)';

export const getValidatorsByDateRange = defineRoute({
  method: 'GET',
  path: '/v2/subnets/{subnetId}/validators:getAddresses',
  operationId: 'getValidatorsByDateRange',
  summary: 'Get addresses running validators during a given time frame',
  pathParams: {
    subnetId: z
      .string({ error: (issue) => `expected ${SUBNET_ID}, got ${rendered(issue.input)}` })
      .refine(isCb58Id, { error: (issue) => `expected ${SUBNET_ID}, got ${rendered(issue.input)}` })
      .meta({ description: 'The subnet ID to filter by.' }),
  },
  query: {
    startTimestamp: startParam(),
    endTimestamp: endParam(),
    pageToken: pageTokenParam(),
    pageSize: lookingGlassPageSize(),
    network: enumParam(['mainnet', 'fuji', 'testnet'])
      .optional()
      .meta({ description: 'Either mainnet or testnet/fuji.' }),
  },
  rules: [TIME_RANGE],
  responses: ['PChainLookingGlassResponse'],
  handle: async (input, { metrics, listPage }) => {
    const request = {
      subnet_id: input.subnetId,
      // fuji and testnet are one network: one request to the service, one page token for both.
      network: input.network === undefined ? '' : input.network === 'testnet' ? 'fuji' : input.network,
      ...(input.startTimestamp === undefined ? {} : { start_timestamp: input.startTimestamp }),
      ...(input.endTimestamp === undefined ? {} : { end_timestamp: input.endTimestamp }),
      page_size: input.pageSize,
    };
    const { response, nextPageToken } = await listPage(input.pageToken, request, (r) =>
      metrics.ListValidatorsByDateRange(r),
    );
    return toListDocument(response, nextPageToken);
  },
});

const SUBQUERIES = 'a list of subqueries, each {id, type, params} (id and type strings, params an object)';
/** Any subquery's flaw is told as the list's, since the list is the parameter. */
const subqueries = (issue: { input?: unknown }) =>
  issue.input === undefined
    ? `is required: expected ${SUBQUERIES}`
    : `expected ${SUBQUERIES}, got ${rendered(issue.input)}`;

const badMember = (member: string, what: string) => (issue: { input?: unknown }) =>
  `expected ${SUBQUERIES}, got a subquery whose ${member} is ${issue.input === undefined ? 'missing' : `${rendered(issue.input)}, not ${what}`}`;

/** The composite query's body, checked as the document states it before the query is refused. */
const compositeQueryBody = {
  queries: z
    .array(
      z.object(
        {
          id: z.string({ error: badMember('id', 'a string') }),
          type: z.string({ error: badMember('type', 'a string') }),
          params: z.record(z.string(), z.unknown(), { error: badMember('params', 'an object') }),
        },
        { error: subqueries },
      ),
      { error: subqueries },
    )
    .meta({ description: 'The subqueries.' }),
  operator: enumParam(['AND', 'OR']).meta({ description: 'How the subqueries’ addresses combine.' }),
  pageToken: pageTokenParam(),
  pageSize: jsonIntegerParam(1, MAX_COMPOSITE_PAGE_SIZE)
    .optional()
    .meta({
      description: `The maximum number of items to return: 1 to ${MAX_COMPOSITE_PAGE_SIZE}, default 1000.`,
    }),
};

const COMPOSITE_WHY =
  'composite queries combine balances over time of native tokens, ERC-20 tokens and Stars Arena keys with NFT ' +
  'holders by date; this deployment serves the ERC-20 and NFT lists apart (nfts:listHolders, …/balances) only';

export const compositeQueryV1 = defineRoute({
  method: 'POST',
  path: '/v1/lookingGlass/compositeQuery',
  operationId: 'compositeQueryV1',
  summary: 'Composite query (not served by this deployment)',
  pathParams: {},
  query: {},
  body: compositeQueryBody,
  responses: ['CompositeQueryResponse'],
  handle: () => unsupported('compositeQueryV1', COMPOSITE_WHY),
});

export const compositeQueryV2 = defineRoute({
  method: 'POST',
  path: '/v2/lookingGlass/compositeQuery',
  operationId: 'compositeQueryV2',
  summary: 'Composite query (not served by this deployment)',
  pathParams: {},
  query: {},
  body: compositeQueryBody,
  responses: ['CompositeQueryResponse'],
  handle: () => unsupported('compositeQueryV2', COMPOSITE_WHY),
});

export const LOOKING_GLASS_ROUTES = [
  getNftHoldersByContractAddress,
  getAddressesByBalanceOverTime,
  getAddressesByBtcbBridged,
  getValidatorsByDateRange,
  compositeQueryV1,
  compositeQueryV2,
];
