import { selectChain, type ChainSelection, type NetworkName } from '../../chains.ts';
import { fromOneof, toApiDocument, toListDocument } from '../../../runtime/rest/documents.ts';
import {
  addressListParam,
  enumListParam,
  ParamError,
  PRIMARY_NETWORK_TX_TYPES,
  sortOrderParam,
  timestampParam,
  txHashParam,
  validationIdParam,
  type RequestAddress,
} from '../../../runtime/rest/params.ts';
import {
  ADDRESSES_DESCRIPTION,
  addressFilter,
  CHAIN_ON_NETWORK,
  CHAIN_PATH,
  chainRef,
  defineRoute,
  PAGING,
  sortOrderOf,
  TIME_RANGE,
  type InputRule,
} from '../route.ts';

function evmAddressesOn(chain: ChainSelection): 'accepted' | { refused: string } {
  return chain.alias === 'c-chain'
    ? 'accepted'
    : { refused: 'EVM addresses are accepted on the C-Chain only' };
}

interface ChainInput {
  network: NetworkName;
  blockchainId: string;
}

const ADDRESSES_ON_CHAIN: InputRule<ChainInput & { addresses?: RequestAddress[] | undefined }> = {
  description:
    'addresses must be bech32 addresses of network ("avax" on mainnet, "fuji" on fuji/testnet), or EVM ' +
    'addresses on the C-Chain.',
  check: ({ network, blockchainId, addresses }) =>
    addressFilter(addresses ?? [], network, evmAddressesOn(selectChain(network, blockchainId))),
};

const L1_VALIDATION_ON_P_CHAIN: InputRule<ChainInput & { l1ValidationId?: Uint8Array | undefined }> = {
  description: 'l1ValidationId is accepted on the P-Chain only.',
  check: ({ network, blockchainId, l1ValidationId }) => {
    const chain = selectChain(network, blockchainId);
    if (l1ValidationId !== undefined && chain.alias !== 'p-chain')
      throw new ParamError('l1ValidationId', `L1 validators are on the P-Chain, not the ${chain.alias}`);
  },
};

/** The real API filters by type and time only within an address's transactions. */
const FILTERS_NEED_ADDRESSES: InputRule<{
  addresses?: RequestAddress[] | undefined;
  txTypes?: unknown[] | undefined;
  startTimestamp?: number | undefined;
  endTimestamp?: number | undefined;
}> = {
  description: 'txTypes, startTimestamp and endTimestamp need addresses.',
  check: ({ addresses, txTypes, startTimestamp, endTimestamp }) => {
    if (addresses !== undefined && addresses.length > 0) return;
    for (const [name, value] of Object.entries({ txTypes, startTimestamp, endTimestamp })) {
      if (value !== undefined && !(Array.isArray(value) && value.length === 0))
        throw new ParamError(
          name,
          `filtering by ${name} needs addresses; the API does not support it without them`,
        );
    }
  },
};

export const listLatestPrimaryNetworkTransactions = defineRoute({
  method: 'GET',
  path: '/v1/networks/{network}/blockchains/{blockchainId}/transactions',
  operationId: 'listLatestPrimaryNetworkTransactions',
  summary: 'List latest transactions',
  pathParams: CHAIN_PATH,
  query: {
    addresses: addressListParam(
      `${ADDRESSES_DESCRIPTION} Also accepts EVM addresses starting with "0x" for C-Chain atomic transactions.`,
    ).optional(),
    l1ValidationId: validationIdParam(),
    txTypes: enumListParam(PRIMARY_NETWORK_TX_TYPES)
      .optional()
      .meta({ description: 'Only these transaction types (repeat the parameter or separate with commas).' }),
    startTimestamp: timestampParam('Transactions after this time (unix seconds); needs addresses.'),
    endTimestamp: timestampParam('Transactions before this time (unix seconds); needs addresses.'),
    ...PAGING,
    sortOrder: sortOrderParam(),
  },
  rules: [CHAIN_ON_NETWORK, ADDRESSES_ON_CHAIN, L1_VALIDATION_ON_P_CHAIN, FILTERS_NEED_ADDRESSES, TIME_RANGE],
  responses: [
    'ListPChainTransactionsResponse',
    'ListXChainTransactionsResponse',
    'ListCChainAtomicTransactionsResponse',
  ],
  async handle(input, context) {
    const chain = selectChain(input.network, input.blockchainId);
    const filter = addressFilter(input.addresses ?? [], input.network, evmAddressesOn(chain));
    const { response, nextPageToken } = await context.listPage(
      input.pageToken,
      {
        chain: chainRef(chain),
        addresses: filter.addresses,
        evm_addresses: filter.evmAddresses,
        l1_validation_id: input.l1ValidationId,
        tx_types: input.txTypes ?? [],
        start_timestamp: input.startTimestamp,
        end_timestamp: input.endTimestamp,
        sort_order: sortOrderOf(input.sortOrder),
        page_size: input.pageSize,
      },
      context.primaryNetwork.ListTransactions,
    );
    const transactions = response.transactions.map((tx) => fromOneof(tx, 'Transaction'));
    return toListDocument({ ...response, transactions }, nextPageToken);
  },
});

export const getTxByHash = defineRoute({
  method: 'GET',
  path: '/v1/networks/{network}/blockchains/{blockchainId}/transactions/{txHash}',
  operationId: 'getTxByHash',
  summary: 'Get transaction',
  pathParams: { ...CHAIN_PATH, txHash: txHashParam('A primary network transaction hash (cb58).') },
  query: {},
  rules: [CHAIN_ON_NETWORK],
  responses: [
    'PChainTransaction',
    'XChainNonLinearTransaction',
    'XChainLinearTransaction',
    'CChainExportTransaction',
    'CChainImportTransaction',
  ],
  async handle({ network, blockchainId, txHash }, { primaryNetwork }) {
    const chain = selectChain(network, blockchainId);
    const transaction = await primaryNetwork.GetTransaction({ chain: chainRef(chain), tx_hash: txHash });
    return toApiDocument(fromOneof(transaction, 'Transaction'));
  },
});
