import { networkParam } from '../../chains.ts';
import { toListDocument } from '../../documents.ts';
import { evmAddressParam } from '../../params.ts';
import { defineRoute, networkFilter, PAGING } from '../route.ts';

export const listIcmMessagesByAddress = defineRoute({
  method: 'GET',
  path: '/v1/icm/addresses/{address}/messages',
  operationId: 'listIcmMessagesByAddress',
  summary: 'List ICM messages by address',
  pathParams: { address: evmAddressParam('An EVM address.') },
  query: { ...PAGING, network: networkParam().optional() },
  responses: ['ListIcmMessagesResponse'],
  async handle(input, context) {
    const { response, nextPageToken } = await context.listPage(
      input.pageToken,
      { address: input.address, network: networkFilter(input.network), page_size: input.pageSize },
      context.evmData.ListIcmMessagesByAddress,
    );
    return toListDocument(response, nextPageToken);
  },
});
