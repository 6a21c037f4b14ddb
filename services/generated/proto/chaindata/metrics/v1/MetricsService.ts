// Original file: proto/chaindata/metrics/v1/metrics.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { AvgTpsResponse as _chaindata_metrics_v1_AvgTpsResponse, AvgTpsResponse__Output as _chaindata_metrics_v1_AvgTpsResponse__Output } from '../../../chaindata/metrics/v1/AvgTpsResponse.ts';
import type { Chain as _chaindata_metrics_v1_Chain, Chain__Output as _chaindata_metrics_v1_Chain__Output } from '../../../chaindata/metrics/v1/Chain.ts';
import type { GetAvgTpsRequest as _chaindata_metrics_v1_GetAvgTpsRequest, GetAvgTpsRequest__Output as _chaindata_metrics_v1_GetAvgTpsRequest__Output } from '../../../chaindata/metrics/v1/GetAvgTpsRequest.ts';
import type { GetChainRequest as _chaindata_metrics_v1_GetChainRequest, GetChainRequest__Output as _chaindata_metrics_v1_GetChainRequest__Output } from '../../../chaindata/metrics/v1/GetChainRequest.ts';
import type { GetEvmChainMetricsRequest as _chaindata_metrics_v1_GetEvmChainMetricsRequest, GetEvmChainMetricsRequest__Output as _chaindata_metrics_v1_GetEvmChainMetricsRequest__Output } from '../../../chaindata/metrics/v1/GetEvmChainMetricsRequest.ts';
import type { GetEvmChainRollingWindowMetricsRequest as _chaindata_metrics_v1_GetEvmChainRollingWindowMetricsRequest, GetEvmChainRollingWindowMetricsRequest__Output as _chaindata_metrics_v1_GetEvmChainRollingWindowMetricsRequest__Output } from '../../../chaindata/metrics/v1/GetEvmChainRollingWindowMetricsRequest.ts';
import type { GetIcmSummaryRequest as _chaindata_metrics_v1_GetIcmSummaryRequest, GetIcmSummaryRequest__Output as _chaindata_metrics_v1_GetIcmSummaryRequest__Output } from '../../../chaindata/metrics/v1/GetIcmSummaryRequest.ts';
import type { GetIcmTimeseriesRequest as _chaindata_metrics_v1_GetIcmTimeseriesRequest, GetIcmTimeseriesRequest__Output as _chaindata_metrics_v1_GetIcmTimeseriesRequest__Output } from '../../../chaindata/metrics/v1/GetIcmTimeseriesRequest.ts';
import type { GetL1ValidatorFeeMetricsRequest as _chaindata_metrics_v1_GetL1ValidatorFeeMetricsRequest, GetL1ValidatorFeeMetricsRequest__Output as _chaindata_metrics_v1_GetL1ValidatorFeeMetricsRequest__Output } from '../../../chaindata/metrics/v1/GetL1ValidatorFeeMetricsRequest.ts';
import type { GetStakingMetricsRequest as _chaindata_metrics_v1_GetStakingMetricsRequest, GetStakingMetricsRequest__Output as _chaindata_metrics_v1_GetStakingMetricsRequest__Output } from '../../../chaindata/metrics/v1/GetStakingMetricsRequest.ts';
import type { IcmMetricsApiResponse as _chaindata_metrics_v1_IcmMetricsApiResponse, IcmMetricsApiResponse__Output as _chaindata_metrics_v1_IcmMetricsApiResponse__Output } from '../../../chaindata/metrics/v1/IcmMetricsApiResponse.ts';
import type { IcmRollingWindowMetricsApiResponse as _chaindata_metrics_v1_IcmRollingWindowMetricsApiResponse, IcmRollingWindowMetricsApiResponse__Output as _chaindata_metrics_v1_IcmRollingWindowMetricsApiResponse__Output } from '../../../chaindata/metrics/v1/IcmRollingWindowMetricsApiResponse.ts';
import type { ListAddressesByBalanceOverTimeRequest as _chaindata_metrics_v1_ListAddressesByBalanceOverTimeRequest, ListAddressesByBalanceOverTimeRequest__Output as _chaindata_metrics_v1_ListAddressesByBalanceOverTimeRequest__Output } from '../../../chaindata/metrics/v1/ListAddressesByBalanceOverTimeRequest.ts';
import type { ListChainsRequest as _chaindata_metrics_v1_ListChainsRequest, ListChainsRequest__Output as _chaindata_metrics_v1_ListChainsRequest__Output } from '../../../chaindata/metrics/v1/ListChainsRequest.ts';
import type { ListChainsResponse as _chaindata_metrics_v1_ListChainsResponse, ListChainsResponse__Output as _chaindata_metrics_v1_ListChainsResponse__Output } from '../../../chaindata/metrics/v1/ListChainsResponse.ts';
import type { ListNftHoldersRequest as _chaindata_metrics_v1_ListNftHoldersRequest, ListNftHoldersRequest__Output as _chaindata_metrics_v1_ListNftHoldersRequest__Output } from '../../../chaindata/metrics/v1/ListNftHoldersRequest.ts';
import type { ListValidatorsByDateRangeRequest as _chaindata_metrics_v1_ListValidatorsByDateRangeRequest, ListValidatorsByDateRangeRequest__Output as _chaindata_metrics_v1_ListValidatorsByDateRangeRequest__Output } from '../../../chaindata/metrics/v1/ListValidatorsByDateRangeRequest.ts';
import type { LookingGlassResponse as _chaindata_metrics_v1_LookingGlassResponse, LookingGlassResponse__Output as _chaindata_metrics_v1_LookingGlassResponse__Output } from '../../../chaindata/metrics/v1/LookingGlassResponse.ts';
import type { MetricsApiResponse as _chaindata_metrics_v1_MetricsApiResponse, MetricsApiResponse__Output as _chaindata_metrics_v1_MetricsApiResponse__Output } from '../../../chaindata/metrics/v1/MetricsApiResponse.ts';
import type { NftHoldersResponse as _chaindata_metrics_v1_NftHoldersResponse, NftHoldersResponse__Output as _chaindata_metrics_v1_NftHoldersResponse__Output } from '../../../chaindata/metrics/v1/NftHoldersResponse.ts';
import type { PChainLookingGlassResponse as _chaindata_metrics_v1_PChainLookingGlassResponse, PChainLookingGlassResponse__Output as _chaindata_metrics_v1_PChainLookingGlassResponse__Output } from '../../../chaindata/metrics/v1/PChainLookingGlassResponse.ts';
import type { RollingWindowMetricsApiResponse as _chaindata_metrics_v1_RollingWindowMetricsApiResponse, RollingWindowMetricsApiResponse__Output as _chaindata_metrics_v1_RollingWindowMetricsApiResponse__Output } from '../../../chaindata/metrics/v1/RollingWindowMetricsApiResponse.ts';

