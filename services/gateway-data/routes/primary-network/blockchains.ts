import { anyBlockchainIdParam, networkParam, selectAnyBlockchain } from '../../chains.ts';
import { toApiDocument } from '../../documents.ts';
import { chainRef, defineRoute } from '../route.ts';

export const getBlockchainById = defineRoute({
  method: 'GET',
  path: '/v1/networks/{network}/blockchains/{blockchainId}',
  operationId: 'getBlockchainById',
  summary: 'Get blockchain details by ID',
  pathParams: { network: networkParam(), blockchainId: anyBlockchainIdParam() },
  query: {},
  responses: ['Blockchain'],
  async handle({ network, blockchainId }, { primaryNetwork }) {
    const chain = selectAnyBlockchain(network, blockchainId);
    return toApiDocument(await primaryNetwork.GetBlockchain({ chain: chainRef(chain) }));
  },
});
