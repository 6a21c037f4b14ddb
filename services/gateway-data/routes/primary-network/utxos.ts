import { MAX_PAGE_SIZE, MAX_UTXO_PAGE_SIZE } from '../../../runtime/pagination/limits.ts';
import { selectChain, type NetworkName } from '../../chains.ts';
import { fromOneof, toListDocument } from '../../../runtime/rest/documents.ts';
import {
  addressListParam,
  assetIdParam,
  booleanParam,
  enumParam,
  nonNegativeNumberParam,
  pageSizeParam,
  pageTokenParam,
  ParamError,
  sortOrderParam,
  UTXO_SORT_KEYS,
  type RequestAddress,
} from '../../../runtime/rest/params.ts';
import {
  ADDRESSES_DESCRIPTION,
  addressFilter,
  BECH32_ADDRESSES_ON_NETWORK,
  BECH32_ONLY,
  CHAIN_ON_NETWORK,
  CHAIN_PATH,
  chainRef,
  defineRoute,
  sortOrderOf,
  type InputRule,
  type RouteContext,
} from '../route.ts';

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

const ASSET_ON_X_CHAIN: InputRule<{
  network: NetworkName;
  blockchainId: string;
  assetId?: Uint8Array | undefined;
}> = {
  description: 'assetId is accepted on the X-Chain only.',
  check: ({ network, blockchainId, assetId }) => {
    const chain = selectChain(network, blockchainId);
    if (assetId !== undefined && chain.alias !== 'x-chain')
      throw new ParamError('assetId', `filters X-Chain UTXOs only, not the ${chain.alias}'s`);
  },
};

/** The path first: the other rules judge the request against the chain it names. */
const UTXO_RULES = [CHAIN_ON_NETWORK, BECH32_ADDRESSES_ON_NETWORK, ASSET_ON_X_CHAIN];

/** The service compares amounts as integers; an inclusive minimum with a fraction rounds up. */
function minimumAmountText(amount: number | undefined): string {
  return amount === undefined ? '0' : BigInt(Math.ceil(amount)).toString();
}

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
  rules: UTXO_RULES,
  responses: ['ListPChainUtxosResponse', 'ListUtxosResponse'],
  handle: (input, context) => listUtxos(input, context),
});

// Optional in the official document (so the schema keeps it optional), yet there is nothing to answer without it.
export const ADDRESSES_REQUIRED: InputRule<{ addresses?: RequestAddress[] | undefined }> = {
  description: 'addresses is required.',
  check: ({ addresses }) => {
    if (addresses === undefined) throw new ParamError('addresses', 'is required: the addresses to look up');
  },
};

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
    addresses: addressListParam(`${ADDRESSES_DESCRIPTION} Required.`, { atLeastOne: true }).optional(),
  },
  rules: [ADDRESSES_REQUIRED, ...UTXO_RULES],
  responses: ['ListPChainUtxosResponse', 'ListUtxosResponse'],
  // ADDRESSES_REQUIRED has refused a request without them; the parsed type cannot carry that.
  handle: ({ addresses = [], ...input }, context) => listUtxos({ ...input, addresses }, context),
});
