import { z } from 'zod';
import type { EvmDataServiceDefinition } from '../generated/proto/chaindata/evmdata/v1/EvmDataService.ts';
import type { PrimaryNetworkServiceDefinition } from '../generated/proto/chaindata/primarynetwork/v1/PrimaryNetworkService.ts';
import type { SortOrder } from '../generated/proto/chaindata/primarynetwork/v1/SortOrder.ts';
import type { UnaryClient } from '../runtime/grpc/client.ts';
import {
  MAX_COLLECTIBLE_PAGE_SIZE,
  MAX_PAGE_SIZE,
  MAX_UTXO_PAGE_SIZE,
} from '../runtime/pagination/limits.ts';
import type { PageTokens } from '../runtime/pagination/page-token.ts';
import {
  anyBlockchainIdParam,
  blockchainIdParam,
  networkIdentity,
  networkParam,
  selectAnyBlockchain,
  selectChain,
  xChainIdParam,
  type ChainSelection,
  type NetworkName,
} from './chains.ts';
import { fromOneof, toApiDocument, toListDocument, type ApiDocument } from './documents.ts';
import {
  addressListParam,
  API_FEATURES,
  assetIdParam,
  blockIdParam,
  booleanParam,
  CURRENCY_CODES,
  decimalTextParam,
  enumListParam,
  enumParam,
  evmAddressParam,
  evmChainIdParam,
  evmTxHashParam,
  integerParam,
  MAX_UINT256,
  MAX_UINT64,
  nodeIdListParam,
  nonNegativeNumberParam,
  pageSizeParam,
  pageTokenParam,
  ParamError,
  parseParams,
  PRIMARY_NETWORK_TX_TYPES,
  rendered,
  sortOrderParam,
  timestampParam,
  txHashParam,
  UTXO_SORT_KEYS,
  validationIdParam,
  type RequestAddress,
  type SortOrderParam,
} from './params.ts';

/**
 * The Data API's routes: for each, its parameters as zod schemas (validation and the OpenAPI document both come
 * from them), the rules that tie parameters together, and the call to the service that answers it: the
 * primary-network service for `/v1/networks/...`, the evm-data service for the EVM chains and ICM.
 */
export type PrimaryNetworkClient = UnaryClient<PrimaryNetworkServiceDefinition>;
export type EvmDataClient = UnaryClient<EvmDataServiceDefinition>;

export interface RouteServices {
  primaryNetwork: PrimaryNetworkClient;
  evmData: EvmDataClient;
  pageTokens: PageTokens;
}

/** What Koa hands a route: path parameters, the query (arrays for repeated names) and the parsed JSON body. */
export interface RawRequest {
  params: Record<string, string | undefined>;
  query: Record<string, string | string[] | undefined>;
  body: unknown;
}

export interface DataRoute {
  method: 'GET' | 'POST';
  /** The path as the OpenAPI document writes it (`{network}`); colons in it are literal. */
  path: string;
  operationId: string;
  summary: string;
  pathParams: z.ZodRawShape;
  query: z.ZodRawShape;
  body?: z.ZodRawShape;
  /** The status of a success: 200 unless the official document says 201 (the route queues or creates). */
  successStatus?: 200 | 201;
  /**
   * The official document's component names of the success answer (more than one: any of them); none when the
   * success has no body at all.
   */
  responses: readonly string[];
  /** The answer's document, or undefined for an empty body. */
  serve(request: RawRequest, services: RouteServices): Promise<ApiDocument | undefined>;
}

/** What a route's handler works with: the services, and the paging of this route's list call. */
export interface RouteContext {
  primaryNetwork: PrimaryNetworkClient;
  evmData: EvmDataClient;
  listPage<R extends PagedRequest, T extends PagedResponse>(
    pageToken: string | undefined,
    request: R,
    call: (request: R) => Promise<T>,
  ): Promise<{ response: T; nextPageToken: string | undefined }>;
}

type RouteSpec<P extends z.ZodRawShape, Q extends z.ZodRawShape, B extends z.ZodRawShape> = Omit<
  DataRoute,
  'serve' | 'pathParams' | 'query' | 'body'