export interface MetricsServiceClient extends grpc.Client {
  GetAvgTps(argument: _chaindata_metrics_v1_GetAvgTpsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_metrics_v1_AvgTpsResponse__Output>): grpc.ClientUnaryCall;
  GetAvgTps(argument: _chaindata_metrics_v1_GetAvgTpsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_metrics_v1_AvgTpsResponse__Output>): grpc.ClientUnaryCall;
  GetAvgTps(argument: _chaindata_metrics_v1_GetAvgTpsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_metrics_v1_AvgTpsResponse__Output>): grpc.ClientUnaryCall;
  GetAvgTps(argument: _chaindata_metrics_v1_GetAvgTpsRequest, callback: grpc.requestCallback<_chaindata_metrics_v1_AvgTpsResponse__Output>): grpc.ClientUnaryCall;
  getAvgTps(argument: _chaindata_metrics_v1_GetAvgTpsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_metrics_v1_AvgTpsResponse__Output>): grpc.ClientUnaryCall;
  getAvgTps(argument: _chaindata_metrics_v1_GetAvgTpsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_metrics_v1_AvgTpsResponse__Output>): grpc.ClientUnaryCall;
  getAvgTps(argument: _chaindata_metrics_v1_GetAvgTpsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_metrics_v1_AvgTpsResponse__Output>): grpc.ClientUnaryCall;
  getAvgTps(argument: _chaindata_metrics_v1_GetAvgTpsRequest, callback: grpc.requestCallback<_chaindata_metrics_v1_AvgTpsResponse__Output>): grpc.ClientUnaryCall;
  
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
  
