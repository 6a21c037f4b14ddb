import { selectChain } from '../../chains.ts';
import { fromOneof, toApiDocument } from '../../../runtime/rest/documents.ts';
import { addressListParam, timestampParam } from '../../../runtime/rest/params.ts';
import {
  ADDRESSES_DESCRIPTION,
  addressFilter,
  BECH32_ADDRESSES_ON_NETWORK,
  BECH32_ONLY,
  CHAIN_ON_NETWORK,
  CHAIN_PATH,
  chainRef,
  defineRoute,
} from '../route.ts';
import { ADDRESSES_REQUIRED } from './utxos.ts';

export const getBalancesByAddresses = defineRoute({
  method: 'GET',
  path: '/v1/networks/{network}/blockchains/{blockchainId}/balances',
  operationId: 'getBalancesByAddresses',
  summary: 'Get balances',
  pathParams: CHAIN_PATH,
  query: {
    blockTimestamp: timestampParam(
      'An epoch timestamp in seconds. Balance will be calculated at this timestamp.',
    ),
    addresses: addressListParam(`${ADDRESSES_DESCRIPTION} Required.`, { atLeastOne: true }).optional(),
  },
  rules: [ADDRESSES_REQUIRED, CHAIN_ON_NETWORK, BECH32_ADDRESSES_ON_NETWORK],
  responses: ['ListPChainBalancesResponse', 'ListXChainBalancesResponse', 'ListCChainAtomicBalancesResponse'],
  // ADDRESSES_REQUIRED has refused a request without them; the parsed type cannot carry that.
  async handle({ network, blockchainId, blockTimestamp, addresses = [] }, { primaryNetwork }) {
    const chain = selectChain(network, blockchainId);
    const response = await primaryNetwork.GetBalances({
      chain: chainRef(chain),
      addresses: addressFilter(addresses, network, BECH32_ONLY).addresses,
      block_timestamp: blockTimestamp,
    });
    return toApiDocument({ balances: fromOneof(response, 'Balances'), chainInfo: response.chainInfo });
  },
});
