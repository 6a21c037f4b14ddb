import { toApiDocument, toListDocument } from '../../documents.ts';
import { evmTxHashParam, integerParam, ParamError, sortOrderParam } from '../../params.ts';
import { defineRoute, EVM_CHAIN_PATH, PAGING, sortOrderOf, WALLET_PATH, type InputRule } from '../route.ts';

/** startBlock is inclusive and endBlock exclusive, so a range needs startBlock below endBlock. */
const BLOCK_RANGE: InputRule<{ startBlock?: number | undefined; endBlock?: number | undefined }> = {
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
    startBlock: integerParam(0, Number.MAX_SAFE_INTEGER, 'an integer ≥ 0 (a block number)')
      .optional()
      .meta({ description: 'The block range start number, inclusive.' }),
    endBlock: integerParam(0, Number.MAX_SAFE_INTEGER, 'an integer ≥ 0 (a block number)')
      .optional()
      .meta({ description: 'The block range end number, exclusive.' }),
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