  GetEvmChainRollingWindowMetrics(argument: _chaindata_metrics_v1_GetEvmChainRollingWindowMetricsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_metrics_v1_RollingWindowMetricsApiResponse__Output>): grpc.ClientUnaryCall;
  GetEvmChainRollingWindowMetrics(argument: _chaindata_metrics_v1_GetEvmChainRollingWindowMetricsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_metrics_v1_RollingWindowMetricsApiResponse__Output>): grpc.ClientUnaryCall;
  GetEvmChainRollingWindowMetrics(argument: _chaindata_metrics_v1_GetEvmChainRollingWindowMetricsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_metrics_v1_RollingWindowMetricsApiResponse__Output>): grpc.ClientUnaryCall;
  GetEvmChainRollingWindowMetrics(argument: _chaindata_metrics_v1_GetEvmChainRollingWindowMetricsRequest, callback: grpc.requestCallback<_chaindata_metrics_v1_RollingWindowMetricsApiResponse__Output>): grpc.ClientUnaryCall;
  getEvmChainRollingWindowMetrics(argument: _chaindata_metrics_v1_GetEvmChainRollingWindowMetricsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_metrics_v1_RollingWindowMetricsApiResponse__Output>): grpc.ClientUnaryCall;
  getEvmChainRollingWindowMetrics(argument: _chaindata_metrics_v1_GetEvmChainRollingWindowMetricsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_metrics_v1_RollingWindowMetricsApiResponse__Output>): grpc.ClientUnaryCall;
  getEvmChainRollingWindowMetrics(argument: _chaindata_metrics_v1_GetEvmChainRollingWindowMetricsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_metrics_v1_RollingWindowMetricsApiResponse__Output>): grpc.ClientUnaryCall;
  getEvmChainRollingWindowMetrics(argument: _chaindata_metrics_v1_GetEvmChainRollingWindowMetricsRequest, callback: grpc.requestCallback<_chaindata_metrics_v1_RollingWindowMetricsApiResponse__Output>): grpc.ClientUnaryCall;
  
  GetIcmSummary(argument: _chaindata_metrics_v1_GetIcmSummaryRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_metrics_v1_IcmRollingWindowMetricsApiResponse__Output>): grpc.ClientUnaryCall;
  GetIcmSummary(argument: _chaindata_metrics_v1_GetIcmSummaryRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_metrics_v1_IcmRollingWindowMetricsApiResponse__Output>): grpc.ClientUnaryCall;
  GetIcmSummary(argument: _chaindata_metrics_v1_GetIcmSummaryRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_metrics_v1_IcmRollingWindowMetricsApiResponse__Output>): grpc.ClientUnaryCall;
  GetIcmSummary(argument: _chaindata_metrics_v1_GetIcmSummaryRequest, callback: grpc.requestCallback<_chaindata_metrics_v1_IcmRollingWindowMetricsApiResponse__Output>): grpc.ClientUnaryCall;
  getIcmSummary(argument: _chaindata_metrics_v1_GetIcmSummaryRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_metrics_v1_IcmRollingWindowMetricsApiResponse__Output>): grpc.ClientUnaryCall;
  getIcmSummary(argument: _chaindata_metrics_v1_GetIcmSummaryRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_metrics_v1_IcmRollingWindowMetricsApiResponse__Output>): grpc.ClientUnaryCall;
  getIcmSummary(argument: _chaindata_metrics_v1_GetIcmSummaryRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_metrics_v1_IcmRollingWindowMetricsApiResponse__Output>): grpc.ClientUnaryCall;
  getIcmSummary(argument: _chaindata_metrics_v1_GetIcmSummaryRequest, callback: grpc.requestCallback<_chaindata_metrics_v1_IcmRollingWindowMetricsApiResponse__Output>): grpc.ClientUnaryCall;
  
