import { networkIdentity, networkParam } from '../../chains.ts';
import { toApiDocument } from '../../../runtime/rest/documents.ts';
import { defineRoute } from '../route.ts';

export const getNetworkDetails = defineRoute({
  method: 'GET',
  path: '/v1/networks/{network}',
  operationId: 'getNetworkDetails',
  summary: 'Get network details',
  pathParams: { network: networkParam() },
  query: {},
  responses: ['GetNetworkDetailsResponse'],
  async handle({ network }, { primaryNetwork }) {
    return toApiDocument(await primaryNetwork.GetNetworkDetails({ network: networkIdentity(network).name }));
  },
});
