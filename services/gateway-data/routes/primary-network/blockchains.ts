import type { ListNetworkItemsRequest } from '../../../generated/proto/chaindata/primarynetwork/v1/ListNetworkItemsRequest.ts';
import { MAX_NETWORK_LIST_PAGE_SIZE } from '../../../runtime/pagination/limits.ts';
import { anyBlockchainIdParam, networkIdentity, networkParam, selectAnyBlockchain } from '../../chains.ts';
import { toApiDocument, toListDocument } from '../../../runtime/rest/documents.ts';
import { pageSizeParam, pageTokenParam, sortOrderParam } from '../../../runtime/rest/params.ts';
import { chainRef, defineRoute, sortOrderOf, type DataRoute, type PrimaryNetworkClient } from '../route.ts';

/** The lists of the network's own blockchains and subnets: up to 10000 a page, 100 by default. */
export const NETWORK_LIST_QUERY = {
  pageToken: pageTokenParam(),
  pageSize: pageSizeParam(MAX_NETWORK_LIST_PAGE_SIZE, 100),
  sortOrder: sortOrderParam(),
};

/** A list of what the network holds (its blockchains, its subnets), by creation, in either order. */
export function networkListRoute(spec: {
  path: string;
  operationId: string;
  summary: string;
  response: string;
  list: (
    client: PrimaryNetworkClient,
  ) => (request: ListNetworkItemsRequest) => Promise<{ next_cursor: string }>;
}): DataRoute {
  return defineRoute({
    method: 'GET',
    path: spec.path,
    operationId: spec.operationId,
    summary: spec.summary,
    pathParams: { network: networkParam() },
    query: NETWORK_LIST_QUERY,
    responses: [spec.response],
    async handle(input, context) {
      const { response, nextPageToken } = await context.listPage(
        input.pageToken,
        {
          network: networkIdentity(input.network).name,
          sort_order: sortOrderOf(input.sortOrder),
          page_size: input.pageSize,
        },
        spec.list(context.primaryNetwork),
      );
      return toListDocument(response, nextPageToken);
    },
  });
}

export const listBlockchains = networkListRoute({
  path: '/v1/networks/{network}/blockchains',
  operationId: 'listBlockchains',
  summary: 'List blockchains',
  response: 'ListBlockchainsResponse',
  list: (client) => client.ListBlockchains,
});

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