  GetIcmTimeseries(argument: _chaindata_metrics_v1_GetIcmTimeseriesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_metrics_v1_IcmMetricsApiResponse__Output>): grpc.ClientUnaryCall;
  GetIcmTimeseries(argument: _chaindata_metrics_v1_GetIcmTimeseriesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_metrics_v1_IcmMetricsApiResponse__Output>): grpc.ClientUnaryCall;
  GetIcmTimeseries(argument: _chaindata_metrics_v1_GetIcmTimeseriesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_metrics_v1_IcmMetricsApiResponse__Output>): grpc.ClientUnaryCall;
  GetIcmTimeseries(argument: _chaindata_metrics_v1_GetIcmTimeseriesRequest, callback: grpc.requestCallback<_chaindata_metrics_v1_IcmMetricsApiResponse__Output>): grpc.ClientUnaryCall;
  getIcmTimeseries(argument: _chaindata_metrics_v1_GetIcmTimeseriesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_metrics_v1_IcmMetricsApiResponse__Output>): grpc.ClientUnaryCall;
  getIcmTimeseries(argument: _chaindata_metrics_v1_GetIcmTimeseriesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_metrics_v1_IcmMetricsApiResponse__Output>): grpc.ClientUnaryCall;
  getIcmTimeseries(argument: _chaindata_metrics_v1_GetIcmTimeseriesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_metrics_v1_IcmMetricsApiResponse__Output>): grpc.ClientUnaryCall;
  getIcmTimeseries(argument: _chaindata_metrics_v1_GetIcmTimeseriesRequest, callback: grpc.requestCallback<_chaindata_metrics_v1_IcmMetricsApiResponse__Output>): grpc.ClientUnaryCall;
  
  GetL1ValidatorFeeMetrics(argument: _chaindata_metrics_v1_GetL1ValidatorFeeMetricsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_metrics_v1_MetricsApiResponse__Output>): grpc.ClientUnaryCall;
  GetL1ValidatorFeeMetrics(argument: _chaindata_metrics_v1_GetL1ValidatorFeeMetricsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_metrics_v1_MetricsApiResponse__Output>): grpc.ClientUnaryCall;
  GetL1ValidatorFeeMetrics(argument: _chaindata_metrics_v1_GetL1ValidatorFeeMetricsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_metrics_v1_MetricsApiResponse__Output>): grpc.ClientUnaryCall;
  GetL1ValidatorFeeMetrics(argument: _chaindata_metrics_v1_GetL1ValidatorFeeMetricsRequest, callback: grpc.requestCallback<_chaindata_metrics_v1_MetricsApiResponse__Output>): grpc.ClientUnaryCall;
  getL1ValidatorFeeMetrics(argument: _chaindata_metrics_v1_GetL1ValidatorFeeMetricsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_metrics_v1_MetricsApiResponse__Output>): grpc.ClientUnaryCall;
  getL1ValidatorFeeMetrics(argument: _chaindata_metrics_v1_GetL1ValidatorFeeMetricsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_metrics_v1_MetricsApiResponse__Output>): grpc.ClientUnaryCall;
  getL1ValidatorFeeMetrics(argument: _chaindata_metrics_v1_GetL1ValidatorFeeMetricsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_metrics_v1_MetricsApiResponse__Output>): grpc.ClientUnaryCall;
  getL1ValidatorFeeMetrics(argument: _chaindata_metrics_v1_GetL1ValidatorFeeMetricsRequest, callback: grpc.requestCallback<_chaindata_metrics_v1_MetricsApiResponse__Output>): grpc.ClientUnaryCall;
  
  GetStakingMetrics(argument: _chaindata_metrics_v1_GetStakingMetricsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_metrics_v1_MetricsApiResponse__Output>): grpc.ClientUnaryCall;
  GetStakingMetrics(argument: _chaindata_metrics_v1_GetStakingMetricsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_metrics_v1_MetricsApiResponse__Output>): grpc.ClientUnaryCall;
  GetStakingMetrics(argument: _chaindata_metrics_v1_GetStakingMetricsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_metrics_v1_MetricsApiResponse__Output>): grpc.ClientUnaryCall;
  GetStakingMetrics(argument: _chaindata_metrics_v1_GetStakingMetricsRequest, callback: grpc.requestCallback<_chaindata_metrics_v1_MetricsApiResponse__Output>): grpc.ClientUnaryCall;
  getStakingMetrics(argument: _chaindata_metrics_v1_GetStakingMetricsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_metrics_v1_MetricsApiResponse__Output>): grpc.ClientUnaryCall;
  getStakingMetrics(argument: _chaindata_metrics_v1_GetStakingMetricsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_metrics_v1_MetricsApiResponse__Output>): grpc.ClientUnaryCall;
  getStakingMetrics(argument: _chaindata_metrics_v1_GetStakingMetricsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_metrics_v1_MetricsApiResponse__Output>): grpc.ClientUnaryCall;
  getStakingMetrics(argument: _chaindata_metrics_v1_GetStakingMetricsRequest, callback: grpc.requestCallback<_chaindata_metrics_v1_MetricsApiResponse__Output>): grpc.ClientUnaryCall;
  
