import { networkParam, selectChain, xChainIdParam } from '../../chains.ts';
import { fromOneof, toApiDocument, toListDocument } from '../../../runtime/rest/documents.ts';
import {
  cb58IdParam,
  enumListParam,
  PRIMARY_NETWORK_TX_TYPES,
  timestampParam,
} from '../../../runtime/rest/params.ts';
import { CHAIN_ON_NETWORK, chainRef, defineRoute, PAGING, TIME_RANGE } from '../route.ts';

const ASSET_PATH = {
  network: networkParam(),
  blockchainId: xChainIdParam(),
  assetId: cb58IdParam('an asset id', 'Asset ID for any asset on X-Chain'),
};

export const getAssetDetails = defineRoute({
  method: 'GET',
  path: '/v1/networks/{network}/blockchains/{blockchainId}/assets/{assetId}',
  operationId: 'getAssetDetails',
  summary: 'Get asset details',
  pathParams: ASSET_PATH,
  query: {},
  rules: [CHAIN_ON_NETWORK],
  responses: ['XChainAssetDetails'],
  async handle({ network, blockchainId, assetId }, { primaryNetwork }) {
    const chain = selectChain(network, blockchainId);
    return toApiDocument(await primaryNetwork.GetAsset({ chain: chainRef(chain), asset_id: assetId }));
  },
});

export const listAssetTransactions = defineRoute({
  method: 'GET',
  path: '/v1/networks/{network}/blockchains/{blockchainId}/assets/{assetId}/transactions',
  operationId: 'listAssetTransactions',
  summary: 'List asset transactions',
  pathParams: ASSET_PATH,
  query: {
    txTypes: enumListParam(PRIMARY_NETWORK_TX_TYPES)
      .optional()
      .meta({ description: 'Only these transaction types (repeat the parameter or separate with commas).' }),
    startTimestamp: timestampParam('Transactions after this time (unix seconds).'),
    endTimestamp: timestampParam('Transactions before this time (unix seconds).'),
    ...PAGING,
  },
  rules: [CHAIN_ON_NETWORK, TIME_RANGE],
  responses: ['ListXChainTransactionsResponse'],
  async handle(input, context) {
    const chain = selectChain(input.network, input.blockchainId);
    const { response, nextPageToken } = await context.listPage(
      input.pageToken,
      {
        chain: chainRef(chain),
        asset_id: input.assetId,
        tx_types: input.txTypes ?? [],
        start_timestamp: input.startTimestamp,
        end_timestamp: input.endTimestamp,
        page_size: input.pageSize,
      },
      context.primaryNetwork.ListAssetTransactions,
    );
    const transactions = response.transactions.map((tx) => fromOneof(tx, 'Transaction'));
    return toListDocument({ ...response, transactions }, nextPageToken);
  },
});