> & {
  pathParams: P;
  query: Q;
  body?: B;
  handle: (
    input: z.output<z.ZodObject<P & Q & B>>,
    context: RouteContext,
  ) => Promise<ApiDocument | undefined>;
};

function defineRoute<
  P extends z.ZodRawShape,
  Q extends z.ZodRawShape,
  B extends z.ZodRawShape = Record<never, never>,
>(spec: RouteSpec<P, Q, B>): DataRoute {
  const { handle, ...description } = spec;
  const schema = z.object({ ...spec.pathParams, ...spec.query, ...spec.body }) as z.ZodObject<P & Q & B>;
  return {
    ...description,
    serve: (request, services) => {
      const input = {
        ...picked(request.params, spec.pathParams),
        ...picked(request.query, spec.query),
        ...(spec.body ? picked(jsonObjectBody(request.body, spec.body), spec.body) : {}),
      };
      return handle(parseParams(schema, input), {
        primaryNetwork: services.primaryNetwork,
        evmData: services.evmData,
        listPage: (pageToken, request, call) =>
          listPage(services.pageTokens, spec.operationId, pageToken, request, call),
      });
    },
  };
}

/** Only the route's own parameters, so a query parameter cannot stand in for a body member (or the reverse). */
function picked(source: Record<string, unknown>, shape: z.ZodRawShape): Record<string, unknown> {
  return Object.fromEntries(Object.keys(shape).map((name) => [name, source[name]]));
}

function jsonObjectBody(body: unknown, shape: z.ZodRawShape): Record<string, unknown> {
  if (body === undefined) return {};
  if (typeof body === 'object' && body !== null && !Array.isArray(body))
    return body as Record<string, unknown>;
  const members = Object.keys(shape);
  throw new ParamError(
    members[0] ?? 'body',
    `expected a JSON object body with ${members.join(', ')}, got ${rendered(body)}`,
  );
}

// ---- Cross-parameter rules

function chainRef(chain: { network: string; blockchainId: string }) {
  return { network: chain.network, blockchain_id: chain.blockchainId };
}

function sortOrderOf(sortOrder: SortOrderParam | undefined): SortOrder {
  return sortOrder === 'asc' ? 'SORT_ORDER_ASC' : 'SORT_ORDER_DESC';
}

function requireTimeRange(startTimestamp: number | undefined, endTimestamp: number | undefined): void {
  if (startTimestamp !== undefined && endTimestamp !== undefined && startTimestamp > endTimestamp)
    throw new ParamError(
      'startTimestamp',
      `must not be after endTimestamp, got ${startTimestamp} > ${endTimestamp}`,
    );
}

interface AddressFilter {
  addresses: Uint8Array[];
  evmAddresses: Uint8Array[];
}

/** The addresses as the service takes them: each bech32 one must carry the network's prefix. */
function addressFilter(
  addresses: RequestAddress[],
  network: NetworkName,
  evm: 'accepted' | { refused: string },
): AddressFilter {
  const { hrp } = networkIdentity(network);
  const filter: AddressFilter = { addresses: [], evmAddresses: [] };
  for (const address of addresses) {
    if (address.kind === 'evm') {
      if (evm !== 'accepted')
        throw new ParamError('addresses', `${rendered(address.text)} is an EVM address; ${evm.refused}`);
      filter.evmAddresses.push(address.bytes);
    } else if (address.hrp !== hrp) {
      throw new ParamError(
        'addresses',
        `${rendered(address.text)} has the prefix "${address.hrp}"; addresses on ${network} start with "${hrp}"`,
      );
    } else {
      filter.addresses.push(address.bytes);
    }
  }
  return filter;
}

const BECH32_ONLY = {
  refused: 'this route takes bech32 addresses (avax1…/fuji1…, optionally P-/X-/C-) only',
};

function evmAddressesOn(chain: ChainSelection): 'accepted' | { refused: string } {
  return chain.alias === 'c-chain'
    ? 'accepted'
    : { refused: 'EVM addresses are accepted on the C-Chain only' };
}