  ListAddressesByBalanceOverTime(argument: _chaindata_metrics_v1_ListAddressesByBalanceOverTimeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_metrics_v1_LookingGlassResponse__Output>): grpc.ClientUnaryCall;
  ListAddressesByBalanceOverTime(argument: _chaindata_metrics_v1_ListAddressesByBalanceOverTimeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_metrics_v1_LookingGlassResponse__Output>): grpc.ClientUnaryCall;
  ListAddressesByBalanceOverTime(argument: _chaindata_metrics_v1_ListAddressesByBalanceOverTimeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_metrics_v1_LookingGlassResponse__Output>): grpc.ClientUnaryCall;
  ListAddressesByBalanceOverTime(argument: _chaindata_metrics_v1_ListAddressesByBalanceOverTimeRequest, callback: grpc.requestCallback<_chaindata_metrics_v1_LookingGlassResponse__Output>): grpc.ClientUnaryCall;
  listAddressesByBalanceOverTime(argument: _chaindata_metrics_v1_ListAddressesByBalanceOverTimeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_metrics_v1_LookingGlassResponse__Output>): grpc.ClientUnaryCall;
  listAddressesByBalanceOverTime(argument: _chaindata_metrics_v1_ListAddressesByBalanceOverTimeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_metrics_v1_LookingGlassResponse__Output>): grpc.ClientUnaryCall;
  listAddressesByBalanceOverTime(argument: _chaindata_metrics_v1_ListAddressesByBalanceOverTimeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_metrics_v1_LookingGlassResponse__Output>): grpc.ClientUnaryCall;
  listAddressesByBalanceOverTime(argument: _chaindata_metrics_v1_ListAddressesByBalanceOverTimeRequest, callback: grpc.requestCallback<_chaindata_metrics_v1_LookingGlassResponse__Output>): grpc.ClientUnaryCall;
  
  ListChains(argument: _chaindata_metrics_v1_ListChainsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_metrics_v1_ListChainsResponse__Output>): grpc.ClientUnaryCall;
  ListChains(argument: _chaindata_metrics_v1_ListChainsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_metrics_v1_ListChainsResponse__Output>): grpc.ClientUnaryCall;
  ListChains(argument: _chaindata_metrics_v1_ListChainsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_metrics_v1_ListChainsResponse__Output>): grpc.ClientUnaryCall;
  ListChains(argument: _chaindata_metrics_v1_ListChainsRequest, callback: grpc.requestCallback<_chaindata_metrics_v1_ListChainsResponse__Output>): grpc.ClientUnaryCall;
  listChains(argument: _chaindata_metrics_v1_ListChainsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_metrics_v1_ListChainsResponse__Output>): grpc.ClientUnaryCall;
  listChains(argument: _chaindata_metrics_v1_ListChainsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_metrics_v1_ListChainsResponse__Output>): grpc.ClientUnaryCall;
  listChains(argument: _chaindata_metrics_v1_ListChainsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_metrics_v1_ListChainsResponse__Output>): grpc.ClientUnaryCall;
  listChains(argument: _chaindata_metrics_v1_ListChainsRequest, callback: grpc.requestCallback<_chaindata_metrics_v1_ListChainsResponse__Output>): grpc.ClientUnaryCall;
  
  ListNftHolders(argument: _chaindata_metrics_v1_ListNftHoldersRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_metrics_v1_NftHoldersResponse__Output>): grpc.ClientUnaryCall;
  ListNftHolders(argument: _chaindata_metrics_v1_ListNftHoldersRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_metrics_v1_NftHoldersResponse__Output>): grpc.ClientUnaryCall;
  ListNftHolders(argument: _chaindata_metrics_v1_ListNftHoldersRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_metrics_v1_NftHoldersResponse__Output>): grpc.ClientUnaryCall;
  ListNftHolders(argument: _chaindata_metrics_v1_ListNftHoldersRequest, callback: grpc.requestCallback<_chaindata_metrics_v1_NftHoldersResponse__Output>): grpc.ClientUnaryCall;
  listNftHolders(argument: _chaindata_metrics_v1_ListNftHoldersRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_metrics_v1_NftHoldersResponse__Output>): grpc.ClientUnaryCall;
  listNftHolders(argument: _chaindata_metrics_v1_ListNftHoldersRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_metrics_v1_NftHoldersResponse__Output>): grpc.ClientUnaryCall;
  listNftHolders(argument: _chaindata_metrics_v1_ListNftHoldersRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_metrics_v1_NftHoldersResponse__Output>): grpc.ClientUnaryCall;
  listNftHolders(argument: _chaindata_metrics_v1_ListNftHoldersRequest, callback: grpc.requestCallback<_chaindata_metrics_v1_NftHoldersResponse__Output>): grpc.ClientUnaryCall;
  
