import { fromOneof, toApiDocument, toListDocument } from '../../../runtime/rest/documents.ts';
import { CURRENCY_CODES, enumParam, evmAddressParam } from '../../../runtime/rest/params.ts';
import { defineRoute, EVM_CHAIN_PATH, PAGING, WALLET_PATH } from '../route.ts';
import { CONTRACT_PATH } from './tokens.ts';
import { BLOCK_RANGE, BLOCK_RANGE_QUERY } from './transactions.ts';

/** A token contract's transfers, a contract's deployment, and the contracts an address deployed. */

export const listTransfers = defineRoute({
  method: 'GET',
  path: '/v1/chains/{chainId}/tokens/{address}/transfers',
  operationId: 'listTransfers',
  summary: 'List ERC transfers',
  pathParams: {
    ...EVM_CHAIN_PATH,
    address: evmAddressParam('An ERC-20, ERC-721 or ERC-1155 contract address.'),
  },
  query: { ...PAGING, ...BLOCK_RANGE_QUERY },
  rules: [BLOCK_RANGE],
  responses: ['ListTransfersResponse'],
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
      context.evmData.ListTokenTransfers,
    );
    const transfers = response.transfers.map((t) => fromOneof(t, 'TokenTransfer'));
    return toListDocument({ ...response, transfers }, nextPageToken);
  },
});

export const getDeploymentTransaction = defineRoute({
  method: 'GET',
  path: '/v1/chains/{chainId}/contracts/{address}/transactions:getDeployment',
  operationId: 'getDeploymentTransaction',
  summary: 'Get deployment transaction',
  pathParams: CONTRACT_PATH,
  query: {
    currency: enumParam(CURRENCY_CODES)
      .default('usd')
      .meta({ description: 'The currency that return values should use. Defaults to USD.' }),
  },
  responses: ['GetTransactionResponse'],
  async handle(input, { evmData }) {
    return toApiDocument(
      await evmData.GetDeploymentTransaction({
        chain_id: input.chainId,
        address: input.address,
        currency: input.currency,
      }),
    );
  },
});

export const listContractDeployments = defineRoute({
  method: 'GET',
  path: '/v1/chains/{chainId}/contracts/{address}/deployments',
  operationId: 'listContractDeployments',
  summary: 'List deployed contracts',
  pathParams: WALLET_PATH,
  query: PAGING,
  responses: ['ListContractsResponse'],
  async handle(input, context) {
    const { response, nextPageToken } = await context.listPage(
      input.pageToken,
      { chain_id: input.chainId, address: input.address, page_size: input.pageSize },
      context.evmData.ListContractDeployments,
    );
    return toListDocument(response, nextPageToken);
  },
});
