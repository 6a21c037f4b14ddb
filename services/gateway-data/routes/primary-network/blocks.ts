import { networkParam, selectChain, xChainIdParam } from '../../chains.ts';
import { toApiDocument, toListDocument } from '../../../runtime/rest/documents.ts';
import { encodeCb58 } from '../../../runtime/formatting/cb58.ts';
import {
  blockIdParam,
  cb58IdParam,
  integerParam,
  nodeIdParam,
  sortOrderParam,
  timestampParam,
} from '../../../runtime/rest/params.ts';
import {
  CHAIN_ON_NETWORK,
  CHAIN_PATH,
  chainRef,
  defineRoute,
  PAGING,
  sortOrderOf,
  TIME_RANGE,
} from '../route.ts';

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
  rules: [CHAIN_ON_NETWORK, TIME_RANGE],
  responses: ['ListPrimaryNetworkBlocksResponse'],
  async handle(input, context) {
    const chain = selectChain(input.network, input.blockchainId);
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
  rules: [CHAIN_ON_NETWORK],
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
  rules: [CHAIN_ON_NETWORK],
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

export const listPrimaryNetworkBlocksByNodeId = defineRoute({
  method: 'GET',
  path: '/v1/networks/{network}/blockchains/{blockchainId}/nodes/{nodeId}/blocks',
  operationId: 'listPrimaryNetworkBlocksByNodeId',
  summary: 'List blocks proposed by node',
  pathParams: { ...CHAIN_PATH, nodeId: nodeIdParam('A primary network (P or X chain) nodeId.') },
  query: {
    startTimestamp: timestampParam('Blocks after this time (unix seconds).'),
    endTimestamp: timestampParam('Blocks before this time (unix seconds).'),
    ...PAGING,
  },
  rules: [CHAIN_ON_NETWORK, TIME_RANGE],
  responses: ['ListPrimaryNetworkBlocksResponse'],
  async handle(input, context) {
    const chain = selectChain(input.network, input.blockchainId);
    const { response, nextPageToken } = await context.listPage(
      input.pageToken,
      {
        chain: chainRef(chain),
        node_id: input.nodeId,
        start_timestamp: input.startTimestamp,
        end_timestamp: input.endTimestamp,
        page_size: input.pageSize,
      },
      context.primaryNetwork.ListBlocksByNode,
    );
    return toListDocument(response, nextPageToken);
  },
});

const X_CHAIN_PATH = { network: networkParam(), blockchainId: xChainIdParam() };

export const listLatestXChainVertices = defineRoute({
  method: 'GET',
  path: '/v1/networks/{network}/blockchains/{blockchainId}/vertices',
  operationId: 'listLatestXChainVertices',
  summary: 'List vertices',
  pathParams: X_CHAIN_PATH,
  query: PAGING,
  rules: [CHAIN_ON_NETWORK],
  responses: ['ListXChainVerticesResponse'],
  async handle(input, context) {
    const chain = selectChain(input.network, input.blockchainId);
    const { response, nextPageToken } = await context.listPage(
      input.pageToken,
      { chain: chainRef(chain), page_size: input.pageSize },
      context.primaryNetwork.ListVertices,
    );
    return toListDocument(response, nextPageToken);
  },
});

export const getVertexByHash = defineRoute({
  method: 'GET',
  path: '/v1/networks/{network}/blockchains/{blockchainId}/vertices/{vertexHash}',
  operationId: 'getVertexByHash',
  summary: 'Get vertex',
  pathParams: { ...X_CHAIN_PATH, vertexHash: cb58IdParam('a vertex hash', 'A vertex hash string.') },
  query: {},
  rules: [CHAIN_ON_NETWORK],
  responses: ['XChainVertex'],
  async handle({ network, blockchainId, vertexHash }, { primaryNetwork }) {
    const chain = selectChain(network, blockchainId);
    return toApiDocument(
      await primaryNetwork.GetVertex({ chain: chainRef(chain), vertex_hash: encodeCb58(vertexHash) }),
    );
  },
});
