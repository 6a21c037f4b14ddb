import { toApiDocument, toListDocument } from '../../../runtime/rest/documents.ts';
import type { TransactionStatusFilter } from '../../../generated/proto/chaindata/evmdata/v1/TransactionStatusFilter.ts';
import { networkParam } from '../../chains.ts';
import {
  enumParam,
  evmTxHashParam,
  integerParam,
  ParamError,
  sortOrderParam,
  TRANSACTION_STATUSES,
} from '../../../runtime/rest/params.ts';
import {
  defineRoute,
  EVM_CHAIN_PATH,
  networkFilter,
  PAGING,
  sortOrderOf,
  WALLET_PATH,
  type InputRule,
} from '../route.ts';

const statusParam = () =>
  enumParam(TRANSACTION_STATUSES)
    .optional()
    .meta({ description: 'A status filter for listed transactions.' });

function statusFilterOf(status: (typeof TRANSACTION_STATUSES)[number] | undefined): TransactionStatusFilter {
  return status === 'failed'
    ? 'TRANSACTION_STATUS_FAILED'
    : status === 'success'
      ? 'TRANSACTION_STATUS_SUCCESS'
      : 'TRANSACTION_STATUS_ANY';
}

/** The block range of the address lists: startBlock inclusive, endBlock exclusive. */
export const BLOCK_RANGE_QUERY = {
  startBlock: integerParam(0, Number.MAX_SAFE_INTEGER, 'an integer ≥ 0 (a block number)')
    .optional()
    .meta({ description: 'The block range start number, inclusive.' }),
  endBlock: integerParam(0, Number.MAX_SAFE_INTEGER, 'an integer ≥ 0 (a block number)')
    .optional()
    .meta({ description: 'The block range end number, exclusive.' }),
};

/** startBlock is inclusive and endBlock exclusive, so a range needs startBlock below endBlock. */
export const BLOCK_RANGE: InputRule<{ startBlock?: number | undefined; endBlock?: number | undefined }> = {
  description: 'startBlock must be less than endBlock (startBlock is inclusive, endBlock exclusive).',
  check: ({ startBlock, endBlock }) => {
    if (startBlock !== undefined && endBlock !== undefined && startBlock >= endBlock)
      throw new ParamError(
        'startBlock',
        `must be less than endBlock (startBlock is inclusive, endBlock exclusive), got startBlock ${startBlock} ` +
          `and endBlock ${endBlock}`,
      );
  },
};

export const listTransactions = defineRoute({
  method: 'GET',
  path: '/v1/chains/{chainId}/addresses/{address}/transactions',
  operationId: 'listTransactions',
  summary: 'List transactions',
  pathParams: WALLET_PATH,
  query: {
    ...PAGING,
    ...BLOCK_RANGE_QUERY,
    sortOrder: sortOrderParam(),
  },
  rules: [BLOCK_RANGE],
  responses: ['ListTransactionDetailsResponse'],
  async handle(input, context) {
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

export const listLatestTransactions = defineRoute({
  method: 'GET',
  path: '/v1/chains/{chainId}/transactions',
  operationId: 'listLatestTransactions',
  summary: 'List latest transactions',
  pathParams: EVM_CHAIN_PATH,
  query: { ...PAGING, status: statusParam() },
  responses: ['ListNativeTransactionsResponse'],
  async handle(input, context) {
    const { response, nextPageToken } = await context.listPage(
      input.pageToken,
      { chain_id: input.chainId, status: statusFilterOf(input.status), page_size: input.pageSize },
      context.evmData.ListLatestTransactions,
    );
    return toListDocument(response, nextPageToken);
  },
});

export const listLatestTransactionsAllChains = defineRoute({
  method: 'GET',
  path: '/v1/transactions',
  operationId: 'listLatestTransactionsAllChains',
  summary: 'List the latest transactions across all supported EVM chains',
  pathParams: {},
  query: { ...PAGING, network: networkParam().optional(), status: statusParam() },
  responses: ['ListNativeTransactionsResponse'],
  async handle(input, context) {
    const { response, nextPageToken } = await context.listPage(
      input.pageToken,
      {
        network: networkFilter(input.network),
        status: statusFilterOf(input.status),
        page_size: input.pageSize,
      },
      context.evmData.ListLatestTransactionsAllChains,
    );
    return toListDocument(response, nextPageToken);
  },
});
