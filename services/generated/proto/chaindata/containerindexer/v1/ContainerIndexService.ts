// Original file: proto/chaindata/containerindexer/v1/container_indexer.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { Container as _chaindata_containerindexer_v1_Container, Container__Output as _chaindata_containerindexer_v1_Container__Output } from '../../../chaindata/containerindexer/v1/Container.ts';
import type { GetContainerByIDRequest as _chaindata_containerindexer_v1_GetContainerByIDRequest, GetContainerByIDRequest__Output as _chaindata_containerindexer_v1_GetContainerByIDRequest__Output } from '../../../chaindata/containerindexer/v1/GetContainerByIDRequest.ts';
import type { GetContainerByIndexRequest as _chaindata_containerindexer_v1_GetContainerByIndexRequest, GetContainerByIndexRequest__Output as _chaindata_containerindexer_v1_GetContainerByIndexRequest__Output } from '../../../chaindata/containerindexer/v1/GetContainerByIndexRequest.ts';
import type { GetContainerRangeRequest as _chaindata_containerindexer_v1_GetContainerRangeRequest, GetContainerRangeRequest__Output as _chaindata_containerindexer_v1_GetContainerRangeRequest__Output } from '../../../chaindata/containerindexer/v1/GetContainerRangeRequest.ts';
import type { GetContainerRangeResponse as _chaindata_containerindexer_v1_GetContainerRangeResponse, GetContainerRangeResponse__Output as _chaindata_containerindexer_v1_GetContainerRangeResponse__Output } from '../../../chaindata/containerindexer/v1/GetContainerRangeResponse.ts';
import type { GetContainersByIDRequest as _chaindata_containerindexer_v1_GetContainersByIDRequest, GetContainersByIDRequest__Output as _chaindata_containerindexer_v1_GetContainersByIDRequest__Output } from '../../../chaindata/containerindexer/v1/GetContainersByIDRequest.ts';
import type { GetContainersByIndexRequest as _chaindata_containerindexer_v1_GetContainersByIndexRequest, GetContainersByIndexRequest__Output as _chaindata_containerindexer_v1_GetContainersByIndexRequest__Output } from '../../../chaindata/containerindexer/v1/GetContainersByIndexRequest.ts';
import type { GetContainersResponse as _chaindata_containerindexer_v1_GetContainersResponse, GetContainersResponse__Output as _chaindata_containerindexer_v1_GetContainersResponse__Output } from '../../../chaindata/containerindexer/v1/GetContainersResponse.ts';
import type { GetIndexRequest as _chaindata_containerindexer_v1_GetIndexRequest, GetIndexRequest__Output as _chaindata_containerindexer_v1_GetIndexRequest__Output } from '../../../chaindata/containerindexer/v1/GetIndexRequest.ts';
import type { GetIndexResponse as _chaindata_containerindexer_v1_GetIndexResponse, GetIndexResponse__Output as _chaindata_containerindexer_v1_GetIndexResponse__Output } from '../../../chaindata/containerindexer/v1/GetIndexResponse.ts';
import type { GetLastAcceptedRequest as _chaindata_containerindexer_v1_GetLastAcceptedRequest, GetLastAcceptedRequest__Output as _chaindata_containerindexer_v1_GetLastAcceptedRequest__Output } from '../../../chaindata/containerindexer/v1/GetLastAcceptedRequest.ts';
import type { IsAcceptedRequest as _chaindata_containerindexer_v1_IsAcceptedRequest, IsAcceptedRequest__Output as _chaindata_containerindexer_v1_IsAcceptedRequest__Output } from '../../../chaindata/containerindexer/v1/IsAcceptedRequest.ts';
import type { IsAcceptedResponse as _chaindata_containerindexer_v1_IsAcceptedResponse, IsAcceptedResponse__Output as _chaindata_containerindexer_v1_IsAcceptedResponse__Output } from '../../../chaindata/containerindexer/v1/IsAcceptedResponse.ts';
import type { StreamContainersRequest as _chaindata_containerindexer_v1_StreamContainersRequest, StreamContainersRequest__Output as _chaindata_containerindexer_v1_StreamContainersRequest__Output } from '../../../chaindata/containerindexer/v1/StreamContainersRequest.ts';