/** The real API filters by type and time only within an address's transactions. */
function requireAddressesFor(
  filters: { txTypes?: unknown[] | undefined; startTimestamp?: number; endTimestamp?: number },
  hasAddresses: boolean,
): void {
  if (hasAddresses) return;
  for (const [name, value] of Object.entries(filters)) {
    if (value !== undefined && !(Array.isArray(value) && value.length === 0))
      throw new ParamError(
        name,
        `filtering by ${name} needs addresses; the API does not support it without them`,
      );
  }
}

/** The service compares amounts as integers; an inclusive minimum with a fraction rounds up. */
function minimumAmountText(amount: number | undefined): string {
  return amount === undefined ? '0' : BigInt(Math.ceil(amount)).toString();
}

// ---- Pagination

interface PagedRequest {
  page_size: number;
  cursor?: string;
}

interface PagedResponse {
  next_cursor: string;
}

/**
 * One page of a list call: the client's token opens to the service's cursor, and the next cursor goes back as a
 * token. Both are bound to the request the service sees (the normalized query) minus page size and cursor.
 */
async function listPage<R extends PagedRequest, T extends PagedResponse>(
  pageTokens: PageTokens,
  operationId: string,
  pageToken: string | undefined,
  request: R,
  call: (request: R) => Promise<T>,
): Promise<{ response: T; nextPageToken: string | undefined }> {
  const { page_size: _pageSize, cursor: _cursor, ...params } = request;
  const query = { route: operationId, params };
  const cursor = pageTokens.open(query, pageToken);
  const response = await call({ ...request, cursor });
  return { response, nextPageToken: pageTokens.issue(query, response.next_cursor) };
}

// ---- The routes

const CHAIN_PATH = { network: networkParam(), blockchainId: blockchainIdParam() };
const PAGING = { pageToken: pageTokenParam(), pageSize: pageSizeParam(MAX_PAGE_SIZE) };

const ADDRESSES_DESCRIPTION =
  'A comma-separated list of X-Chain or P-Chain addresses, starting with "avax"/"fuji", "P-avax"/"P-fuji" or ' +
  '"X-avax"/"X-fuji".';

export const getBlockchainById = defineRoute({
  method: 'GET',
  path: '/v1/networks/{network}/blockchains/{blockchainId}',
  operationId: 'getBlockchainById',
  summary: 'Get blockchain details by ID',
  pathParams: { network: networkParam(), blockchainId: anyBlockchainIdParam() },
  query: {},
  responses: ['Blockchain'],
  async handle({ network, blockchainId }, { primaryNetwork }) {
    const chain = selectAnyBlockchain(network, blockchainId);
    return toApiDocument(await primaryNetwork.GetBlockchain({ chain: chainRef(chain) }));
  },
});

export const listLatestPrimaryNetworkBlocks = defineRoute({
  method: 'GET',
  path: '/v1/networks/{network}/blockchains/{blockchainId}/blocks',
  operationId: 'listLatestPrimaryNetworkBlocks',
  summary: 'List latest blocks',
  pathParams: CHAIN_PATH,
  query: {
    startTimestamp: timestampParam('Blocks after this time (unix seconds).'),
    endTimestamp: timestampParam('Blocks before this time (unix seconds).'),
    ...PAGING,
  },
  responses: ['ListPrimaryNetworkBlocksResponse'],
  async handle(input, context) {
    const chain = selectChain(input.network, input.blockchainId);
    requireTimeRange(input.startTimestamp, input.endTimestamp);
    const { response, nextPageToken } = await context.listPage(
      input.pageToken,
      {
        chain: chainRef(chain),
        start_timestamp: input.startTimestamp,
        end_timestamp: input.endTimestamp,
        page_size: input.pageSize,
      },
      context.primaryNetwork.ListBlocks,
    );
    return toListDocument(response, nextPageToken);
  },
});

export const getBlockById = defineRoute({
  method: 'GET',
  path: '/v1/networks/{network}/blockchains/{blockchainId}/blocks/{blockId}',
  operationId: 'getBlockById',
  summary: 'Get block',
  pathParams: { ...CHAIN_PATH, blockId: blockIdParam() },
  query: {},
  responses: ['GetPrimaryNetworkBlockResponse'],
  async handle({ network, blockchainId, blockId }, { primaryNetwork }) {
    const chain = selectChain(network, blockchainId);
    return toApiDocument(await primaryNetwork.GetBlock({ chain: chainRef(chain), block_id: blockId }));
  },
});