  ListValidatorsByDateRange(argument: _chaindata_metrics_v1_ListValidatorsByDateRangeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_metrics_v1_PChainLookingGlassResponse__Output>): grpc.ClientUnaryCall;
  ListValidatorsByDateRange(argument: _chaindata_metrics_v1_ListValidatorsByDateRangeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_metrics_v1_PChainLookingGlassResponse__Output>): grpc.ClientUnaryCall;
  ListValidatorsByDateRange(argument: _chaindata_metrics_v1_ListValidatorsByDateRangeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_metrics_v1_PChainLookingGlassResponse__Output>): grpc.ClientUnaryCall;
  ListValidatorsByDateRange(argument: _chaindata_metrics_v1_ListValidatorsByDateRangeRequest, callback: grpc.requestCallback<_chaindata_metrics_v1_PChainLookingGlassResponse__Output>): grpc.ClientUnaryCall;
  listValidatorsByDateRange(argument: _chaindata_metrics_v1_ListValidatorsByDateRangeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_metrics_v1_PChainLookingGlassResponse__Output>): grpc.ClientUnaryCall;
  listValidatorsByDateRange(argument: _chaindata_metrics_v1_ListValidatorsByDateRangeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_metrics_v1_PChainLookingGlassResponse__Output>): grpc.ClientUnaryCall;
  listValidatorsByDateRange(argument: _chaindata_metrics_v1_ListValidatorsByDateRangeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_metrics_v1_PChainLookingGlassResponse__Output>): grpc.ClientUnaryCall;
  listValidatorsByDateRange(argument: _chaindata_metrics_v1_ListValidatorsByDateRangeRequest, callback: grpc.requestCallback<_chaindata_metrics_v1_PChainLookingGlassResponse__Output>): grpc.ClientUnaryCall;
  
}

export interface MetricsServiceHandlers extends grpc.UntypedServiceImplementation {
  GetAvgTps: grpc.handleUnaryCall<_chaindata_metrics_v1_GetAvgTpsRequest__Output, _chaindata_metrics_v1_AvgTpsResponse>;
  
  GetChain: grpc.handleUnaryCall<_chaindata_metrics_v1_GetChainRequest__Output, _chaindata_metrics_v1_Chain>;
  
  GetEvmChainMetrics: grpc.handleUnaryCall<_chaindata_metrics_v1_GetEvmChainMetricsRequest__Output, _chaindata_metrics_v1_MetricsApiResponse>;
  
  GetEvmChainRollingWindowMetrics: grpc.handleUnaryCall<_chaindata_metrics_v1_GetEvmChainRollingWindowMetricsRequest__Output, _chaindata_metrics_v1_RollingWindowMetricsApiResponse>;
  
  GetIcmSummary: grpc.handleUnaryCall<_chaindata_metrics_v1_GetIcmSummaryRequest__Output, _chaindata_metrics_v1_IcmRollingWindowMetricsApiResponse>;
  
  GetIcmTimeseries: grpc.handleUnaryCall<_chaindata_metrics_v1_GetIcmTimeseriesRequest__Output, _chaindata_metrics_v1_IcmMetricsApiResponse>;
  
  GetL1ValidatorFeeMetrics: grpc.handleUnaryCall<_chaindata_metrics_v1_GetL1ValidatorFeeMetricsRequest__Output, _chaindata_metrics_v1_MetricsApiResponse>;
  
  GetStakingMetrics: grpc.handleUnaryCall<_chaindata_metrics_v1_GetStakingMetricsRequest__Output, _chaindata_metrics_v1_MetricsApiResponse>;
  
  ListAddressesByBalanceOverTime: grpc.handleUnaryCall<_chaindata_metrics_v1_ListAddressesByBalanceOverTimeRequest__Output, _chaindata_metrics_v1_LookingGlassResponse>;
  
  ListChains: grpc.handleUnaryCall<_chaindata_metrics_v1_ListChainsRequest__Output, _chaindata_metrics_v1_ListChainsResponse>;
  