export interface ContainerIndexServiceClient extends grpc.Client {
  GetContainerByID(argument: _chaindata_containerindexer_v1_GetContainerByIDRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_containerindexer_v1_Container__Output>): grpc.ClientUnaryCall;
  GetContainerByID(argument: _chaindata_containerindexer_v1_GetContainerByIDRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_containerindexer_v1_Container__Output>): grpc.ClientUnaryCall;
  GetContainerByID(argument: _chaindata_containerindexer_v1_GetContainerByIDRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_containerindexer_v1_Container__Output>): grpc.ClientUnaryCall;
  GetContainerByID(argument: _chaindata_containerindexer_v1_GetContainerByIDRequest, callback: grpc.requestCallback<_chaindata_containerindexer_v1_Container__Output>): grpc.ClientUnaryCall;
  getContainerById(argument: _chaindata_containerindexer_v1_GetContainerByIDRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_containerindexer_v1_Container__Output>): grpc.ClientUnaryCall;
  getContainerById(argument: _chaindata_containerindexer_v1_GetContainerByIDRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_containerindexer_v1_Container__Output>): grpc.ClientUnaryCall;
  getContainerById(argument: _chaindata_containerindexer_v1_GetContainerByIDRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_containerindexer_v1_Container__Output>): grpc.ClientUnaryCall;
  getContainerById(argument: _chaindata_containerindexer_v1_GetContainerByIDRequest, callback: grpc.requestCallback<_chaindata_containerindexer_v1_Container__Output>): grpc.ClientUnaryCall;
  
  GetContainerByIndex(argument: _chaindata_containerindexer_v1_GetContainerByIndexRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_containerindexer_v1_Container__Output>): grpc.ClientUnaryCall;
  GetContainerByIndex(argument: _chaindata_containerindexer_v1_GetContainerByIndexRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_containerindexer_v1_Container__Output>): grpc.ClientUnaryCall;
  GetContainerByIndex(argument: _chaindata_containerindexer_v1_GetContainerByIndexRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_containerindexer_v1_Container__Output>): grpc.ClientUnaryCall;
  GetContainerByIndex(argument: _chaindata_containerindexer_v1_GetContainerByIndexRequest, callback: grpc.requestCallback<_chaindata_containerindexer_v1_Container__Output>): grpc.ClientUnaryCall;
  getContainerByIndex(argument: _chaindata_containerindexer_v1_GetContainerByIndexRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_containerindexer_v1_Container__Output>): grpc.ClientUnaryCall;
  getContainerByIndex(argument: _chaindata_containerindexer_v1_GetContainerByIndexRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_containerindexer_v1_Container__Output>): grpc.ClientUnaryCall;
  getContainerByIndex(argument: _chaindata_containerindexer_v1_GetContainerByIndexRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_containerindexer_v1_Container__Output>): grpc.ClientUnaryCall;
  getContainerByIndex(argument: _chaindata_containerindexer_v1_GetContainerByIndexRequest, callback: grpc.requestCallback<_chaindata_containerindexer_v1_Container__Output>): grpc.ClientUnaryCall;
  
  GetContainerRange(argument: _chaindata_containerindexer_v1_GetContainerRangeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_containerindexer_v1_GetContainerRangeResponse__Output>): grpc.ClientUnaryCall;
  GetContainerRange(argument: _chaindata_containerindexer_v1_GetContainerRangeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_containerindexer_v1_GetContainerRangeResponse__Output>): grpc.ClientUnaryCall;
  GetContainerRange(argument: _chaindata_containerindexer_v1_GetContainerRangeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_containerindexer_v1_GetContainerRangeResponse__Output>): grpc.ClientUnaryCall;
  GetContainerRange(argument: _chaindata_containerindexer_v1_GetContainerRangeRequest, callback: grpc.requestCallback<_chaindata_containerindexer_v1_GetContainerRangeResponse__Output>): grpc.ClientUnaryCall;
  getContainerRange(argument: _chaindata_containerindexer_v1_GetContainerRangeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_containerindexer_v1_GetContainerRangeResponse__Output>): grpc.ClientUnaryCall;
  getContainerRange(argument: _chaindata_containerindexer_v1_GetContainerRangeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_containerindexer_v1_GetContainerRangeResponse__Output>): grpc.ClientUnaryCall;
  getContainerRange(argument: _chaindata_containerindexer_v1_GetContainerRangeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_containerindexer_v1_GetContainerRangeResponse__Output>): grpc.ClientUnaryCall;
  getContainerRange(argument: _chaindata_containerindexer_v1_GetContainerRangeRequest, callback: grpc.requestCallback<_chaindata_containerindexer_v1_GetContainerRangeResponse__Output>): grpc.ClientUnaryCall;
  