export const getVertexByHeight = defineRoute({
  method: 'GET',
  path: '/v1/networks/{network}/blockchains/{blockchainId}/vertices:listByHeight',
  operationId: 'getVertexByHeight',
  summary: 'List vertices by height',
  pathParams: { network: networkParam(), blockchainId: xChainIdParam() },
  query: {
    vertexHeight: integerParam(0, Number.MAX_SAFE_INTEGER, 'an integer ≥ 0').meta({
      description: 'The height of a vertex.',
    }),
    ...PAGING,
    sortOrder: sortOrderParam(),
  },
  responses: ['ListXChainVerticesResponse'],
  async handle(input, context) {
    const chain = selectChain(input.network, input.blockchainId);
    const { response, nextPageToken } = await context.listPage(
      input.pageToken,
      {
        chain: chainRef(chain),
        vertex_height: input.vertexHeight,
        sort_order: sortOrderOf(input.sortOrder),
        page_size: input.pageSize,
      },
      context.primaryNetwork.ListVerticesByHeight,
    );
    return toListDocument(response, nextPageToken);
  },
});

export const listLatestPrimaryNetworkTransactions = defineRoute({
  method: 'GET',
  path: '/v1/networks/{network}/blockchains/{blockchainId}/transactions',
  operationId: 'listLatestPrimaryNetworkTransactions',
  summary: 'List latest transactions',
  pathParams: CHAIN_PATH,
  query: {
    addresses: addressListParam(
      `${ADDRESSES_DESCRIPTION} Also accepts EVM addresses starting with "0x" for C-Chain atomic transactions.`,
    ).optional(),
    l1ValidationId: validationIdParam(),
    txTypes: enumListParam(PRIMARY_NETWORK_TX_TYPES)
      .optional()
      .meta({ description: 'Only these transaction types (repeat the parameter or separate with commas).' }),
    startTimestamp: timestampParam('Transactions after this time (unix seconds); needs addresses.'),
    endTimestamp: timestampParam('Transactions before this time (unix seconds); needs addresses.'),
    ...PAGING,
    sortOrder: sortOrderParam(),
  },
  responses: [
    'ListPChainTransactionsResponse',
    'ListXChainTransactionsResponse',
    'ListCChainAtomicTransactionsResponse',
  ],
  async handle(input, context) {
    const chain = selectChain(input.network, input.blockchainId);
    const addresses = input.addresses ?? [];
    const filter = addressFilter(addresses, input.network, evmAddressesOn(chain));
    if (input.l1ValidationId !== undefined && chain.alias !== 'p-chain')
      throw new ParamError('l1ValidationId', `L1 validators are on the P-Chain, not the ${chain.alias}`);
    requireAddressesFor(
      { txTypes: input.txTypes, startTimestamp: input.startTimestamp, endTimestamp: input.endTimestamp },
      addresses.length > 0,
    );
    requireTimeRange(input.startTimestamp, input.endTimestamp);
    const { response, nextPageToken } = await context.listPage(
      input.pageToken,
      {
        chain: chainRef(chain),
        addresses: filter.addresses,
        evm_addresses: filter.evmAddresses,
        l1_validation_id: input.l1ValidationId,
        tx_types: input.txTypes ?? [],
        start_timestamp: input.startTimestamp,
        end_timestamp: input.endTimestamp,
        sort_order: sortOrderOf(input.sortOrder),
        page_size: input.pageSize,
      },
      context.primaryNetwork.ListTransactions,
    );
    const transactions = response.transactions.map((tx) => fromOneof(tx, 'Transaction'));
    return toListDocument({ ...response, transactions }, nextPageToken);
  },
});

export const getTxByHash = defineRoute({
  method: 'GET',
  path: '/v1/networks/{network}/blockchains/{blockchainId}/transactions/{txHash}',
  operationId: 'getTxByHash',
  summary: 'Get transaction',
  pathParams: { ...CHAIN_PATH, txHash: txHashParam('A primary network transaction hash (cb58).') },
  query: {},
  responses: [
    'PChainTransaction',
    'XChainNonLinearTransaction',
    'XChainLinearTransaction',
    'CChainExportTransaction',
    'CChainImportTransaction',
  ],
  async handle({ network, blockchainId, txHash }, { primaryNetwork }) {
    const chain = selectChain(network, blockchainId);
    const transaction = await primaryNetwork.GetTransaction({ chain: chainRef(chain), tx_hash: txHash });
    return toApiDocument(fromOneof(transaction, 'Transaction'));
  },
});

