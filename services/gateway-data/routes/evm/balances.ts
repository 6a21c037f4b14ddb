import {
  MAX_COLLECTIBLE_PAGE_SIZE,
  MAX_TOKEN_BALANCE_PAGE_SIZE,
} from '../../../runtime/pagination/limits.ts';
import { fromOneof, toApiDocument, toListDocument } from '../../../runtime/rest/documents.ts';
import {
  booleanParam,
  CURRENCY_CODES,
  decimalTextParam,
  enumParam,
  evmAddressListParam,
  evmAddressParam,
  MAX_UINT64,
  pageSizeParam,
  pageTokenParam,
} from '../../../runtime/rest/params.ts';
import { defineRoute, WALLET_PATH } from '../route.ts';

const blockNumberParam = () =>
  decimalTextParam('a block number (decimal)', MAX_UINT64)
    .optional()
    .meta({ description: 'The block number, if not defined the block number will be the latest block.' });

const BALANCE_PAGING = {
  pageToken: pageTokenParam(),
  pageSize: pageSizeParam(MAX_TOKEN_BALANCE_PAGE_SIZE),
};

export const getNativeBalance = defineRoute({
  method: 'GET',
  path: '/v1/chains/{chainId}/addresses/{address}/balances:getNative',
  operationId: 'getNativeBalance',
  summary: 'Get native token balance',
  pathParams: WALLET_PATH,
  query: {
    blockNumber: blockNumberParam(),
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

export const listErc20Balances = defineRoute({
  method: 'GET',
  path: '/v1/chains/{chainId}/addresses/{address}/balances:listErc20',
  operationId: 'listErc20Balances',
  summary: 'List ERC-20 balances',
  pathParams: WALLET_PATH,
  query: {
    blockNumber: blockNumberParam(),
    ...BALANCE_PAGING,
    filterSpamTokens: booleanParam().default(true).meta({
      description:
        'Whether to leave out the tokens the deployment\'s metadata file tags "spam". Defaults to true.',
    }),
    contractAddresses: evmAddressListParam(
      'A comma separated list of contract addresses to filter by.',
    ).optional(),
    currency: enumParam(CURRENCY_CODES)
      .default('usd')
      .meta({ description: 'The currency that return values should use. Defaults to usd.' }),
  },
  responses: ['ListErc20BalancesResponse'],
  async handle(input, context) {
    const { response, nextPageToken } = await context.listPage(
      input.pageToken,
      {
        chain_id: input.chainId,
        address: input.address,
        block_number: input.blockNumber,
        contract_addresses: input.contractAddresses ?? [],
        filter_spam_tokens: input.filterSpamTokens,
        currency: input.currency,
        page_size: input.pageSize,
      },
      context.evmData.ListErc20Balances,
    );
    const document = toListDocument(response, nextPageToken);
    // The document requires tokenReputation and allows null: the stack has no reputation source (docs/evm-data.md).
    const erc20TokenBalances = (document.erc20TokenBalances as Record<string, unknown>[]).map((balance) => ({
      ...balance,
      tokenReputation: balance.tokenReputation ?? null,
    }));
    return { ...document, erc20TokenBalances };
  },
});

export const listErc721Balances = defineRoute({
  method: 'GET',
  path: '/v1/chains/{chainId}/addresses/{address}/balances:listErc721',
  operationId: 'listErc721Balances',
  summary: 'List ERC-721 balances',
  pathParams: WALLET_PATH,
  query: {
    ...BALANCE_PAGING,
    contractAddress: evmAddressParam('A contract addresses to filter by.').optional(),
  },
  responses: ['ListErc721BalancesResponse'],
  async handle(input, context) {
    const { response, nextPageToken } = await context.listPage(
      input.pageToken,
      {
        chain_id: input.chainId,
        address: input.address,
        contract_address: input.contractAddress,
        page_size: input.pageSize,
      },
      context.evmData.ListErc721Balances,
    );
    return toListDocument(response, nextPageToken);
  },
});

export const listErc1155Balances = defineRoute({
  method: 'GET',
  path: '/v1/chains/{chainId}/addresses/{address}/balances:listErc1155',
  operationId: 'listErc1155Balances',
  summary: 'List ERC-1155 balances',
  pathParams: WALLET_PATH,
  query: {
    blockNumber: blockNumberParam(),
    ...BALANCE_PAGING,
    contractAddress: evmAddressParam('A contract addresses to filter by.').optional(),
  },
  responses: ['ListErc1155BalancesResponse'],
  async handle(input, context) {
    const { response, nextPageToken } = await context.listPage(
      input.pageToken,
      {
        chain_id: input.chainId,
        address: input.address,
        block_number: input.blockNumber,
        contract_address: input.contractAddress,
        page_size: input.pageSize,
      },
      context.evmData.ListErc1155Balances,
    );
    return toListDocument(response, nextPageToken);
  },
});