  GetContainersByID(argument: _chaindata_containerindexer_v1_GetContainersByIDRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_containerindexer_v1_GetContainersResponse__Output>): grpc.ClientUnaryCall;
  GetContainersByID(argument: _chaindata_containerindexer_v1_GetContainersByIDRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_containerindexer_v1_GetContainersResponse__Output>): grpc.ClientUnaryCall;
  GetContainersByID(argument: _chaindata_containerindexer_v1_GetContainersByIDRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_containerindexer_v1_GetContainersResponse__Output>): grpc.ClientUnaryCall;
  GetContainersByID(argument: _chaindata_containerindexer_v1_GetContainersByIDRequest, callback: grpc.requestCallback<_chaindata_containerindexer_v1_GetContainersResponse__Output>): grpc.ClientUnaryCall;
  getContainersById(argument: _chaindata_containerindexer_v1_GetContainersByIDRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_containerindexer_v1_GetContainersResponse__Output>): grpc.ClientUnaryCall;
  getContainersById(argument: _chaindata_containerindexer_v1_GetContainersByIDRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_containerindexer_v1_GetContainersResponse__Output>): grpc.ClientUnaryCall;
  getContainersById(argument: _chaindata_containerindexer_v1_GetContainersByIDRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_containerindexer_v1_GetContainersResponse__Output>): grpc.ClientUnaryCall;
  getContainersById(argument: _chaindata_containerindexer_v1_GetContainersByIDRequest, callback: grpc.requestCallback<_chaindata_containerindexer_v1_GetContainersResponse__Output>): grpc.ClientUnaryCall;
  
  GetContainersByIndex(argument: _chaindata_containerindexer_v1_GetContainersByIndexRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_containerindexer_v1_GetContainersResponse__Output>): grpc.ClientUnaryCall;
  GetContainersByIndex(argument: _chaindata_containerindexer_v1_GetContainersByIndexRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_containerindexer_v1_GetContainersResponse__Output>): grpc.ClientUnaryCall;
  GetContainersByIndex(argument: _chaindata_containerindexer_v1_GetContainersByIndexRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_containerindexer_v1_GetContainersResponse__Output>): grpc.ClientUnaryCall;
  GetContainersByIndex(argument: _chaindata_containerindexer_v1_GetContainersByIndexRequest, callback: grpc.requestCallback<_chaindata_containerindexer_v1_GetContainersResponse__Output>): grpc.ClientUnaryCall;
  getContainersByIndex(argument: _chaindata_containerindexer_v1_GetContainersByIndexRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_containerindexer_v1_GetContainersResponse__Output>): grpc.ClientUnaryCall;
  getContainersByIndex(argument: _chaindata_containerindexer_v1_GetContainersByIndexRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_containerindexer_v1_GetContainersResponse__Output>): grpc.ClientUnaryCall;
  getContainersByIndex(argument: _chaindata_containerindexer_v1_GetContainersByIndexRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_containerindexer_v1_GetContainersResponse__Output>): grpc.ClientUnaryCall;
  getContainersByIndex(argument: _chaindata_containerindexer_v1_GetContainersByIndexRequest, callback: grpc.requestCallback<_chaindata_containerindexer_v1_GetContainersResponse__Output>): grpc.ClientUnaryCall;
  
  GetIndex(argument: _chaindata_containerindexer_v1_GetIndexRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_containerindexer_v1_GetIndexResponse__Output>): grpc.ClientUnaryCall;
  GetIndex(argument: _chaindata_containerindexer_v1_GetIndexRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_containerindexer_v1_GetIndexResponse__Output>): grpc.ClientUnaryCall;
  GetIndex(argument: _chaindata_containerindexer_v1_GetIndexRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_containerindexer_v1_GetIndexResponse__Output>): grpc.ClientUnaryCall;
  GetIndex(argument: _chaindata_containerindexer_v1_GetIndexRequest, callback: grpc.requestCallback<_chaindata_containerindexer_v1_GetIndexResponse__Output>): grpc.ClientUnaryCall;
  getIndex(argument: _chaindata_containerindexer_v1_GetIndexRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_containerindexer_v1_GetIndexResponse__Output>): grpc.ClientUnaryCall;
  getIndex(argument: _chaindata_containerindexer_v1_GetIndexRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_containerindexer_v1_GetIndexResponse__Output>): grpc.ClientUnaryCall;
  getIndex(argument: _chaindata_containerindexer_v1_GetIndexRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_containerindexer_v1_GetIndexResponse__Output>): grpc.ClientUnaryCall;
  getIndex(argument: _chaindata_containerindexer_v1_GetIndexRequest, callback: grpc.requestCallback<_chaindata_containerindexer_v1_GetIndexResponse__Output>): grpc.ClientUnaryCall;
  