const UTXO_QUERY = {
  pageToken: pageTokenParam(),
  assetId: assetIdParam(),
  minUtxoAmount: nonNegativeNumberParam()
    .optional()
    .meta({ description: 'The minimum UTXO amount in nAVAX (inclusive). Default 0.' }),
  includeSpent: booleanParam().optional().meta({ description: 'Include spent UTXOs.' }),
  sortBy: enumParam(UTXO_SORT_KEYS)
    .optional()
    .meta({ description: 'Which property to sort by, with sortOrder.' }),
  sortOrder: sortOrderParam(),
};

/** Both UTXO routes: the v2 POST takes the addresses in its body, the v1 GET in its query. */
async function listUtxos(
  input: {
    network: NetworkName;
    blockchainId: string;
    addresses: RequestAddress[];
    pageToken?: string | undefined;
    pageSize: number;
    assetId?: Uint8Array | undefined;
    minUtxoAmount?: number | undefined;
    includeSpent?: boolean | undefined;
    sortBy?: (typeof UTXO_SORT_KEYS)[number] | undefined;
    sortOrder?: 'asc' | 'desc' | undefined;
  },
  context: RouteContext,
) {
  const chain = selectChain(input.network, input.blockchainId);
  const filter = addressFilter(input.addresses, input.network, BECH32_ONLY);
  if (input.assetId !== undefined && chain.alias !== 'x-chain')
    throw new ParamError('assetId', `filters X-Chain UTXOs only, not the ${chain.alias}'s`);
  const { response, nextPageToken } = await context.listPage(
    input.pageToken,
    {
      chain: chainRef(chain),
      addresses: filter.addresses,
      asset_id: input.assetId,
      min_utxo_amount: minimumAmountText(input.minUtxoAmount),
      include_spent: input.includeSpent ?? false,
      sort_by: input.sortBy ?? 'timestamp',
      sort_order: sortOrderOf(input.sortOrder),
      page_size: input.pageSize,
    },
    context.primaryNetwork.ListUtxos,
  );
  const utxos = response.utxos.map((utxo) => fromOneof(utxo, 'AnyUtxo'));
  return toListDocument({ ...response, utxos }, nextPageToken);
}

export const getUtxosByAddressesV2 = defineRoute({
  method: 'POST',
  path: '/v1/networks/{network}/blockchains/{blockchainId}/utxos',
  operationId: 'getUtxosByAddressesV2',
  summary: 'List UTXOs by addresses',
  pathParams: CHAIN_PATH,
  query: { ...UTXO_QUERY, pageSize: pageSizeParam(MAX_UTXO_PAGE_SIZE) },
  body: {
    addresses: addressListParam(`${ADDRESSES_DESCRIPTION} Required.`, { atLeastOne: true }),
  },
  responses: ['ListPChainUtxosResponse', 'ListUtxosResponse'],
  handle: (input, context) => listUtxos(input, context),
});

/** The earlier UTXO route, which the SDKs (e.g. @avalabs/avacloud-sdk's utxos.listByAddresses) still call. */
export const getUtxosByAddresses = defineRoute({
  method: 'GET',
  path: '/v1/networks/{network}/blockchains/{blockchainId}/utxos',
  operationId: 'getUtxosByAddresses',
  summary: 'List UTXOs by addresses (v1)',
  pathParams: CHAIN_PATH,
  query: {
    ...UTXO_QUERY,
    pageSize: pageSizeParam(MAX_PAGE_SIZE),
    // Optional in the official document, yet there is nothing to list without it.
    addresses: addressListParam(`${ADDRESSES_DESCRIPTION} Required.`, { atLeastOne: true }).optional(),
  },
  responses: ['ListPChainUtxosResponse', 'ListUtxosResponse'],
  handle: ({ addresses, ...input }, context) => {
    if (addresses === undefined)
      throw new ParamError('addresses', 'is required: the addresses whose UTXOs to list');
    return listUtxos({ ...input, addresses }, context);
  },
});

