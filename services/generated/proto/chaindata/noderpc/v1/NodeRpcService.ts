// Original file: proto/chaindata/noderpc/v1/node_rpc.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { CallReply as _chaindata_noderpc_v1_CallReply, CallReply__Output as _chaindata_noderpc_v1_CallReply__Output } from '../../../chaindata/noderpc/v1/CallReply.ts';
import type { CallRequest as _chaindata_noderpc_v1_CallRequest, CallRequest__Output as _chaindata_noderpc_v1_CallRequest__Output } from '../../../chaindata/noderpc/v1/CallRequest.ts';

export interface NodeRpcServiceClient extends grpc.Client {
  Call(argument: _chaindata_noderpc_v1_CallRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_noderpc_v1_CallReply__Output>): grpc.ClientUnaryCall;
  Call(argument: _chaindata_noderpc_v1_CallRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_noderpc_v1_CallReply__Output>): grpc.ClientUnaryCall;
  Call(argument: _chaindata_noderpc_v1_CallRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_noderpc_v1_CallReply__Output>): grpc.ClientUnaryCall;
  Call(argument: _chaindata_noderpc_v1_CallRequest, callback: grpc.requestCallback<_chaindata_noderpc_v1_CallReply__Output>): grpc.ClientUnaryCall;
  call(argument: _chaindata_noderpc_v1_CallRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_noderpc_v1_CallReply__Output>): grpc.ClientUnaryCall;
  call(argument: _chaindata_noderpc_v1_CallRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_noderpc_v1_CallReply__Output>): grpc.ClientUnaryCall;
  call(argument: _chaindata_noderpc_v1_CallRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_noderpc_v1_CallReply__Output>): grpc.ClientUnaryCall;
  call(argument: _chaindata_noderpc_v1_CallRequest, callback: grpc.requestCallback<_chaindata_noderpc_v1_CallReply__Output>): grpc.ClientUnaryCall;
  
}

export interface NodeRpcServiceHandlers extends grpc.UntypedServiceImplementation {
  Call: grpc.handleUnaryCall<_chaindata_noderpc_v1_CallRequest__Output, _chaindata_noderpc_v1_CallReply>;
  
}

export interface NodeRpcServiceDefinition extends grpc.ServiceDefinition {
  Call: MethodDefinition<_chaindata_noderpc_v1_CallRequest, _chaindata_noderpc_v1_CallReply, _chaindata_noderpc_v1_CallRequest__Output, _chaindata_noderpc_v1_CallReply__Output>
}
