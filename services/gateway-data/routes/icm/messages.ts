import { networkParam } from '../../chains.ts';
import { toApiDocument, toListDocument } from '../../../runtime/rest/documents.ts';
import { evmAddressParam, evmChainIdParam, icmMessageIdParam } from '../../../runtime/rest/params.ts';
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

/** A chain an ICM filter names: the document says blockchain id, and for the ends also EVM chain id. */
const icmChainParam = (description: string) => evmChainIdParam().optional().meta({ description });

export const listIcmMessages = defineRoute({
  method: 'GET',
  path: '/v1/icm/messages',
  operationId: 'listIcmMessages',
  summary: 'List ICM messages',
  pathParams: {},
  query: {
    ...PAGING,
    sourceBlockchainId: icmChainParam(
      'The base58 encoded blockchain ID or evm chain ID of the source chain that the ICM message was sent from.',
    ),
    destinationBlockchainId: icmChainParam(
      'The base58 encoded blockchain ID or evm chain ID of the destination chain that the ICM message was sent to.',
    ),
    blockchainId: icmChainParam(
      'The base58 encoded blockchain ID (or evm chain ID) of either source or destination chain that one ICM message interacts with.',
    ),
    to: evmAddressParam('The address of the recipient of the ICM message.').optional(),
    from: evmAddressParam('The address of the sender of the ICM message.').optional(),
    network: networkParam().optional(),
  },
  responses: ['ListIcmMessagesResponse'],
  async handle(input, context) {
    const { response, nextPageToken } = await context.listPage(
      input.pageToken,
      {
        source_blockchain_id: input.sourceBlockchainId ?? '',
        destination_blockchain_id: input.destinationBlockchainId ?? '',
        blockchain_id: input.blockchainId ?? '',
        to: input.to,
        from: input.from,
        network: networkFilter(input.network),
        page_size: input.pageSize,
      },
      context.evmData.ListIcmMessages,
    );
    return toListDocument(response, nextPageToken);
  },
});

export const getIcmMessage = defineRoute({
  method: 'GET',
  path: '/v1/icm/messages/{messageId}',
  operationId: 'getIcmMessage',
  summary: 'Get an ICM message',
  pathParams: { messageId: icmMessageIdParam() },
  query: {},
  responses: ['PendingIcmMessage', 'DeliveredIcmMessage', 'DeliveredSourceNotIndexedIcmMessage'],
  async handle({ messageId }, { evmData }) {
    return toApiDocument(await evmData.GetIcmMessage({ message_id: messageId }));
  },
});
