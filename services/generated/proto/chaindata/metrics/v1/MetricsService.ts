// Original file: proto/chaindata/metrics/v1/metrics.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { Chain as _chaindata_metrics_v1_Chain, Chain__Output as _chaindata_metrics_v1_Chain__Output } from '../../../chaindata/metrics/v1/Chain.ts';
import type { GetChainRequest as _chaindata_metrics_v1_GetChainRequest, GetChainRequest__Output as _chaindata_metrics_v1_GetChainRequest__Output } from '../../../chaindata/metrics/v1/GetChainRequest.ts';
import type { GetEvmChainMetricsRequest as _chaindata_metrics_v1_GetEvmChainMetricsRequest, GetEvmChainMetricsRequest__Output as _chaindata_metrics_v1_GetEvmChainMetricsRequest__Output } from '../../../chaindata/metrics/v1/GetEvmChainMetricsRequest.ts';
import type { ListChainsRequest as _chaindata_metrics_v1_ListChainsRequest, ListChainsRequest__Output as _chaindata_metrics_v1_ListChainsRequest__Output } from '../../../chaindata/metrics/v1/ListChainsRequest.ts';
import type { ListChainsResponse as _chaindata_metrics_v1_ListChainsResponse, ListChainsResponse__Output as _chaindata_metrics_v1_ListChainsResponse__Output } from '../../../chaindata/metrics/v1/ListChainsResponse.ts';
import type { MetricsApiResponse as _chaindata_metrics_v1_MetricsApiResponse, MetricsApiResponse__Output as _chaindata_metrics_v1_MetricsApiResponse__Output } from '../../../chaindata/metrics/v1/MetricsApiResponse.ts';

export interface MetricsServiceClient extends grpc.Client {
  GetChain(argument: _chaindata_metrics_v1_GetChainRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_metrics_v1_Chain__Output>): grpc.ClientUnaryCall;
  GetChain(argument: _chaindata_metrics_v1_GetChainRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_metrics_v1_Chain__Output>): grpc.ClientUnaryCall;
  GetChain(argument: _chaindata_metrics_v1_GetChainRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_metrics_v1_Chain__Output>): grpc.ClientUnaryCall;
  GetChain(argument: _chaindata_metrics_v1_GetChainRequest, callback: grpc.requestCallback<_chaindata_metrics_v1_Chain__Output>): grpc.ClientUnaryCall;
  getChain(argument: _chaindata_metrics_v1_GetChainRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_metrics_v1_Chain__Output>): grpc.ClientUnaryCall;
  getChain(argument: _chaindata_metrics_v1_GetChainRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_metrics_v1_Chain__Output>): grpc.ClientUnaryCall;
  getChain(argument: _chaindata_metrics_v1_GetChainRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_metrics_v1_Chain__Output>): grpc.ClientUnaryCall;
  getChain(argument: _chaindata_metrics_v1_GetChainRequest, callback: grpc.requestCallback<_chaindata_metrics_v1_Chain__Output>): grpc.ClientUnaryCall;
  
  GetEvmChainMetrics(argument: _chaindata_metrics_v1_GetEvmChainMetricsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_metrics_v1_MetricsApiResponse__Output>): grpc.ClientUnaryCall;
  GetEvmChainMetrics(argument: _chaindata_metrics_v1_GetEvmChainMetricsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_metrics_v1_MetricsApiResponse__Output>): grpc.ClientUnaryCall;
  GetEvmChainMetrics(argument: _chaindata_metrics_v1_GetEvmChainMetricsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_metrics_v1_MetricsApiResponse__Output>): grpc.ClientUnaryCall;
  GetEvmChainMetrics(argument: _chaindata_metrics_v1_GetEvmChainMetricsRequest, callback: grpc.requestCallback<_chaindata_metrics_v1_MetricsApiResponse__Output>): grpc.ClientUnaryCall;
  getEvmChainMetrics(argument: _chaindata_metrics_v1_GetEvmChainMetricsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_metrics_v1_MetricsApiResponse__Output>): grpc.ClientUnaryCall;
  getEvmChainMetrics(argument: _chaindata_metrics_v1_GetEvmChainMetricsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_metrics_v1_MetricsApiResponse__Output>): grpc.ClientUnaryCall;
  getEvmChainMetrics(argument: _chaindata_metrics_v1_GetEvmChainMetricsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_metrics_v1_MetricsApiResponse__Output>): grpc.ClientUnaryCall;
  getEvmChainMetrics(argument: _chaindata_metrics_v1_GetEvmChainMetricsRequest, callback: grpc.requestCallback<_chaindata_metrics_v1_MetricsApiResponse__Output>): grpc.ClientUnaryCall;
  
  ListChains(argument: _chaindata_metrics_v1_ListChainsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_metrics_v1_ListChainsResponse__Output>): grpc.ClientUnaryCall;
  ListChains(argument: _chaindata_metrics_v1_ListChainsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_metrics_v1_ListChainsResponse__Output>): grpc.ClientUnaryCall;
  ListChains(argument: _chaindata_metrics_v1_ListChainsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_metrics_v1_ListChainsResponse__Output>): grpc.ClientUnaryCall;
  ListChains(argument: _chaindata_metrics_v1_ListChainsRequest, callback: grpc.requestCallback<_chaindata_metrics_v1_ListChainsResponse__Output>): grpc.ClientUnaryCall;
  listChains(argument: _chaindata_metrics_v1_ListChainsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_metrics_v1_ListChainsResponse__Output>): grpc.ClientUnaryCall;
  listChains(argument: _chaindata_metrics_v1_ListChainsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_metrics_v1_ListChainsResponse__Output>): grpc.ClientUnaryCall;
  listChains(argument: _chaindata_metrics_v1_ListChainsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_metrics_v1_ListChainsResponse__Output>): grpc.ClientUnaryCall;
  listChains(argument: _chaindata_metrics_v1_ListChainsRequest, callback: grpc.requestCallback<_chaindata_metrics_v1_ListChainsResponse__Output>): grpc.ClientUnaryCall;
  
}

export interface MetricsServiceHandlers extends grpc.UntypedServiceImplementation {
  GetChain: grpc.handleUnaryCall<_chaindata_metrics_v1_GetChainRequest__Output, _chaindata_metrics_v1_Chain>;
  
  GetEvmChainMetrics: grpc.handleUnaryCall<_chaindata_metrics_v1_GetEvmChainMetricsRequest__Output, _chaindata_metrics_v1_MetricsApiResponse>;
  
  ListChains: grpc.handleUnaryCall<_chaindata_metrics_v1_ListChainsRequest__Output, _chaindata_metrics_v1_ListChainsResponse>;
  
}

export interface MetricsServiceDefinition extends grpc.ServiceDefinition {
  GetChain: MethodDefinition<_chaindata_metrics_v1_GetChainRequest, _chaindata_metrics_v1_Chain, _chaindata_metrics_v1_GetChainRequest__Output, _chaindata_metrics_v1_Chain__Output>
  GetEvmChainMetrics: MethodDefinition<_chaindata_metrics_v1_GetEvmChainMetricsRequest, _chaindata_metrics_v1_MetricsApiResponse, _chaindata_metrics_v1_GetEvmChainMetricsRequest__Output, _chaindata_metrics_v1_MetricsApiResponse__Output>
  ListChains: MethodDefinition<_chaindata_metrics_v1_ListChainsRequest, _chaindata_metrics_v1_ListChainsResponse, _chaindata_metrics_v1_ListChainsRequest__Output, _chaindata_metrics_v1_ListChainsResponse__Output>
}
