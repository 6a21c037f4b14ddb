import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { Container as _chaindata_containerindexer_v1_Container, Container__Output as _chaindata_containerindexer_v1_Container__Output } from './chaindata/containerindexer/v1/Container.ts';
import type { ContainerIndexServiceClient as _chaindata_containerindexer_v1_ContainerIndexServiceClient, ContainerIndexServiceDefinition as _chaindata_containerindexer_v1_ContainerIndexServiceDefinition } from './chaindata/containerindexer/v1/ContainerIndexService.ts';
import type { GetContainerByIDRequest as _chaindata_containerindexer_v1_GetContainerByIDRequest, GetContainerByIDRequest__Output as _chaindata_containerindexer_v1_GetContainerByIDRequest__Output } from './chaindata/containerindexer/v1/GetContainerByIDRequest.ts';
import type { GetContainerByIndexRequest as _chaindata_containerindexer_v1_GetContainerByIndexRequest, GetContainerByIndexRequest__Output as _chaindata_containerindexer_v1_GetContainerByIndexRequest__Output } from './chaindata/containerindexer/v1/GetContainerByIndexRequest.ts';
import type { GetContainerRangeRequest as _chaindata_containerindexer_v1_GetContainerRangeRequest, GetContainerRangeRequest__Output as _chaindata_containerindexer_v1_GetContainerRangeRequest__Output } from './chaindata/containerindexer/v1/GetContainerRangeRequest.ts';
import type { GetContainerRangeResponse as _chaindata_containerindexer_v1_GetContainerRangeResponse, GetContainerRangeResponse__Output as _chaindata_containerindexer_v1_GetContainerRangeResponse__Output } from './chaindata/containerindexer/v1/GetContainerRangeResponse.ts';
import type { GetContainersByIDRequest as _chaindata_containerindexer_v1_GetContainersByIDRequest, GetContainersByIDRequest__Output as _chaindata_containerindexer_v1_GetContainersByIDRequest__Output } from './chaindata/containerindexer/v1/GetContainersByIDRequest.ts';
import type { GetContainersByIndexRequest as _chaindata_containerindexer_v1_GetContainersByIndexRequest, GetContainersByIndexRequest__Output as _chaindata_containerindexer_v1_GetContainersByIndexRequest__Output } from './chaindata/containerindexer/v1/GetContainersByIndexRequest.ts';
import type { GetContainersResponse as _chaindata_containerindexer_v1_GetContainersResponse, GetContainersResponse__Output as _chaindata_containerindexer_v1_GetContainersResponse__Output } from './chaindata/containerindexer/v1/GetContainersResponse.ts';
import type { GetIndexRequest as _chaindata_containerindexer_v1_GetIndexRequest, GetIndexRequest__Output as _chaindata_containerindexer_v1_GetIndexRequest__Output } from './chaindata/containerindexer/v1/GetIndexRequest.ts';
import type { GetIndexResponse as _chaindata_containerindexer_v1_GetIndexResponse, GetIndexResponse__Output as _chaindata_containerindexer_v1_GetIndexResponse__Output } from './chaindata/containerindexer/v1/GetIndexResponse.ts';
import type { GetLastAcceptedRequest as _chaindata_containerindexer_v1_GetLastAcceptedRequest, GetLastAcceptedRequest__Output as _chaindata_containerindexer_v1_GetLastAcceptedRequest__Output } from './chaindata/containerindexer/v1/GetLastAcceptedRequest.ts';
import type { IsAcceptedRequest as _chaindata_containerindexer_v1_IsAcceptedRequest, IsAcceptedRequest__Output as _chaindata_containerindexer_v1_IsAcceptedRequest__Output } from './chaindata/containerindexer/v1/IsAcceptedRequest.ts';
import type { IsAcceptedResponse as _chaindata_containerindexer_v1_IsAcceptedResponse, IsAcceptedResponse__Output as _chaindata_containerindexer_v1_IsAcceptedResponse__Output } from './chaindata/containerindexer/v1/IsAcceptedResponse.ts';
import type { StreamContainersRequest as _chaindata_containerindexer_v1_StreamContainersRequest, StreamContainersRequest__Output as _chaindata_containerindexer_v1_StreamContainersRequest__Output } from './chaindata/containerindexer/v1/StreamContainersRequest.ts';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  chaindata: {
    containerindexer: {
      v1: {
        Container: MessageTypeDefinition<_chaindata_containerindexer_v1_Container, _chaindata_containerindexer_v1_Container__Output>
        ContainerIndexService: SubtypeConstructor<typeof grpc.Client, _chaindata_containerindexer_v1_ContainerIndexServiceClient> & { service: _chaindata_containerindexer_v1_ContainerIndexServiceDefinition }
        GetContainerByIDRequest: MessageTypeDefinition<_chaindata_containerindexer_v1_GetContainerByIDRequest, _chaindata_containerindexer_v1_GetContainerByIDRequest__Output>
        GetContainerByIndexRequest: MessageTypeDefinition<_chaindata_containerindexer_v1_GetContainerByIndexRequest, _chaindata_containerindexer_v1_GetContainerByIndexRequest__Output>
        GetContainerRangeRequest: MessageTypeDefinition<_chaindata_containerindexer_v1_GetContainerRangeRequest, _chaindata_containerindexer_v1_GetContainerRangeRequest__Output>
        GetContainerRangeResponse: MessageTypeDefinition<_chaindata_containerindexer_v1_GetContainerRangeResponse, _chaindata_containerindexer_v1_GetContainerRangeResponse__Output>
        GetContainersByIDRequest: MessageTypeDefinition<_chaindata_containerindexer_v1_GetContainersByIDRequest, _chaindata_containerindexer_v1_GetContainersByIDRequest__Output>
        GetContainersByIndexRequest: MessageTypeDefinition<_chaindata_containerindexer_v1_GetContainersByIndexRequest, _chaindata_containerindexer_v1_GetContainersByIndexRequest__Output>
        GetContainersResponse: MessageTypeDefinition<_chaindata_containerindexer_v1_GetContainersResponse, _chaindata_containerindexer_v1_GetContainersResponse__Output>
        GetIndexRequest: MessageTypeDefinition<_chaindata_containerindexer_v1_GetIndexRequest, _chaindata_containerindexer_v1_GetIndexRequest__Output>
        GetIndexResponse: MessageTypeDefinition<_chaindata_containerindexer_v1_GetIndexResponse, _chaindata_containerindexer_v1_GetIndexResponse__Output>
        GetLastAcceptedRequest: MessageTypeDefinition<_chaindata_containerindexer_v1_GetLastAcceptedRequest, _chaindata_containerindexer_v1_GetLastAcceptedRequest__Output>
        IsAcceptedRequest: MessageTypeDefinition<_chaindata_containerindexer_v1_IsAcceptedRequest, _chaindata_containerindexer_v1_IsAcceptedRequest__Output>
        IsAcceptedResponse: MessageTypeDefinition<_chaindata_containerindexer_v1_IsAcceptedResponse, _chaindata_containerindexer_v1_IsAcceptedResponse__Output>
        StreamContainersRequest: MessageTypeDefinition<_chaindata_containerindexer_v1_StreamContainersRequest, _chaindata_containerindexer_v1_StreamContainersRequest__Output>
      }
    }
  }
}

