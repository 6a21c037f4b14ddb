// Original file: proto/chaindata/noderpc/v1/node_rpc.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { CallReply as _chaindata_noderpc_v1_CallReply, CallReply__Output as _chaindata_noderpc_v1_CallReply__Output } from '../../../chaindata/noderpc/v1/CallReply.ts';
import type { CallRequest as _chaindata_noderpc_v1_CallRequest, CallRequest__Output as _chaindata_noderpc_v1_CallRequest__Output } from '../../../chaindata/noderpc/v1/CallRequest.ts';
import type { FollowHeadsRequest as _chaindata_noderpc_v1_FollowHeadsRequest, FollowHeadsRequest__Output as _chaindata_noderpc_v1_FollowHeadsRequest__Output } from '../../../chaindata/noderpc/v1/FollowHeadsRequest.ts';
import type { FollowPendingTransactionsRequest as _chaindata_noderpc_v1_FollowPendingTransactionsRequest, FollowPendingTransactionsRequest__Output as _chaindata_noderpc_v1_FollowPendingTransactionsRequest__Output } from '../../../chaindata/noderpc/v1/FollowPendingTransactionsRequest.ts';
import type { Head as _chaindata_noderpc_v1_Head, Head__Output as _chaindata_noderpc_v1_Head__Output } from '../../../chaindata/noderpc/v1/Head.ts';
import type { PendingTransaction as _chaindata_noderpc_v1_PendingTransaction, PendingTransaction__Output as _chaindata_noderpc_v1_PendingTransaction__Output } from '../../../chaindata/noderpc/v1/PendingTransaction.ts';

export interface NodeRpcServiceClient extends grpc.Client {
  Call(argument: _chaindata_noderpc_v1_CallRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_noderpc_v1_CallReply__Output>): grpc.ClientUnaryCall;
  Call(argument: _chaindata_noderpc_v1_CallRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_noderpc_v1_CallReply__Output>): grpc.ClientUnaryCall;
  Call(argument: _chaindata_noderpc_v1_CallRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_noderpc_v1_CallReply__Output>): grpc.ClientUnaryCall;
  Call(argument: _chaindata_noderpc_v1_CallRequest, callback: grpc.requestCallback<_chaindata_noderpc_v1_CallReply__Output>): grpc.ClientUnaryCall;
  call(argument: _chaindata_noderpc_v1_CallRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_noderpc_v1_CallReply__Output>): grpc.ClientUnaryCall;
  call(argument: _chaindata_noderpc_v1_CallRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_noderpc_v1_CallReply__Output>): grpc.ClientUnaryCall;
  call(argument: _chaindata_noderpc_v1_CallRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_noderpc_v1_CallReply__Output>): grpc.ClientUnaryCall;
  call(argument: _chaindata_noderpc_v1_CallRequest, callback: grpc.requestCallback<_chaindata_noderpc_v1_CallReply__Output>): grpc.ClientUnaryCall;
  
  FollowHeads(argument: _chaindata_noderpc_v1_FollowHeadsRequest, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_chaindata_noderpc_v1_Head__Output>;
  FollowHeads(argument: _chaindata_noderpc_v1_FollowHeadsRequest, options?: grpc.CallOptions): grpc.ClientReadableStream<_chaindata_noderpc_v1_Head__Output>;
  followHeads(argument: _chaindata_noderpc_v1_FollowHeadsRequest, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_chaindata_noderpc_v1_Head__Output>;
  followHeads(argument: _chaindata_noderpc_v1_FollowHeadsRequest, options?: grpc.CallOptions): grpc.ClientReadableStream<_chaindata_noderpc_v1_Head__Output>;
  
  FollowPendingTransactions(argument: _chaindata_noderpc_v1_FollowPendingTransactionsRequest, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_chaindata_noderpc_v1_PendingTransaction__Output>;
  FollowPendingTransactions(argument: _chaindata_noderpc_v1_FollowPendingTransactionsRequest, options?: grpc.CallOptions): grpc.ClientReadableStream<_chaindata_noderpc_v1_PendingTransaction__Output>;
  followPendingTransactions(argument: _chaindata_noderpc_v1_FollowPendingTransactionsRequest, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_chaindata_noderpc_v1_PendingTransaction__Output>;
  followPendingTransactions(argument: _chaindata_noderpc_v1_FollowPendingTransactionsRequest, options?: grpc.CallOptions): grpc.ClientReadableStream<_chaindata_noderpc_v1_PendingTransaction__Output>;
  
}

export interface NodeRpcServiceHandlers extends grpc.UntypedServiceImplementation {
  Call: grpc.handleUnaryCall<_chaindata_noderpc_v1_CallRequest__Output, _chaindata_noderpc_v1_CallReply>;
  
  FollowHeads: grpc.handleServerStreamingCall<_chaindata_noderpc_v1_FollowHeadsRequest__Output, _chaindata_noderpc_v1_Head>;
  
  FollowPendingTransactions: grpc.handleServerStreamingCall<_chaindata_noderpc_v1_FollowPendingTransactionsRequest__Output, _chaindata_noderpc_v1_PendingTransaction>;
  
}

export interface NodeRpcServiceDefinition extends grpc.ServiceDefinition {
  Call: MethodDefinition<_chaindata_noderpc_v1_CallRequest, _chaindata_noderpc_v1_CallReply, _chaindata_noderpc_v1_CallRequest__Output, _chaindata_noderpc_v1_CallReply__Output>
  FollowHeads: MethodDefinition<_chaindata_noderpc_v1_FollowHeadsRequest, _chaindata_noderpc_v1_Head, _chaindata_noderpc_v1_FollowHeadsRequest__Output, _chaindata_noderpc_v1_Head__Output>
  FollowPendingTransactions: MethodDefinition<_chaindata_noderpc_v1_FollowPendingTransactionsRequest, _chaindata_noderpc_v1_PendingTransaction, _chaindata_noderpc_v1_FollowPendingTransactionsRequest__Output, _chaindata_noderpc_v1_PendingTransaction__Output>
}