const REWARDS_QUERY = {
  addresses: addressListParam(
    `${ADDRESSES_DESCRIPTION} At least one of addresses or nodeIds is required.`,
  ).optional(),
  ...PAGING,
  nodeIds: nodeIdListParam(),
  sortOrder: sortOrderParam(),
};

function rewardsFilter(input: {
  network: NetworkName;
  addresses?: RequestAddress[] | undefined;
  nodeIds?: { bytes: Uint8Array }[] | undefined;
  sortOrder?: SortOrderParam | undefined;
  pageSize: number;
}) {
  const addresses = input.addresses ?? [];
  const nodeIds = input.nodeIds ?? [];
  if (addresses.length === 0 && nodeIds.length === 0)
    throw new ParamError('addresses', 'at least one of addresses or nodeIds is required');
  return {
    network: networkIdentity(input.network).name,
    addresses: addressFilter(addresses, input.network, BECH32_ONLY).addresses,
    node_ids: nodeIds.map((nodeId) => nodeId.bytes),
    sort_order: sortOrderOf(input.sortOrder),
    page_size: input.pageSize,
  };
}

export const listHistoricalPrimaryNetworkRewards = defineRoute({
  method: 'GET',
  path: '/v1/networks/{network}/rewards',
  operationId: 'listHistoricalPrimaryNetworkRewards',
  summary: 'List historical rewards',
  pathParams: { network: networkParam() },
  query: {
    ...REWARDS_QUERY,
    currency: enumParam(CURRENCY_CODES)
      .default('usd')
      .meta({ description: 'The currency of historical prices. Defaults to usd.' }),
  },
  responses: ['ListHistoricalRewardsResponse'],
  async handle(input, context) {
    const { response, nextPageToken } = await context.listPage(
      input.pageToken,
      { ...rewardsFilter(input), currency: input.currency },
      context.primaryNetwork.ListHistoricalRewards,
    );
    return toListDocument(response, nextPageToken);
  },
});

export const listPendingPrimaryNetworkRewards = defineRoute({
  method: 'GET',
  path: '/v1/networks/{network}/rewards:listPending',
  operationId: 'listPendingPrimaryNetworkRewards',
  summary: 'List pending rewards',
  pathParams: { network: networkParam() },
  query: REWARDS_QUERY,
  responses: ['ListPendingRewardsResponse'],
  async handle(input, context) {
    const { response, nextPageToken } = await context.listPage(
      input.pageToken,
      rewardsFilter(input),
      context.primaryNetwork.ListPendingRewards,
    );
    return toListDocument(response, nextPageToken);
  },
});

export const PRIMARY_NETWORK_ROUTES: readonly DataRoute[] = [
  getBlockchainById,
  listLatestPrimaryNetworkBlocks,
  getBlockById,
  getVertexByHeight,
  listLatestPrimaryNetworkTransactions,
  getTxByHash,
  getUtxosByAddressesV2,
  getUtxosByAddresses,
  listHistoricalPrimaryNetworkRewards,
  listPendingPrimaryNetworkRewards,
];

// ---- The EVM routes (the evm-data service)

const EVM_CHAIN_PATH = { chainId: evmChainIdParam() };
const WALLET_PATH = { ...EVM_CHAIN_PATH, address: evmAddressParam('A wallet address.') };
const CONTRACT_PATH = {
  ...EVM_CHAIN_PATH,
  address: evmAddressParam('Contract address on the relevant chain.'),
};

/** The network the service filters by: its own name (testnet is fuji), or '' for every network. */
function networkFilter(network: NetworkName | undefined): string {
  return network === undefined ? '' : networkIdentity(network).name;
}

/** startBlock is inclusive and endBlock exclusive, so a range needs startBlock below endBlock. */
function requireBlockRange(startBlock: number | undefined, endBlock: number | undefined): void {
  if (startBlock !== undefined && endBlock !== undefined && startBlock >= endBlock)
    throw new ParamError(
      'startBlock',
      `must be less than endBlock (startBlock is inclusive, endBlock exclusive), got startBlock ${startBlock} ` +
        `and endBlock ${endBlock}`,
    );
}