  GetLastAccepted(argument: _chaindata_containerindexer_v1_GetLastAcceptedRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_containerindexer_v1_Container__Output>): grpc.ClientUnaryCall;
  GetLastAccepted(argument: _chaindata_containerindexer_v1_GetLastAcceptedRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_containerindexer_v1_Container__Output>): grpc.ClientUnaryCall;
  GetLastAccepted(argument: _chaindata_containerindexer_v1_GetLastAcceptedRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_containerindexer_v1_Container__Output>): grpc.ClientUnaryCall;
  GetLastAccepted(argument: _chaindata_containerindexer_v1_GetLastAcceptedRequest, callback: grpc.requestCallback<_chaindata_containerindexer_v1_Container__Output>): grpc.ClientUnaryCall;
  getLastAccepted(argument: _chaindata_containerindexer_v1_GetLastAcceptedRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_containerindexer_v1_Container__Output>): grpc.ClientUnaryCall;
  getLastAccepted(argument: _chaindata_containerindexer_v1_GetLastAcceptedRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_containerindexer_v1_Container__Output>): grpc.ClientUnaryCall;
  getLastAccepted(argument: _chaindata_containerindexer_v1_GetLastAcceptedRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_containerindexer_v1_Container__Output>): grpc.ClientUnaryCall;
  getLastAccepted(argument: _chaindata_containerindexer_v1_GetLastAcceptedRequest, callback: grpc.requestCallback<_chaindata_containerindexer_v1_Container__Output>): grpc.ClientUnaryCall;
  
  IsAccepted(argument: _chaindata_containerindexer_v1_IsAcceptedRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_containerindexer_v1_IsAcceptedResponse__Output>): grpc.ClientUnaryCall;
  IsAccepted(argument: _chaindata_containerindexer_v1_IsAcceptedRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_containerindexer_v1_IsAcceptedResponse__Output>): grpc.ClientUnaryCall;
  IsAccepted(argument: _chaindata_containerindexer_v1_IsAcceptedRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_containerindexer_v1_IsAcceptedResponse__Output>): grpc.ClientUnaryCall;
  IsAccepted(argument: _chaindata_containerindexer_v1_IsAcceptedRequest, callback: grpc.requestCallback<_chaindata_containerindexer_v1_IsAcceptedResponse__Output>): grpc.ClientUnaryCall;
  isAccepted(argument: _chaindata_containerindexer_v1_IsAcceptedRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_containerindexer_v1_IsAcceptedResponse__Output>): grpc.ClientUnaryCall;
  isAccepted(argument: _chaindata_containerindexer_v1_IsAcceptedRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_containerindexer_v1_IsAcceptedResponse__Output>): grpc.ClientUnaryCall;
  isAccepted(argument: _chaindata_containerindexer_v1_IsAcceptedRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_containerindexer_v1_IsAcceptedResponse__Output>): grpc.ClientUnaryCall;
  isAccepted(argument: _chaindata_containerindexer_v1_IsAcceptedRequest, callback: grpc.requestCallback<_chaindata_containerindexer_v1_IsAcceptedResponse__Output>): grpc.ClientUnaryCall;
  
