import { networkIdentity, networkParam, selectChain, type NetworkName } from '../../chains.ts';
import { toApiDocument } from '../../../runtime/rest/documents.ts';
import { addressListParam, type RequestAddress } from '../../../runtime/rest/params.ts';
import {
  ADDRESSES_DESCRIPTION,
  addressFilter,
  BECH32_ADDRESSES_ON_NETWORK,
  BECH32_ONLY,
  CHAIN_ON_NETWORK,
  CHAIN_PATH,
  chainRef,
  defineRoute,
  type RouteContext,
} from '../route.ts';
import { ADDRESSES_REQUIRED } from './utxos.ts';

/** Both routes: the v2 POST takes the addresses in its body, the v1 GET in its query. */
async function lastActivity(
  input: { network: NetworkName; blockchainId: string; addresses: RequestAddress[] },
  { primaryNetwork }: RouteContext,
) {
  const chain = selectChain(input.network, input.blockchainId);
  return toApiDocument(
    await primaryNetwork.GetLastActivity({
      chain: chainRef(chain),
      addresses: addressFilter(input.addresses, input.network, BECH32_ONLY).addresses,
    }),
  );
}

export const getLastActivityTimestampByAddresses = defineRoute({
  method: 'GET',
  path: '/v1/networks/{network}/blockchains/{blockchainId}/lastActivityTimestampByAddresses',
  operationId: 'getLastActivityTimestampByAddresses',
  summary: 'Get last activity timestamp by addresses',
  pathParams: CHAIN_PATH,
  query: {
    addresses: addressListParam(`${ADDRESSES_DESCRIPTION} Required.`, { atLeastOne: true }).optional(),
  },
  rules: [ADDRESSES_REQUIRED, CHAIN_ON_NETWORK, BECH32_ADDRESSES_ON_NETWORK],
  responses: ['LastActivityTimestamp'],
  // ADDRESSES_REQUIRED has refused a request without them; the parsed type cannot carry that.
  handle: ({ addresses = [], ...input }, context) => lastActivity({ ...input, addresses }, context),
});

export const getLastActivityTimestampByAddressesV2 = defineRoute({
  method: 'POST',
  path: '/v1/networks/{network}/blockchains/{blockchainId}/lastActivityTimestampByAddresses',
  operationId: 'getLastActivityTimestampByAddressesV2',
  summary: 'Get last activity timestamp by addresses (v2)',
  pathParams: CHAIN_PATH,
  query: {},
  body: {
    addresses: addressListParam(`${ADDRESSES_DESCRIPTION} Required.`, { atLeastOne: true }),
  },
  rules: [CHAIN_ON_NETWORK, BECH32_ADDRESSES_ON_NETWORK],
  responses: ['LastActivityTimestamp'],
  handle: (input, context) => lastActivity(input, context),
});

export const getChainIdsForAddresses = defineRoute({
  method: 'GET',
  path: '/v1/networks/{network}/addresses:listChainIds',
  operationId: 'getChainIdsForAddresses',
  summary: 'Get chain interactions for addresses',
  pathParams: { network: networkParam() },
  query: {
    addresses: addressListParam(`${ADDRESSES_DESCRIPTION} Required.`, { atLeastOne: true }),
  },
  rules: [BECH32_ADDRESSES_ON_NETWORK],
  responses: ['ChainAddressChainIdMapListResponse'],
  async handle({ network, addresses }, { primaryNetwork }) {
    const response = await primaryNetwork.ListChainIdsForAddresses({
      network: networkIdentity(network).name,
      addresses: addressFilter(addresses, network, BECH32_ONLY).addresses,
    });
    // Each address as the client wrote it: the service knows only its bytes.
    return toApiDocument({
      addresses: response.addresses.map((entry, i) => ({ ...entry, address: addresses[i]!.text })),
    });
  },
});