export const supportedChains = defineRoute({
  method: 'GET',
  path: '/v1/chains',
  operationId: 'supportedChains',
  summary: 'List chains',
  pathParams: {},
  query: {
    network: networkParam().optional(),
    feature: enumParam(API_FEATURES).optional().meta({ description: 'Filter by feature.' }),
  },
  responses: ['ListChainsResponse'],
  async handle({ network, feature }, { evmData }) {
    const response = await evmData.ListChains({ network: networkFilter(network) });
    const chains =
      feature === undefined
        ? response.chains
        : response.chains.filter((chain) => chain.enabledFeatures.includes(feature));
    return toApiDocument({ ...response, chains });
  },
});

export const getChainInfo = defineRoute({
  method: 'GET',
  path: '/v1/chains/{chainId}',
  operationId: 'getChainInfo',
  summary: 'Get chain information',
  pathParams: EVM_CHAIN_PATH,
  query: {},
  responses: ['GetChainResponse'],
  async handle({ chainId }, { evmData }) {
    return toApiDocument(await evmData.GetChain({ chain_id: chainId }));
  },
});

export const getContractMetadata = defineRoute({
  method: 'GET',
  path: '/v1/chains/{chainId}/addresses/{address}',
  operationId: 'getContractMetadata',
  summary: 'Get contract metadata',
  pathParams: CONTRACT_PATH,
  query: {},
  responses: ['Erc721Contract', 'Erc1155Contract', 'Erc20Contract', 'UnknownContract'],
  async handle({ chainId, address }, { evmData }) {
    return toApiDocument(await evmData.GetContractMetadata({ chain_id: chainId, address }));
  },
});

export const getNativeBalance = defineRoute({
  method: 'GET',
  path: '/v1/chains/{chainId}/addresses/{address}/balances:getNative',
  operationId: 'getNativeBalance',
  summary: 'Get native token balance',
  pathParams: WALLET_PATH,
  query: {
    blockNumber: decimalTextParam('a block number (decimal)', MAX_UINT64)
      .optional()
      .meta({ description: 'The block number, if not defined the block number will be the latest block.' }),
    currency: enumParam(CURRENCY_CODES)
      .default('usd')
      .meta({ description: 'The currency that return values should use. Defaults to usd.' }),
  },
  responses: ['GetNativeBalanceResponse'],
  async handle(input, { evmData }) {
    return toApiDocument(
      await evmData.GetNativeBalance({
        chain_id: input.chainId,
        address: input.address,
        block_number: input.blockNumber,
        currency: input.currency,
      }),
    );
  },
});

export const listCollectibleBalances = defineRoute({
  method: 'GET',
  path: '/v1/chains/{chainId}/addresses/{address}/balances:listCollectibles',
  operationId: 'listCollectibleBalances',
  summary: 'List collectible (ERC-721/ERC-1155) balances',
  pathParams: WALLET_PATH,
  query: {
    pageToken: pageTokenParam(),
    pageSize: pageSizeParam(MAX_COLLECTIBLE_PAGE_SIZE),
    contractAddress: evmAddressParam('A contract address to filter by.').optional(),
  },
  responses: ['ListCollectibleBalancesResponse'],
  async handle(input, context) {
    const { response, nextPageToken } = await context.listPage(
      input.pageToken,
      {
        chain_id: input.chainId,
        address: input.address,
        contract_address: input.contractAddress,
        page_size: input.pageSize,
      },
      context.evmData.ListCollectibleBalances,
    );
    const collectibleBalances = response.collectibleBalances.map((balance) =>
      fromOneof(balance, 'CollectibleBalance'),
    );
    return toListDocument({ ...response, collectibleBalances }, nextPageToken);
  },
});

