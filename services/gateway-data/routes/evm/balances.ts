import { MAX_COLLECTIBLE_PAGE_SIZE } from '../../../runtime/pagination/limits.ts';
import { fromOneof, toApiDocument, toListDocument } from '../../documents.ts';
import {
  CURRENCY_CODES,
  decimalTextParam,
  enumParam,
  evmAddressParam,
  MAX_UINT64,
  pageSizeParam,
  pageTokenParam,
} from '../../params.ts';
import { defineRoute, WALLET_PATH } from '../route.ts';

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