  ListNftHolders: grpc.handleUnaryCall<_chaindata_metrics_v1_ListNftHoldersRequest__Output, _chaindata_metrics_v1_NftHoldersResponse>;
  
  ListValidatorsByDateRange: grpc.handleUnaryCall<_chaindata_metrics_v1_ListValidatorsByDateRangeRequest__Output, _chaindata_metrics_v1_PChainLookingGlassResponse>;
  
}

export interface MetricsServiceDefinition extends grpc.ServiceDefinition {
  GetAvgTps: MethodDefinition<_chaindata_metrics_v1_GetAvgTpsRequest, _chaindata_metrics_v1_AvgTpsResponse, _chaindata_metrics_v1_GetAvgTpsRequest__Output, _chaindata_metrics_v1_AvgTpsResponse__Output>
  GetChain: MethodDefinition<_chaindata_metrics_v1_GetChainRequest, _chaindata_metrics_v1_Chain, _chaindata_metrics_v1_GetChainRequest__Output, _chaindata_metrics_v1_Chain__Output>
  GetEvmChainMetrics: MethodDefinition<_chaindata_metrics_v1_GetEvmChainMetricsRequest, _chaindata_metrics_v1_MetricsApiResponse, _chaindata_metrics_v1_GetEvmChainMetricsRequest__Output, _chaindata_metrics_v1_MetricsApiResponse__Output>
  GetEvmChainRollingWindowMetrics: MethodDefinition<_chaindata_metrics_v1_GetEvmChainRollingWindowMetricsRequest, _chaindata_metrics_v1_RollingWindowMetricsApiResponse, _chaindata_metrics_v1_GetEvmChainRollingWindowMetricsRequest__Output, _chaindata_metrics_v1_RollingWindowMetricsApiResponse__Output>
  GetIcmSummary: MethodDefinition<_chaindata_metrics_v1_GetIcmSummaryRequest, _chaindata_metrics_v1_IcmRollingWindowMetricsApiResponse, _chaindata_metrics_v1_GetIcmSummaryRequest__Output, _chaindata_metrics_v1_IcmRollingWindowMetricsApiResponse__Output>
  GetIcmTimeseries: MethodDefinition<_chaindata_metrics_v1_GetIcmTimeseriesRequest, _chaindata_metrics_v1_IcmMetricsApiResponse, _chaindata_metrics_v1_GetIcmTimeseriesRequest__Output, _chaindata_metrics_v1_IcmMetricsApiResponse__Output>
  GetL1ValidatorFeeMetrics: MethodDefinition<_chaindata_metrics_v1_GetL1ValidatorFeeMetricsRequest, _chaindata_metrics_v1_MetricsApiResponse, _chaindata_metrics_v1_GetL1ValidatorFeeMetricsRequest__Output, _chaindata_metrics_v1_MetricsApiResponse__Output>
  GetStakingMetrics: MethodDefinition<_chaindata_metrics_v1_GetStakingMetricsRequest, _chaindata_metrics_v1_MetricsApiResponse, _chaindata_metrics_v1_GetStakingMetricsRequest__Output, _chaindata_metrics_v1_MetricsApiResponse__Output>
  ListAddressesByBalanceOverTime: MethodDefinition<_chaindata_metrics_v1_ListAddressesByBalanceOverTimeRequest, _chaindata_metrics_v1_LookingGlassResponse, _chaindata_metrics_v1_ListAddressesByBalanceOverTimeRequest__Output, _chaindata_metrics_v1_LookingGlassResponse__Output>
  ListChains: MethodDefinition<_chaindata_metrics_v1_ListChainsRequest, _chaindata_metrics_v1_ListChainsResponse, _chaindata_metrics_v1_ListChainsRequest__Output, _chaindata_metrics_v1_ListChainsResponse__Output>
  ListNftHolders: MethodDefinition<_chaindata_metrics_v1_ListNftHoldersRequest, _chaindata_metrics_v1_NftHoldersResponse, _chaindata_metrics_v1_ListNftHoldersRequest__Output, _chaindata_metrics_v1_NftHoldersResponse__Output>
  ListValidatorsByDateRange: MethodDefinition<_chaindata_metrics_v1_ListValidatorsByDateRangeRequest, _chaindata_metrics_v1_PChainLookingGlassResponse, _chaindata_metrics_v1_ListValidatorsByDateRangeRequest__Output, _chaindata_metrics_v1_PChainLookingGlassResponse__Output>
}