export const listTransactions = defineRoute({
  method: 'GET',
  path: '/v1/chains/{chainId}/addresses/{address}/transactions',
  operationId: 'listTransactions',
  summary: 'List transactions',
  pathParams: WALLET_PATH,
  query: {
    ...PAGING,
    startBlock: integerParam(0, Number.MAX_SAFE_INTEGER, 'an integer ≥ 0 (a block number)')
      .optional()
      .meta({ description: 'The block range start number, inclusive.' }),
    endBlock: integerParam(0, Number.MAX_SAFE_INTEGER, 'an integer ≥ 0 (a block number)')
      .optional()
      .meta({ description: 'The block range end number, exclusive.' }),
    sortOrder: sortOrderParam(),
  },
  responses: ['ListTransactionDetailsResponse'],
  async handle(input, context) {
    requireBlockRange(input.startBlock, input.endBlock);
    const { response, nextPageToken } = await context.listPage(
      input.pageToken,
      {
        chain_id: input.chainId,
        address: input.address,
        start_block: input.startBlock,
        end_block: input.endBlock,
        sort_order: sortOrderOf(input.sortOrder),
        page_size: input.pageSize,
      },
      context.evmData.ListAddressTransactions,
    );
    return toListDocument(response, nextPageToken);
  },
});

export const getTransaction = defineRoute({
  method: 'GET',
  path: '/v1/chains/{chainId}/transactions/{txHash}',
  operationId: 'getTransaction',
  summary: 'Get transaction',
  pathParams: { ...EVM_CHAIN_PATH, txHash: evmTxHashParam('A transaction hash.') },
  query: {},
  responses: ['GetTransactionResponse'],
  async handle({ chainId, txHash }, { evmData }) {
    return toApiDocument(await evmData.GetTransaction({ chain_id: chainId, tx_hash: txHash }));
  },
});

export const listTokens = defineRoute({
  method: 'GET',
  path: '/v1/chains/{chainId}/nfts/collections/{address}/tokens',
  operationId: 'listTokens',
  summary: 'List tokens',
  pathParams: CONTRACT_PATH,
  query: PAGING,
  responses: ['ListNftTokens'],
  async handle(input, context) {
    const { response, nextPageToken } = await context.listPage(
      input.pageToken,
      { chain_id: input.chainId, contract_address: input.address, page_size: input.pageSize },
      context.evmData.ListNftTokens,
    );
    const tokens = response.tokens.map((token) => fromOneof(token, 'NftToken'));
    return toListDocument({ ...response, tokens }, nextPageToken);
  },
});

/** Queues a fresh metadata fetch; the service refuses a second within the hour (429 with retry-after). */
export const reindexNft = defineRoute({
  method: 'POST',
  path: '/v1/chains/{chainId}/nfts/collections/{address}/tokens/{tokenId}:reindex',
  operationId: 'reindexNft',
  summary: 'Reindex NFT metadata',
  pathParams: {
    ...CONTRACT_PATH,
    tokenId: decimalTextParam('a token id (a decimal uint256)', MAX_UINT256).meta({
      description: 'TokenId on the contract',
    }),
  },
  query: {},
  successStatus: 201,
  responses: [],
  async handle({ chainId, address, tokenId }, { evmData }) {
    await evmData.ReindexNftToken({ chain_id: chainId, contract_address: address, token_id: tokenId });
    return undefined;
  },
});

export const listIcmMessagesByAddress = defineRoute({
  method: 'GET',
  path: '/v1/icm/addresses/{address}/messages',
  operationId: 'listIcmMessagesByAddress',
  summary: 'List ICM messages by address',
  pathParams: { address: evmAddressParam('An EVM address.') },
  query: { ...PAGING, network: networkParam().optional() },
  responses: ['ListIcmMessagesResponse'],
  async handle(input, context) {
    const { response, nextPageToken } = await context.listPage(
      input.pageToken,
      { address: input.address, network: networkFilter(input.network), page_size: input.pageSize },
      context.evmData.ListIcmMessagesByAddress,
    );
    return toListDocument(response, nextPageToken);
  },
});

export const EVM_ROUTES: readonly DataRoute[] = [
  supportedChains,
  getChainInfo,
  getContractMetadata,
  getNativeBalance,
  listCollectibleBalances,
  listTransactions,
  getTransaction,
  listTokens,
  reindexNft,
  listIcmMessagesByAddress,
];

export const DATA_ROUTES: readonly DataRoute[] = [...PRIMARY_NETWORK_ROUTES, ...EVM_ROUTES];
