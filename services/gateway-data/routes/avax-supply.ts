import { toApiDocument } from '../../runtime/rest/documents.ts';
import { defineRoute } from './route.ts';

/**
 * AVAX's supply. The path names no network: the answer is the supply of the network the primary-network service
 * indexes (mainnet or Fuji), which is the service's to know, so the request names none.
 */
export const getAvaxSupply = defineRoute({
  method: 'GET',
  path: '/v1/avax/supply',
  operationId: 'getAvaxSupply',
  summary: 'Get AVAX supply information',
  pathParams: {},
  query: {},
  responses: ['AvaxSupplyResponse'],
  async handle(_input, { primaryNetwork }) {
    return toApiDocument(await primaryNetwork.GetAvaxSupply({ network: '' }));
  },
});
