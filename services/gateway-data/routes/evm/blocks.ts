import { networkParam } from '../../chains.ts';
import { toApiDocument, toListDocument } from '../../../runtime/rest/documents.ts';
import { evmBlockIdParam, integerParam } from '../../../runtime/rest/params.ts';
import { MAX_PAGE_SIZE } from '../../../runtime/pagination/limits.ts';
import { defineRoute, EVM_CHAIN_PATH, networkFilter, PAGING } from '../route.ts';

const BLOCK_PATH = { ...EVM_CHAIN_PATH, blockId: evmBlockIdParam() };

/** The block a `blockId` names, as the service's request fields. */
export function blockFields(blockId: { number: string } | { hash: Uint8Array }) {
  return 'number' in blockId ? { block_number: blockId.number } : { block_hash: blockId.hash };
}

export const getLatestBlocks = defineRoute({
  method: 'GET',
  path: '/v1/chains/{chainId}/blocks',
  operationId: 'getLatestBlocks',
  summary: 'List latest blocks',
  pathParams: EVM_CHAIN_PATH,
  query: PAGING,
  responses: ['ListEvmBlocksResponse'],
  async handle(input, context) {
    const { response, nextPageToken } = await context.listPage(
      input.pageToken,
      { chain_id: input.chainId, page_size: input.pageSize },
      context.evmData.ListLatestBlocks,
    );
    return toListDocument(response, nextPageToken);
  },
});

export const getBlock = defineRoute({
  method: 'GET',
  path: '/v1/chains/{chainId}/blocks/{blockId}',
  operationId: 'getBlock',
  summary: 'Get block',
  pathParams: BLOCK_PATH,
  query: {},
  responses: ['GetEvmBlockResponse'],
  async handle({ chainId, blockId }, { evmData }) {
    return toApiDocument(await evmData.GetBlock({ chain_id: chainId, ...blockFields(blockId) }));
  },
});

export const getTransactionsForBlock = defineRoute({
  method: 'GET',
  path: '/v1/chains/{chainId}/blocks/{blockId}/transactions',
  operationId: 'getTransactionsForBlock',
  summary: 'List transactions for a block',
  pathParams: BLOCK_PATH,
  query: {
    pageToken: PAGING.pageToken,
    // The document's own bounds for this route: 0 (its default) asks for the whole block.
    pageSize: integerParam(0, MAX_PAGE_SIZE)
      .prefault(0)
      .meta({
        description: `The maximum number of items to return: 0 to ${MAX_PAGE_SIZE}, default 0 (every transaction of the block).`,
      }),
  },
  responses: ['ListNativeTransactionsResponse'],
  async handle(input, context) {
    const { response, nextPageToken } = await context.listPage(
      input.pageToken,
      { chain_id: input.chainId, ...blockFields(input.blockId), page_size: input.pageSize },
      context.evmData.ListBlockTransactions,
    );
    return toListDocument(response, nextPageToken);
  },
});

export const listLatestBlocksAllChains = defineRoute({
  method: 'GET',
  path: '/v1/blocks',
  operationId: 'listLatestBlocksAllChains',
  summary: 'List latest blocks across all supported EVM chains',
  pathParams: {},
  query: { ...PAGING, network: networkParam().optional() },
  responses: ['ListEvmBlocksResponse'],
  async handle(input, context) {
    const { response, nextPageToken } = await context.listPage(
      input.pageToken,
      { network: networkFilter(input.network), page_size: input.pageSize },
      context.evmData.ListLatestBlocksAllChains,
    );
    return toListDocument(response, nextPageToken);
  },
});