  StreamContainers(argument: _chaindata_containerindexer_v1_StreamContainersRequest, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_chaindata_containerindexer_v1_Container__Output>;
  StreamContainers(argument: _chaindata_containerindexer_v1_StreamContainersRequest, options?: grpc.CallOptions): grpc.ClientReadableStream<_chaindata_containerindexer_v1_Container__Output>;
  streamContainers(argument: _chaindata_containerindexer_v1_StreamContainersRequest, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_chaindata_containerindexer_v1_Container__Output>;
  streamContainers(argument: _chaindata_containerindexer_v1_StreamContainersRequest, options?: grpc.CallOptions): grpc.ClientReadableStream<_chaindata_containerindexer_v1_Container__Output>;
  
}

export interface ContainerIndexServiceHandlers extends grpc.UntypedServiceImplementation {
  GetContainerByID: grpc.handleUnaryCall<_chaindata_containerindexer_v1_GetContainerByIDRequest__Output, _chaindata_containerindexer_v1_Container>;
  
  GetContainerByIndex: grpc.handleUnaryCall<_chaindata_containerindexer_v1_GetContainerByIndexRequest__Output, _chaindata_containerindexer_v1_Container>;
  
  GetContainerRange: grpc.handleUnaryCall<_chaindata_containerindexer_v1_GetContainerRangeRequest__Output, _chaindata_containerindexer_v1_GetContainerRangeResponse>;
  
  GetContainersByID: grpc.handleUnaryCall<_chaindata_containerindexer_v1_GetContainersByIDRequest__Output, _chaindata_containerindexer_v1_GetContainersResponse>;
  
  GetContainersByIndex: grpc.handleUnaryCall<_chaindata_containerindexer_v1_GetContainersByIndexRequest__Output, _chaindata_containerindexer_v1_GetContainersResponse>;
  
  GetIndex: grpc.handleUnaryCall<_chaindata_containerindexer_v1_GetIndexRequest__Output, _chaindata_containerindexer_v1_GetIndexResponse>;
  
  GetLastAccepted: grpc.handleUnaryCall<_chaindata_containerindexer_v1_GetLastAcceptedRequest__Output, _chaindata_containerindexer_v1_Container>;
  
  IsAccepted: grpc.handleUnaryCall<_chaindata_containerindexer_v1_IsAcceptedRequest__Output, _chaindata_containerindexer_v1_IsAcceptedResponse>;
  
  StreamContainers: grpc.handleServerStreamingCall<_chaindata_containerindexer_v1_StreamContainersRequest__Output, _chaindata_containerindexer_v1_Container>;
  
}

export interface ContainerIndexServiceDefinition extends grpc.ServiceDefinition {
  GetContainerByID: MethodDefinition<_chaindata_containerindexer_v1_GetContainerByIDRequest, _chaindata_containerindexer_v1_Container, _chaindata_containerindexer_v1_GetContainerByIDRequest__Output, _chaindata_containerindexer_v1_Container__Output>
  GetContainerByIndex: MethodDefinition<_chaindata_containerindexer_v1_GetContainerByIndexRequest, _chaindata_containerindexer_v1_Container, _chaindata_containerindexer_v1_GetContainerByIndexRequest__Output, _chaindata_containerindexer_v1_Container__Output>
  GetContainerRange: MethodDefinition<_chaindata_containerindexer_v1_GetContainerRangeRequest, _chaindata_containerindexer_v1_GetContainerRangeResponse, _chaindata_containerindexer_v1_GetContainerRangeRequest__Output, _chaindata_containerindexer_v1_GetContainerRangeResponse__Output>
  GetContainersByID: MethodDefinition<_chaindata_containerindexer_v1_GetContainersByIDRequest, _chaindata_containerindexer_v1_GetContainersResponse, _chaindata_containerindexer_v1_GetContainersByIDRequest__Output, _chaindata_containerindexer_v1_GetContainersResponse__Output>
  GetContainersByIndex: MethodDefinition<_chaindata_containerindexer_v1_GetContainersByIndexRequest, _chaindata_containerindexer_v1_GetContainersResponse, _chaindata_containerindexer_v1_GetContainersByIndexRequest__Output, _chaindata_containerindexer_v1_GetContainersResponse__Output>
  GetIndex: MethodDefinition<_chaindata_containerindexer_v1_GetIndexRequest, _chaindata_containerindexer_v1_GetIndexResponse, _chaindata_containerindexer_v1_GetIndexRequest__Output, _chaindata_containerindexer_v1_GetIndexResponse__Output>
  GetLastAccepted: MethodDefinition<_chaindata_containerindexer_v1_GetLastAcceptedRequest, _chaindata_containerindexer_v1_Container, _chaindata_containerindexer_v1_GetLastAcceptedRequest__Output, _chaindata_containerindexer_v1_Container__Output>
  IsAccepted: MethodDefinition<_chaindata_containerindexer_v1_IsAcceptedRequest, _chaindata_containerindexer_v1_IsAcceptedResponse, _chaindata_containerindexer_v1_IsAcceptedRequest__Output, _chaindata_containerindexer_v1_IsAcceptedResponse__Output>
  StreamContainers: MethodDefinition<_chaindata_containerindexer_v1_StreamContainersRequest, _chaindata_containerindexer_v1_Container, _chaindata_containerindexer_v1_StreamContainersRequest__Output, _chaindata_containerindexer_v1_Container__Output>
}
