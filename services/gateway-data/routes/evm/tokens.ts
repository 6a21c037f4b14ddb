import { fromOneof, toApiDocument, toListDocument } from '../../../runtime/rest/documents.ts';
import { decimalTextParam, evmAddressParam, MAX_UINT256 } from '../../../runtime/rest/params.ts';
import { defineRoute, EVM_CHAIN_PATH, PAGING } from '../route.ts';

export const CONTRACT_PATH = {
  ...EVM_CHAIN_PATH,
  address: evmAddressParam('Contract address on the relevant chain.'),
};

const TOKEN_PATH = {
  ...CONTRACT_PATH,
  tokenId: decimalTextParam('a token id (a decimal uint256)', MAX_UINT256).meta({
    description: 'TokenId on the contract',
  }),
};

export const getContractMetadata = defineRoute({
  method: 'GET',
  path: '/v1/chains/{chainId}/addresses/{address}',
  operationId: 'getContractMetadata',
  summary: 'Get contract metadata',
  pathParams: CONTRACT_PATH,
  query: {},
  responses: ['Erc721Contract', 'Erc1155Contract', 'Erc20Contract', 'UnknownContract'],
  async handle({ chainId, address }, { evmData }) {
    return toApiDocument(await evmData.GetContractMetadata({ chain_id: chainId, address }));
  },
});

export const listTokens = defineRoute({
  method: 'GET',
  path: '/v1/chains/{chainId}/nfts/collections/{address}/tokens',
  operationId: 'listTokens',
  summary: 'List tokens',
  pathParams: CONTRACT_PATH,
  query: PAGING,
  responses: ['ListNftTokens'],
  async handle(input, context) {
    const { response, nextPageToken } = await context.listPage(
      input.pageToken,
      { chain_id: input.chainId, contract_address: input.address, page_size: input.pageSize },
      context.evmData.ListNftTokens,
    );
    const tokens = response.tokens.map((token) => fromOneof(token, 'NftToken'));
    return toListDocument({ ...response, tokens }, nextPageToken);
  },
});

/** Queues a fresh metadata fetch; the service refuses a second within the hour (429 with retry-after). */
export const reindexNft = defineRoute({
  method: 'POST',
  path: '/v1/chains/{chainId}/nfts/collections/{address}/tokens/{tokenId}:reindex',
  operationId: 'reindexNft',
  summary: 'Reindex NFT metadata',
  pathParams: TOKEN_PATH,
  query: {},
  successStatus: 201,
  responses: [],
  async handle({ chainId, address, tokenId }, { evmData }) {
    await evmData.ReindexNftToken({ chain_id: chainId, contract_address: address, token_id: tokenId });
    return undefined;
  },
});

export const getTokenDetails = defineRoute({
  method: 'GET',
  path: '/v1/chains/{chainId}/nfts/collections/{address}/tokens/{tokenId}',
  operationId: 'getTokenDetails',
  summary: 'Get token details',
  pathParams: TOKEN_PATH,
  query: {},
  responses: ['Erc721Token', 'Erc1155Token'],
  async handle({ chainId, address, tokenId }, { evmData }) {
    const token = await evmData.GetNftToken({
      chain_id: chainId,
      contract_address: address,
      token_id: tokenId,
    });
    return toApiDocument(fromOneof(token, 'NftToken'));
  },
});
