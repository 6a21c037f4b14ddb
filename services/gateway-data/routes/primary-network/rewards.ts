import { networkIdentity, networkParam, type NetworkName } from '../../chains.ts';
import { toListDocument } from '../../../runtime/rest/documents.ts';
import {
  addressListParam,
  CURRENCY_CODES,
  enumParam,
  nodeIdListParam,
  ParamError,
  sortOrderParam,
  type RequestAddress,
  type SortOrderParam,
} from '../../../runtime/rest/params.ts';
import {
  ADDRESSES_DESCRIPTION,
  addressFilter,
  BECH32_ADDRESSES_ON_NETWORK,
  BECH32_ONLY,
  defineRoute,
  PAGING,
  sortOrderOf,
  type InputRule,
} from '../route.ts';

const REWARDS_QUERY = {
  addresses: addressListParam(
    `${ADDRESSES_DESCRIPTION} At least one of addresses or nodeIds is required.`,
  ).optional(),
  ...PAGING,
  nodeIds: nodeIdListParam(),
  sortOrder: sortOrderParam(),
};

const ADDRESSES_OR_NODE_IDS: InputRule<{
  addresses?: RequestAddress[] | undefined;
  nodeIds?: { bytes: Uint8Array }[] | undefined;
}> = {
  description: 'At least one of addresses or nodeIds is required.',
  check: ({ addresses = [], nodeIds = [] }) => {
    if (addresses.length === 0 && nodeIds.length === 0)
      throw new ParamError('addresses', 'at least one of addresses or nodeIds is required');
  },
};

const REWARDS_RULES = [ADDRESSES_OR_NODE_IDS, BECH32_ADDRESSES_ON_NETWORK];

function rewardsFilter(input: {
  network: NetworkName;
  addresses?: RequestAddress[] | undefined;
  nodeIds?: { bytes: Uint8Array }[] | undefined;
  sortOrder?: SortOrderParam | undefined;
  pageSize: number;
}) {
  return {
    network: networkIdentity(input.network).name,
    addresses: addressFilter(input.addresses ?? [], input.network, BECH32_ONLY).addresses,
    node_ids: (input.nodeIds ?? []).map((nodeId) => nodeId.bytes),
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
  rules: REWARDS_RULES,
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
  rules: REWARDS_RULES,
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
