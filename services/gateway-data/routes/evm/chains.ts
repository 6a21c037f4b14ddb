import { networkParam } from '../../chains.ts';
import { toApiDocument } from '../../documents.ts';
import { API_FEATURES, enumParam } from '../../params.ts';
import { defineRoute, EVM_CHAIN_PATH, networkFilter } from '../route.ts';

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
  async handle({ network, feature }, { evmData }) {
    const response = await evmData.ListChains({ network: networkFilter(network) });
    const chains =
      feature === undefined
        ? response.chains
        : response.chains.filter((chain) => chain.enabledFeatures.includes(feature));
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
  async handle({ chainId }, { evmData }) {
    return toApiDocument(await evmData.GetChain({ chain_id: chainId }));
  },
});
