import type { TransferStandard } from '../../../generated/proto/chaindata/evmdata/v1/TransferStandard.ts';
import { fromOneof, toListDocument, type ApiDocument } from '../../../runtime/rest/documents.ts';
import { booleanParam, sortOrderParam } from '../../../runtime/rest/params.ts';
import { defineRoute, PAGING, sortOrderOf, WALLET_PATH } from '../route.ts';
import { BLOCK_RANGE, BLOCK_RANGE_QUERY } from './transactions.ts';

/**
 * An address's sub-lists: its native transactions, its ERC-20, ERC-721 and ERC-1155 transfers, its internal
 * transactions (each newest first, within a block range), and the v2 list of its transactions.
 */
const ADDRESS_LIST_QUERY = { ...PAGING, ...BLOCK_RANGE_QUERY };

export const listNativeTransactions = defineRoute({
  method: 'GET',
  path: '/v1/chains/{chainId}/addresses/{address}/transactions:listNative',
  operationId: 'listNativeTransactions',
  summary: 'List native transactions',
  pathParams: WALLET_PATH,
  query: ADDRESS_LIST_QUERY,
  rules: [BLOCK_RANGE],
  responses: ['ListNativeTransactionsResponse'],
  async handle(input, context) {
    const { response, nextPageToken } = await context.listPage(
      input.pageToken,
      {
        chain_id: input.chainId,
        address: input.address,
        start_block: input.startBlock,
        end_block: input.endBlock,
        page_size: input.pageSize,
      },
      context.evmData.ListAddressNativeTransactions,
    );
    return toListDocument(response, nextPageToken);
  },
});

/** The route of an address's transfers of one standard: the service's TokenTransfer oneofs, unwrapped. */
function transfersRoute(options: {
  standard: TransferStandard;
  path: string;
  operationId: string;
  summary: string;
  response: string;
}) {
  return defineRoute({
    method: 'GET',
    path: options.path,
    operationId: options.operationId,
    summary: options.summary,
    pathParams: WALLET_PATH,
    query: ADDRESS_LIST_QUERY,
    rules: [BLOCK_RANGE],
    responses: [options.response],
    async handle(input, context) {
      const { response, nextPageToken } = await context.listPage(
        input.pageToken,
        {
          chain_id: input.chainId,
          address: input.address,
          standard: options.standard,
          start_block: input.startBlock,
          end_block: input.endBlock,
          page_size: input.pageSize,
        },
        context.evmData.ListAddressTokenTransfers,
      );
      const { transfers, ...rest } = response;
      return toListDocument(
        { ...rest, transactions: transfers.map((t) => fromOneof(t, 'TokenTransfer')) },
        nextPageToken,
      );
    },
  });
}

export const listErc20Transactions = transfersRoute({
  standard: 'TRANSFER_STANDARD_ERC20',
  path: '/v1/chains/{chainId}/addresses/{address}/transactions:listErc20',
  operationId: 'listErc20Transactions',
  summary: 'List ERC-20 transfers',
  response: 'ListErc20TransactionsResponse',
});

export const listErc721Transactions = transfersRoute({
  standard: 'TRANSFER_STANDARD_ERC721',
  path: '/v1/chains/{chainId}/addresses/{address}/transactions:listErc721',
  operationId: 'listErc721Transactions',
  summary: 'List ERC-721 transfers',
  response: 'ListErc721TransactionsResponse',
});

export const listErc1155Transactions = transfersRoute({
  standard: 'TRANSFER_STANDARD_ERC1155',
  path: '/v1/chains/{chainId}/addresses/{address}/transactions:listErc1155',
  operationId: 'listErc1155Transactions',
  summary: 'List ERC-1155 transfers',
  response: 'ListErc1155TransactionsResponse',
});

export const listInternalTransactions = defineRoute({
  method: 'GET',
  path: '/v1/chains/{chainId}/addresses/{address}/transactions:listInternals',
  operationId: 'listInternalTransactions',
  summary: 'List internal transactions',
  pathParams: WALLET_PATH,
  query: ADDRESS_LIST_QUERY,
  rules: [BLOCK_RANGE],
  responses: ['ListInternalTransactionsResponse'],
  async handle(input, context) {
    const { response, nextPageToken } = await context.listPage(
      input.pageToken,
      {
        chain_id: input.chainId,
        address: input.address,
        start_block: input.startBlock,
        end_block: input.endBlock,
        page_size: input.pageSize,
      },
      context.evmData.ListAddressInternalTransactions,
    );
    return toListDocument(response, nextPageToken);
  },
});

export const listTransactionsV2 = defineRoute({
  method: 'GET',
  path: '/v2/chains/{chainId}/addresses/{address}/transactions',
  operationId: 'listTransactionsV2',
  summary: 'List transactions v2',
  pathParams: WALLET_PATH,
  query: {
    ...ADDRESS_LIST_QUERY,
    filterSpamTokens: booleanParam().optional().meta({
      description:
        'Whether to leave out the ERC-20 transfers of tokens the deployment\'s metadata file tags "spam".',
    }),
    sortOrder: sortOrderParam(),
  },
  rules: [BLOCK_RANGE],
  responses: ['ListTransactionDetailsResponseV2'],
  async handle(input, context) {
    const { response, nextPageToken } = await context.listPage(
      input.pageToken,
      {
        chain_id: input.chainId,
        address: input.address,
        start_block: input.startBlock,
        end_block: input.endBlock,
        sort_order: sortOrderOf(input.sortOrder),
        filter_spam_tokens: input.filterSpamTokens ?? false,
        page_size: input.pageSize,
      },
      context.evmData.ListAddressTransactions,
    );
    const document = toListDocument(response, nextPageToken);
    // Erc20TokenV2 requires tokenReputation and allows null: the stack has no reputation source
    // (docs/evm-data.md), so it is always unknown.
    const transactions = (document.transactions as ApiDocument[]).map((t) => ({
      ...t,
      ...(t.erc20Transfers
        ? {
            erc20Transfers: (t.erc20Transfers as ApiDocument[]).map((transfer) => ({
              ...transfer,
              erc20Token: { ...(transfer.erc20Token as ApiDocument), tokenReputation: null },
            })),
          }
        : {}),
    }));
    return { ...document, transactions };
  },
});
