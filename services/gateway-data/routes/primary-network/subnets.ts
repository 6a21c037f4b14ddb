import { networkIdentity, networkParam } from '../../chains.ts';
import { toApiDocument } from '../../../runtime/rest/documents.ts';
import { subnetIdBytesParam } from '../../../runtime/rest/params.ts';
import { defineRoute } from '../route.ts';
import { networkListRoute } from './blockchains.ts';

export const listSubnets = networkListRoute({
  path: '/v1/networks/{network}/subnets',
  operationId: 'listSubnets',
  summary: 'List subnets',
  response: 'ListSubnetsResponse',
  list: (client) => client.ListSubnets,
});

export const getSubnetById = defineRoute({
  method: 'GET',
  path: '/v1/networks/{network}/subnets/{subnetId}',
  operationId: 'getSubnetById',
  summary: 'Get Subnet details by ID',
  pathParams: {
    network: networkParam(),
    subnetId: subnetIdBytesParam().meta({ description: 'Subnet ID to fetch details for' }),
  },
  query: {},
  responses: ['Subnet'],
  async handle({ network, subnetId }, { primaryNetwork }) {
    return toApiDocument(
      await primaryNetwork.GetSubnet({ network: networkIdentity(network).name, subnet_id: subnetId }),
    );
  },
});
