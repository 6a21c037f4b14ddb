import { networkIdentity, networkParam } from '../../chains.ts';
import { toApiDocument, toListDocument } from '../../documents.ts';
import { subnetIdBytesParam } from '../../params.ts';
import { defineRoute, sortOrderOf } from '../route.ts';
import { NETWORK_LIST_QUERY } from './blockchains.ts';

export const listSubnets = defineRoute({
  method: 'GET',
  path: '/v1/networks/{network}/subnets',
  operationId: 'listSubnets',
  summary: 'List subnets',
  pathParams: { network: networkParam() },
  query: NETWORK_LIST_QUERY,
  responses: ['ListSubnetsResponse'],
  async handle(input, context) {
    const { response, nextPageToken } = await context.listPage(
      input.pageToken,
      {
        network: networkIdentity(input.network).name,
        sort_order: sortOrderOf(input.sortOrder),
        page_size: input.pageSize,
      },
      context.primaryNetwork.ListSubnets,
    );
    return toListDocument(response, nextPageToken);
  },
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
