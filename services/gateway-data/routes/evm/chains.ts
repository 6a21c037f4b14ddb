import type { ChainInfo__Output } from '../../../generated/proto/chaindata/evmdata/v1/ChainInfo.ts';
import { networkParam } from '../../chains.ts';
import { toApiDocument } from '../../../runtime/rest/documents.ts';
import { API_FEATURES, enumParam, evmAddressParam } from '../../../runtime/rest/params.ts';
import { defineRoute, EVM_CHAIN_PATH, networkFilter, type PrimaryNetworkClient } from '../route.ts';

/**
 * An L1's subnet, VM and name are the P-Chain's to say (its CreateChainTx), not the EVM's: they come from the
 * primary-network service. The C-Chain's are known constants, and a chain the projection has not seen created (or a
 * primary-network service that does not answer) leaves evm-data's answer as it is, which is still a valid document.
 */
async function withPlatformFacts(
  chain: ChainInfo__Output,
  primaryNetwork: PrimaryNetworkClient,
): Promise<ChainInfo__Output> {
  if (chain.subnetId || !chain.platformChainId) return chain;
  const created = await primaryNetwork
    .GetBlockchain({
      chain: { network: chain.isTestnet ? 'fuji' : 'mainnet', blockchain_id: chain.platformChainId },
    })
    .catch(() => undefined);
  if (!created) return chain;
  return {
    ...chain,
    // evm-data names an uncurated L1 by its blockchain id; the P-Chain knows its name.
    chainName: chain.chainName === chain.platformChainId ? created.blockchainName : chain.chainName,
    subnetId: created.subnetId,
    vmId: created.vmId,
  };
}

export const supportedChains = defineRoute({
  method: 'GET',
  path: '/v1/chains',
  operationId: 'supportedChains',
  summary: 'List chains',
  pathParams: {},
  query: {
    network: networkParam().optional(),
    feature: enumParam(API_FEATURES).optional().meta({ description: 'Filter by feature.' }),
  },
  responses: ['ListChainsResponse'],
  async handle({ network, feature }, { evmData, primaryNetwork }) {
    const response = await evmData.ListChains({ network: networkFilter(network) });
    const chains = await Promise.all(
      (feature === undefined
        ? response.chains
        : response.chains.filter((chain) => chain.enabledFeatures.includes(feature))
      ).map((chain) => withPlatformFacts(chain, primaryNetwork)),
    );
    return toApiDocument({ ...response, chains });
  },
});

export const getChainInfo = defineRoute({
  method: 'GET',
  path: '/v1/chains/{chainId}',
  operationId: 'getChainInfo',
  summary: 'Get chain information',
  pathParams: EVM_CHAIN_PATH,
  query: {},
  responses: ['GetChainResponse'],
  async handle({ chainId }, { evmData, primaryNetwork }) {
    return toApiDocument(
      await withPlatformFacts(await evmData.GetChain({ chain_id: chainId }), primaryNetwork),
    );
  },
});

export const listAddressChains = defineRoute({
  method: 'GET',
  path: '/v1/address/{address}/chains',
  operationId: 'listAddressChains',
  summary: 'List all chains associated with a given address',
  pathParams: { address: evmAddressParam('A wallet address.') },
  query: {},
  responses: ['ListAddressChainsResponse'],
  async handle({ address }, { evmData, primaryNetwork }) {
    const response = await evmData.ListAddressChains({ address });
    const indexedChains = await Promise.all(
      response.indexedChains.map((chain) => withPlatformFacts(chain, primaryNetwork)),
    );
    return toApiDocument({ ...response, indexedChains });
  },
});
