import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { Chain as _chaindata_metrics_v1_Chain, Chain__Output as _chaindata_metrics_v1_Chain__Output } from './chaindata/metrics/v1/Chain.ts';
import type { GetChainRequest as _chaindata_metrics_v1_GetChainRequest, GetChainRequest__Output as _chaindata_metrics_v1_GetChainRequest__Output } from './chaindata/metrics/v1/GetChainRequest.ts';
import type { GetEvmChainMetricsRequest as _chaindata_metrics_v1_GetEvmChainMetricsRequest, GetEvmChainMetricsRequest__Output as _chaindata_metrics_v1_GetEvmChainMetricsRequest__Output } from './chaindata/metrics/v1/GetEvmChainMetricsRequest.ts';
import type { ListChainsRequest as _chaindata_metrics_v1_ListChainsRequest, ListChainsRequest__Output as _chaindata_metrics_v1_ListChainsRequest__Output } from './chaindata/metrics/v1/ListChainsRequest.ts';
import type { ListChainsResponse as _chaindata_metrics_v1_ListChainsResponse, ListChainsResponse__Output as _chaindata_metrics_v1_ListChainsResponse__Output } from './chaindata/metrics/v1/ListChainsResponse.ts';
import type { MetricsApiResponse as _chaindata_metrics_v1_MetricsApiResponse, MetricsApiResponse__Output as _chaindata_metrics_v1_MetricsApiResponse__Output } from './chaindata/metrics/v1/MetricsApiResponse.ts';
import type { MetricsServiceClient as _chaindata_metrics_v1_MetricsServiceClient, MetricsServiceDefinition as _chaindata_metrics_v1_MetricsServiceDefinition } from './chaindata/metrics/v1/MetricsService.ts';
import type { MetricsValue as _chaindata_metrics_v1_MetricsValue, MetricsValue__Output as _chaindata_metrics_v1_MetricsValue__Output } from './chaindata/metrics/v1/MetricsValue.ts';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  chaindata: {
    metrics: {
      v1: {
        Chain: MessageTypeDefinition<_chaindata_metrics_v1_Chain, _chaindata_metrics_v1_Chain__Output>
        GetChainRequest: MessageTypeDefinition<_chaindata_metrics_v1_GetChainRequest, _chaindata_metrics_v1_GetChainRequest__Output>
        GetEvmChainMetricsRequest: MessageTypeDefinition<_chaindata_metrics_v1_GetEvmChainMetricsRequest, _chaindata_metrics_v1_GetEvmChainMetricsRequest__Output>
        ListChainsRequest: MessageTypeDefinition<_chaindata_metrics_v1_ListChainsRequest, _chaindata_metrics_v1_ListChainsRequest__Output>
        ListChainsResponse: MessageTypeDefinition<_chaindata_metrics_v1_ListChainsResponse, _chaindata_metrics_v1_ListChainsResponse__Output>
        MetricsApiResponse: MessageTypeDefinition<_chaindata_metrics_v1_MetricsApiResponse, _chaindata_metrics_v1_MetricsApiResponse__Output>
        MetricsService: SubtypeConstructor<typeof grpc.Client, _chaindata_metrics_v1_MetricsServiceClient> & { service: _chaindata_metrics_v1_MetricsServiceDefinition }
        MetricsValue: MessageTypeDefinition<_chaindata_metrics_v1_MetricsValue, _chaindata_metrics_v1_MetricsValue__Output>
      }
    }
  }
}

