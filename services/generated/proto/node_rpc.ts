import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { CallReply as _chaindata_noderpc_v1_CallReply, CallReply__Output as _chaindata_noderpc_v1_CallReply__Output } from './chaindata/noderpc/v1/CallReply.ts';
import type { CallRequest as _chaindata_noderpc_v1_CallRequest, CallRequest__Output as _chaindata_noderpc_v1_CallRequest__Output } from './chaindata/noderpc/v1/CallRequest.ts';
import type { FinalAnswer as _chaindata_noderpc_v1_FinalAnswer, FinalAnswer__Output as _chaindata_noderpc_v1_FinalAnswer__Output } from './chaindata/noderpc/v1/FinalAnswer.ts';
import type { FollowHeadsRequest as _chaindata_noderpc_v1_FollowHeadsRequest, FollowHeadsRequest__Output as _chaindata_noderpc_v1_FollowHeadsRequest__Output } from './chaindata/noderpc/v1/FollowHeadsRequest.ts';
import type { FollowPendingTransactionsRequest as _chaindata_noderpc_v1_FollowPendingTransactionsRequest, FollowPendingTransactionsRequest__Output as _chaindata_noderpc_v1_FollowPendingTransactionsRequest__Output } from './chaindata/noderpc/v1/FollowPendingTransactionsRequest.ts';
import type { Head as _chaindata_noderpc_v1_Head, Head__Output as _chaindata_noderpc_v1_Head__Output } from './chaindata/noderpc/v1/Head.ts';
import type { NodeRpcServiceClient as _chaindata_noderpc_v1_NodeRpcServiceClient, NodeRpcServiceDefinition as _chaindata_noderpc_v1_NodeRpcServiceDefinition } from './chaindata/noderpc/v1/NodeRpcService.ts';
import type { PendingTransaction as _chaindata_noderpc_v1_PendingTransaction, PendingTransaction__Output as _chaindata_noderpc_v1_PendingTransaction__Output } from './chaindata/noderpc/v1/PendingTransaction.ts';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  chaindata: {
    noderpc: {
      v1: {
        CallReply: MessageTypeDefinition<_chaindata_noderpc_v1_CallReply, _chaindata_noderpc_v1_CallReply__Output>
        CallRequest: MessageTypeDefinition<_chaindata_noderpc_v1_CallRequest, _chaindata_noderpc_v1_CallRequest__Output>
        FinalAnswer: MessageTypeDefinition<_chaindata_noderpc_v1_FinalAnswer, _chaindata_noderpc_v1_FinalAnswer__Output>
        FollowHeadsRequest: MessageTypeDefinition<_chaindata_noderpc_v1_FollowHeadsRequest, _chaindata_noderpc_v1_FollowHeadsRequest__Output>
        FollowPendingTransactionsRequest: MessageTypeDefinition<_chaindata_noderpc_v1_FollowPendingTransactionsRequest, _chaindata_noderpc_v1_FollowPendingTransactionsRequest__Output>
        Head: MessageTypeDefinition<_chaindata_noderpc_v1_Head, _chaindata_noderpc_v1_Head__Output>
        NodeRpcService: SubtypeConstructor<typeof grpc.Client, _chaindata_noderpc_v1_NodeRpcServiceClient> & { service: _chaindata_noderpc_v1_NodeRpcServiceDefinition }
        PendingTransaction: MessageTypeDefinition<_chaindata_noderpc_v1_PendingTransaction, _chaindata_noderpc_v1_PendingTransaction__Output>
      }
    }
  }
}

