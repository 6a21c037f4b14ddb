import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { AddressDetails as _chaindata_metrics_v1_AddressDetails, AddressDetails__Output as _chaindata_metrics_v1_AddressDetails__Output } from './chaindata/metrics/v1/AddressDetails.ts';
import type { AvgTpsResponse as _chaindata_metrics_v1_AvgTpsResponse, AvgTpsResponse__Output as _chaindata_metrics_v1_AvgTpsResponse__Output } from './chaindata/metrics/v1/AvgTpsResponse.ts';
import type { Chain as _chaindata_metrics_v1_Chain, Chain__Output as _chaindata_metrics_v1_Chain__Output } from './chaindata/metrics/v1/Chain.ts';
import type { ChainRollingWindowMetricsValue as _chaindata_metrics_v1_ChainRollingWindowMetricsValue, ChainRollingWindowMetricsValue__Output as _chaindata_metrics_v1_ChainRollingWindowMetricsValue__Output } from './chaindata/metrics/v1/ChainRollingWindowMetricsValue.ts';
import type { GetAvgTpsRequest as _chaindata_metrics_v1_GetAvgTpsRequest, GetAvgTpsRequest__Output as _chaindata_metrics_v1_GetAvgTpsRequest__Output } from './chaindata/metrics/v1/GetAvgTpsRequest.ts';
import type { GetChainRequest as _chaindata_metrics_v1_GetChainRequest, GetChainRequest__Output as _chaindata_metrics_v1_GetChainRequest__Output } from './chaindata/metrics/v1/GetChainRequest.ts';
import type { GetEvmChainMetricsRequest as _chaindata_metrics_v1_GetEvmChainMetricsRequest, GetEvmChainMetricsRequest__Output as _chaindata_metrics_v1_GetEvmChainMetricsRequest__Output } from './chaindata/metrics/v1/GetEvmChainMetricsRequest.ts';
import type { GetEvmChainRollingWindowMetricsRequest as _chaindata_metrics_v1_GetEvmChainRollingWindowMetricsRequest, GetEvmChainRollingWindowMetricsRequest__Output as _chaindata_metrics_v1_GetEvmChainRollingWindowMetricsRequest__Output } from './chaindata/metrics/v1/GetEvmChainRollingWindowMetricsRequest.ts';
import type { GetIcmSummaryRequest as _chaindata_metrics_v1_GetIcmSummaryRequest, GetIcmSummaryRequest__Output as _chaindata_metrics_v1_GetIcmSummaryRequest__Output } from './chaindata/metrics/v1/GetIcmSummaryRequest.ts';
import type { GetIcmTimeseriesRequest as _chaindata_metrics_v1_GetIcmTimeseriesRequest, GetIcmTimeseriesRequest__Output as _chaindata_metrics_v1_GetIcmTimeseriesRequest__Output } from './chaindata/metrics/v1/GetIcmTimeseriesRequest.ts';
import type { GetL1ValidatorFeeMetricsRequest as _chaindata_metrics_v1_GetL1ValidatorFeeMetricsRequest, GetL1ValidatorFeeMetricsRequest__Output as _chaindata_metrics_v1_GetL1ValidatorFeeMetricsRequest__Output } from './chaindata/metrics/v1/GetL1ValidatorFeeMetricsRequest.ts';
import type { GetStakingMetricsRequest as _chaindata_metrics_v1_GetStakingMetricsRequest, GetStakingMetricsRequest__Output as _chaindata_metrics_v1_GetStakingMetricsRequest__Output } from './chaindata/metrics/v1/GetStakingMetricsRequest.ts';
import type { ICMMetricsValue as _chaindata_metrics_v1_ICMMetricsValue, ICMMetricsValue__Output as _chaindata_metrics_v1_ICMMetricsValue__Output } from './chaindata/metrics/v1/ICMMetricsValue.ts';
import type { ICMRollingWindowMetricsValue as _chaindata_metrics_v1_ICMRollingWindowMetricsValue, ICMRollingWindowMetricsValue__Output as _chaindata_metrics_v1_ICMRollingWindowMetricsValue__Output } from './chaindata/metrics/v1/ICMRollingWindowMetricsValue.ts';
import type { IcmMetricsApiResponse as _chaindata_metrics_v1_IcmMetricsApiResponse, IcmMetricsApiResponse__Output as _chaindata_metrics_v1_IcmMetricsApiResponse__Output } from './chaindata/metrics/v1/IcmMetricsApiResponse.ts';
import type { IcmRollingWindowMetricsApiResponse as _chaindata_metrics_v1_IcmRollingWindowMetricsApiResponse, IcmRollingWindowMetricsApiResponse__Output as _chaindata_metrics_v1_IcmRollingWindowMetricsApiResponse__Output } from './chaindata/metrics/v1/IcmRollingWindowMetricsApiResponse.ts';
import type { ListAddressesByBalanceOverTimeRequest as _chaindata_metrics_v1_ListAddressesByBalanceOverTimeRequest, ListAddressesByBalanceOverTimeRequest__Output as _chaindata_metrics_v1_ListAddressesByBalanceOverTimeRequest__Output } from './chaindata/metrics/v1/ListAddressesByBalanceOverTimeRequest.ts';
import type { ListChainsRequest as _chaindata_metrics_v1_ListChainsRequest, ListChainsRequest__Output as _chaindata_metrics_v1_ListChainsRequest__Output } from './chaindata/metrics/v1/ListChainsRequest.ts';
import type { ListChainsResponse as _chaindata_metrics_v1_ListChainsResponse, ListChainsResponse__Output as _chaindata_metrics_v1_ListChainsResponse__Output } from './chaindata/metrics/v1/ListChainsResponse.ts';
import type { ListNftHoldersRequest as _chaindata_metrics_v1_ListNftHoldersRequest, ListNftHoldersRequest__Output as _chaindata_metrics_v1_ListNftHoldersRequest__Output } from './chaindata/metrics/v1/ListNftHoldersRequest.ts';
import type { ListValidatorsByDateRangeRequest as _chaindata_metrics_v1_ListValidatorsByDateRangeRequest, ListValidatorsByDateRangeRequest__Output as _chaindata_metrics_v1_ListValidatorsByDateRangeRequest__Output } from './chaindata/metrics/v1/ListValidatorsByDateRangeRequest.ts';
import type { LookingGlassResponse as _chaindata_metrics_v1_LookingGlassResponse, LookingGlassResponse__Output as _chaindata_metrics_v1_LookingGlassResponse__Output } from './chaindata/metrics/v1/LookingGlassResponse.ts';
import type { MetricsApiResponse as _chaindata_metrics_v1_MetricsApiResponse, MetricsApiResponse__Output as _chaindata_metrics_v1_MetricsApiResponse__Output } from './chaindata/metrics/v1/MetricsApiResponse.ts';
import type { MetricsServiceClient as _chaindata_metrics_v1_MetricsServiceClient, MetricsServiceDefinition as _chaindata_metrics_v1_MetricsServiceDefinition } from './chaindata/metrics/v1/MetricsService.ts';
import type { MetricsValue as _chaindata_metrics_v1_MetricsValue, MetricsValue__Output as _chaindata_metrics_v1_MetricsValue__Output } from './chaindata/metrics/v1/MetricsValue.ts';
import type { NftHoldersResponse as _chaindata_metrics_v1_NftHoldersResponse, NftHoldersResponse__Output as _chaindata_metrics_v1_NftHoldersResponse__Output } from './chaindata/metrics/v1/NftHoldersResponse.ts';
import type { PChainAddressDetails as _chaindata_metrics_v1_PChainAddressDetails, PChainAddressDetails__Output as _chaindata_metrics_v1_PChainAddressDetails__Output } from './chaindata/metrics/v1/PChainAddressDetails.ts';
import type { PChainLookingGlassResponse as _chaindata_metrics_v1_PChainLookingGlassResponse, PChainLookingGlassResponse__Output as _chaindata_metrics_v1_PChainLookingGlassResponse__Output } from './chaindata/metrics/v1/PChainLookingGlassResponse.ts';
import type { RollingWindowMetricsApiResponse as _chaindata_metrics_v1_RollingWindowMetricsApiResponse, RollingWindowMetricsApiResponse__Output as _chaindata_metrics_v1_RollingWindowMetricsApiResponse__Output } from './chaindata/metrics/v1/RollingWindowMetricsApiResponse.ts';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  chaindata: {
    metrics: {
      v1: {
        AddressDetails: MessageTypeDefinition<_chaindata_metrics_v1_AddressDetails, _chaindata_metrics_v1_AddressDetails__Output>
        AvgTpsResponse: MessageTypeDefinition<_chaindata_metrics_v1_AvgTpsResponse, _chaindata_metrics_v1_AvgTpsResponse__Output>
        Chain: MessageTypeDefinition<_chaindata_metrics_v1_Chain, _chaindata_metrics_v1_Chain__Output>
        ChainRollingWindowMetricsValue: MessageTypeDefinition<_chaindata_metrics_v1_ChainRollingWindowMetricsValue, _chaindata_metrics_v1_ChainRollingWindowMetricsValue__Output>
        GetAvgTpsRequest: MessageTypeDefinition<_chaindata_metrics_v1_GetAvgTpsRequest, _chaindata_metrics_v1_GetAvgTpsRequest__Output>
        GetChainRequest: MessageTypeDefinition<_chaindata_metrics_v1_GetChainRequest, _chaindata_metrics_v1_GetChainRequest__Output>
        GetEvmChainMetricsRequest: MessageTypeDefinition<_chaindata_metrics_v1_GetEvmChainMetricsRequest, _chaindata_metrics_v1_GetEvmChainMetricsRequest__Output>
        GetEvmChainRollingWindowMetricsRequest: MessageTypeDefinition<_chaindata_metrics_v1_GetEvmChainRollingWindowMetricsRequest, _chaindata_metrics_v1_GetEvmChainRollingWindowMetricsRequest__Output>
        GetIcmSummaryRequest: MessageTypeDefinition<_chaindata_metrics_v1_GetIcmSummaryRequest, _chaindata_metrics_v1_GetIcmSummaryRequest__Output>
        GetIcmTimeseriesRequest: MessageTypeDefinition<_chaindata_metrics_v1_GetIcmTimeseriesRequest, _chaindata_metrics_v1_GetIcmTimeseriesRequest__Output>
        GetL1ValidatorFeeMetricsRequest: MessageTypeDefinition<_chaindata_metrics_v1_GetL1ValidatorFeeMetricsRequest, _chaindata_metrics_v1_GetL1ValidatorFeeMetricsRequest__Output>
        GetStakingMetricsRequest: MessageTypeDefinition<_chaindata_metrics_v1_GetStakingMetricsRequest, _chaindata_metrics_v1_GetStakingMetricsRequest__Output>
        ICMMetricsValue: MessageTypeDefinition<_chaindata_metrics_v1_ICMMetricsValue, _chaindata_metrics_v1_ICMMetricsValue__Output>
        ICMRollingWindowMetricsValue: MessageTypeDefinition<_chaindata_metrics_v1_ICMRollingWindowMetricsValue, _chaindata_metrics_v1_ICMRollingWindowMetricsValue__Output>
        IcmMetricsApiResponse: MessageTypeDefinition<_chaindata_metrics_v1_IcmMetricsApiResponse, _chaindata_metrics_v1_IcmMetricsApiResponse__Output>
        IcmRollingWindowMetricsApiResponse: MessageTypeDefinition<_chaindata_metrics_v1_IcmRollingWindowMetricsApiResponse, _chaindata_metrics_v1_IcmRollingWindowMetricsApiResponse__Output>
        ListAddressesByBalanceOverTimeRequest: MessageTypeDefinition<_chaindata_metrics_v1_ListAddressesByBalanceOverTimeRequest, _chaindata_metrics_v1_ListAddressesByBalanceOverTimeRequest__Output>
        ListChainsRequest: MessageTypeDefinition<_chaindata_metrics_v1_ListChainsRequest, _chaindata_metrics_v1_ListChainsRequest__Output>
        ListChainsResponse: MessageTypeDefinition<_chaindata_metrics_v1_ListChainsResponse, _chaindata_metrics_v1_ListChainsResponse__Output>
        ListNftHoldersRequest: MessageTypeDefinition<_chaindata_metrics_v1_ListNftHoldersRequest, _chaindata_metrics_v1_ListNftHoldersRequest__Output>
        ListValidatorsByDateRangeRequest: MessageTypeDefinition<_chaindata_metrics_v1_ListValidatorsByDateRangeRequest, _chaindata_metrics_v1_ListValidatorsByDateRangeRequest__Output>
        LookingGlassResponse: MessageTypeDefinition<_chaindata_metrics_v1_LookingGlassResponse, _chaindata_metrics_v1_LookingGlassResponse__Output>
        MetricsApiResponse: MessageTypeDefinition<_chaindata_metrics_v1_MetricsApiResponse, _chaindata_metrics_v1_MetricsApiResponse__Output>
        MetricsService: SubtypeConstructor<typeof grpc.Client, _chaindata_metrics_v1_MetricsServiceClient> & { service: _chaindata_metrics_v1_MetricsServiceDefinition }
        MetricsValue: MessageTypeDefinition<_chaindata_metrics_v1_MetricsValue, _chaindata_metrics_v1_MetricsValue__Output>
        NftHoldersResponse: MessageTypeDefinition<_chaindata_metrics_v1_NftHoldersResponse, _chaindata_metrics_v1_NftHoldersResponse__Output>
        PChainAddressDetails: MessageTypeDefinition<_chaindata_metrics_v1_PChainAddressDetails, _chaindata_metrics_v1_PChainAddressDetails__Output>
        PChainLookingGlassResponse: MessageTypeDefinition<_chaindata_metrics_v1_PChainLookingGlassResponse, _chaindata_metrics_v1_PChainLookingGlassResponse__Output>
        RollingWindowMetricsApiResponse: MessageTypeDefinition<_chaindata_metrics_v1_RollingWindowMetricsApiResponse, _chaindata_metrics_v1_RollingWindowMetricsApiResponse__Output>
      }
    }
  }
}

