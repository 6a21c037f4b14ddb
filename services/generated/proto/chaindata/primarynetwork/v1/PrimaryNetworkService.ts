// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { AvaxSupply as _chaindata_primarynetwork_v1_AvaxSupply, AvaxSupply__Output as _chaindata_primarynetwork_v1_AvaxSupply__Output } from '../../../chaindata/primarynetwork/v1/AvaxSupply.ts';
import type { Balances as _chaindata_primarynetwork_v1_Balances, Balances__Output as _chaindata_primarynetwork_v1_Balances__Output } from '../../../chaindata/primarynetwork/v1/Balances.ts';
import type { Block as _chaindata_primarynetwork_v1_Block, Block__Output as _chaindata_primarynetwork_v1_Block__Output } from '../../../chaindata/primarynetwork/v1/Block.ts';
import type { Blockchain as _chaindata_primarynetwork_v1_Blockchain, Blockchain__Output as _chaindata_primarynetwork_v1_Blockchain__Output } from '../../../chaindata/primarynetwork/v1/Blockchain.ts';
import type { ChainAddressChainIdMapListResponse as _chaindata_primarynetwork_v1_ChainAddressChainIdMapListResponse, ChainAddressChainIdMapListResponse__Output as _chaindata_primarynetwork_v1_ChainAddressChainIdMapListResponse__Output } from '../../../chaindata/primarynetwork/v1/ChainAddressChainIdMapListResponse.ts';
import type { GetAssetRequest as _chaindata_primarynetwork_v1_GetAssetRequest, GetAssetRequest__Output as _chaindata_primarynetwork_v1_GetAssetRequest__Output } from '../../../chaindata/primarynetwork/v1/GetAssetRequest.ts';
import type { GetAvaxSupplyRequest as _chaindata_primarynetwork_v1_GetAvaxSupplyRequest, GetAvaxSupplyRequest__Output as _chaindata_primarynetwork_v1_GetAvaxSupplyRequest__Output } from '../../../chaindata/primarynetwork/v1/GetAvaxSupplyRequest.ts';
import type { GetBalancesRequest as _chaindata_primarynetwork_v1_GetBalancesRequest, GetBalancesRequest__Output as _chaindata_primarynetwork_v1_GetBalancesRequest__Output } from '../../../chaindata/primarynetwork/v1/GetBalancesRequest.ts';
import type { GetBlockRequest as _chaindata_primarynetwork_v1_GetBlockRequest, GetBlockRequest__Output as _chaindata_primarynetwork_v1_GetBlockRequest__Output } from '../../../chaindata/primarynetwork/v1/GetBlockRequest.ts';
import type { GetBlockchainRequest as _chaindata_primarynetwork_v1_GetBlockchainRequest, GetBlockchainRequest__Output as _chaindata_primarynetwork_v1_GetBlockchainRequest__Output } from '../../../chaindata/primarynetwork/v1/GetBlockchainRequest.ts';
import type { GetL1ValidatorWeightChangeRequest as _chaindata_primarynetwork_v1_GetL1ValidatorWeightChangeRequest, GetL1ValidatorWeightChangeRequest__Output as _chaindata_primarynetwork_v1_GetL1ValidatorWeightChangeRequest__Output } from '../../../chaindata/primarynetwork/v1/GetL1ValidatorWeightChangeRequest.ts';
import type { GetLastActivityRequest as _chaindata_primarynetwork_v1_GetLastActivityRequest, GetLastActivityRequest__Output as _chaindata_primarynetwork_v1_GetLastActivityRequest__Output } from '../../../chaindata/primarynetwork/v1/GetLastActivityRequest.ts';
import type { GetNetworkDetailsRequest as _chaindata_primarynetwork_v1_GetNetworkDetailsRequest, GetNetworkDetailsRequest__Output as _chaindata_primarynetwork_v1_GetNetworkDetailsRequest__Output } from '../../../chaindata/primarynetwork/v1/GetNetworkDetailsRequest.ts';
import type { GetProjectionStatusRequest as _chaindata_primarynetwork_v1_GetProjectionStatusRequest, GetProjectionStatusRequest__Output as _chaindata_primarynetwork_v1_GetProjectionStatusRequest__Output } from '../../../chaindata/primarynetwork/v1/GetProjectionStatusRequest.ts';
import type { GetSubnetRequest as _chaindata_primarynetwork_v1_GetSubnetRequest, GetSubnetRequest__Output as _chaindata_primarynetwork_v1_GetSubnetRequest__Output } from '../../../chaindata/primarynetwork/v1/GetSubnetRequest.ts';
import type { GetTransactionRequest as _chaindata_primarynetwork_v1_GetTransactionRequest, GetTransactionRequest__Output as _chaindata_primarynetwork_v1_GetTransactionRequest__Output } from '../../../chaindata/primarynetwork/v1/GetTransactionRequest.ts';
import type { GetValidatorSetRequest as _chaindata_primarynetwork_v1_GetValidatorSetRequest, GetValidatorSetRequest__Output as _chaindata_primarynetwork_v1_GetValidatorSetRequest__Output } from '../../../chaindata/primarynetwork/v1/GetValidatorSetRequest.ts';
import type { GetVertexRequest as _chaindata_primarynetwork_v1_GetVertexRequest, GetVertexRequest__Output as _chaindata_primarynetwork_v1_GetVertexRequest__Output } from '../../../chaindata/primarynetwork/v1/GetVertexRequest.ts';
import type { L1ValidatorWeightChange as _chaindata_primarynetwork_v1_L1ValidatorWeightChange, L1ValidatorWeightChange__Output as _chaindata_primarynetwork_v1_L1ValidatorWeightChange__Output } from '../../../chaindata/primarynetwork/v1/L1ValidatorWeightChange.ts';
import type { LastActivityTimestamp as _chaindata_primarynetwork_v1_LastActivityTimestamp, LastActivityTimestamp__Output as _chaindata_primarynetwork_v1_LastActivityTimestamp__Output } from '../../../chaindata/primarynetwork/v1/LastActivityTimestamp.ts';
import type { ListAssetTransactionsRequest as _chaindata_primarynetwork_v1_ListAssetTransactionsRequest, ListAssetTransactionsRequest__Output as _chaindata_primarynetwork_v1_ListAssetTransactionsRequest__Output } from '../../../chaindata/primarynetwork/v1/ListAssetTransactionsRequest.ts';
import type { ListBlockchainsResponse as _chaindata_primarynetwork_v1_ListBlockchainsResponse, ListBlockchainsResponse__Output as _chaindata_primarynetwork_v1_ListBlockchainsResponse__Output } from '../../../chaindata/primarynetwork/v1/ListBlockchainsResponse.ts';
import type { ListBlocksByNodeRequest as _chaindata_primarynetwork_v1_ListBlocksByNodeRequest, ListBlocksByNodeRequest__Output as _chaindata_primarynetwork_v1_ListBlocksByNodeRequest__Output } from '../../../chaindata/primarynetwork/v1/ListBlocksByNodeRequest.ts';
import type { ListBlocksRequest as _chaindata_primarynetwork_v1_ListBlocksRequest, ListBlocksRequest__Output as _chaindata_primarynetwork_v1_ListBlocksRequest__Output } from '../../../chaindata/primarynetwork/v1/ListBlocksRequest.ts';
import type { ListBlocksResponse as _chaindata_primarynetwork_v1_ListBlocksResponse, ListBlocksResponse__Output as _chaindata_primarynetwork_v1_ListBlocksResponse__Output } from '../../../chaindata/primarynetwork/v1/ListBlocksResponse.ts';
import type { ListChainIdsForAddressesRequest as _chaindata_primarynetwork_v1_ListChainIdsForAddressesRequest, ListChainIdsForAddressesRequest__Output as _chaindata_primarynetwork_v1_ListChainIdsForAddressesRequest__Output } from '../../../chaindata/primarynetwork/v1/ListChainIdsForAddressesRequest.ts';
import type { ListDelegatorsRequest as _chaindata_primarynetwork_v1_ListDelegatorsRequest, ListDelegatorsRequest__Output as _chaindata_primarynetwork_v1_ListDelegatorsRequest__Output } from '../../../chaindata/primarynetwork/v1/ListDelegatorsRequest.ts';
import type { ListDelegatorsResponse as _chaindata_primarynetwork_v1_ListDelegatorsResponse, ListDelegatorsResponse__Output as _chaindata_primarynetwork_v1_ListDelegatorsResponse__Output } from '../../../chaindata/primarynetwork/v1/ListDelegatorsResponse.ts';
import type { ListHistoricalRewardsResponse as _chaindata_primarynetwork_v1_ListHistoricalRewardsResponse, ListHistoricalRewardsResponse__Output as _chaindata_primarynetwork_v1_ListHistoricalRewardsResponse__Output } from '../../../chaindata/primarynetwork/v1/ListHistoricalRewardsResponse.ts';
import type { ListL1ValidatorsRequest as _chaindata_primarynetwork_v1_ListL1ValidatorsRequest, ListL1ValidatorsRequest__Output as _chaindata_primarynetwork_v1_ListL1ValidatorsRequest__Output } from '../../../chaindata/primarynetwork/v1/ListL1ValidatorsRequest.ts';
import type { ListL1ValidatorsResponse as _chaindata_primarynetwork_v1_ListL1ValidatorsResponse, ListL1ValidatorsResponse__Output as _chaindata_primarynetwork_v1_ListL1ValidatorsResponse__Output } from '../../../chaindata/primarynetwork/v1/ListL1ValidatorsResponse.ts';
import type { ListNetworkItemsRequest as _chaindata_primarynetwork_v1_ListNetworkItemsRequest, ListNetworkItemsRequest__Output as _chaindata_primarynetwork_v1_ListNetworkItemsRequest__Output } from '../../../chaindata/primarynetwork/v1/ListNetworkItemsRequest.ts';
import type { ListPendingRewardsResponse as _chaindata_primarynetwork_v1_ListPendingRewardsResponse, ListPendingRewardsResponse__Output as _chaindata_primarynetwork_v1_ListPendingRewardsResponse__Output } from '../../../chaindata/primarynetwork/v1/ListPendingRewardsResponse.ts';
import type { ListRewardsRequest as _chaindata_primarynetwork_v1_ListRewardsRequest, ListRewardsRequest__Output as _chaindata_primarynetwork_v1_ListRewardsRequest__Output } from '../../../chaindata/primarynetwork/v1/ListRewardsRequest.ts';
import type { ListStakingTransactionsRequest as _chaindata_primarynetwork_v1_ListStakingTransactionsRequest, ListStakingTransactionsRequest__Output as _chaindata_primarynetwork_v1_ListStakingTransactionsRequest__Output } from '../../../chaindata/primarynetwork/v1/ListStakingTransactionsRequest.ts';
import type { ListSubnetsResponse as _chaindata_primarynetwork_v1_ListSubnetsResponse, ListSubnetsResponse__Output as _chaindata_primarynetwork_v1_ListSubnetsResponse__Output } from '../../../chaindata/primarynetwork/v1/ListSubnetsResponse.ts';
import type { ListTransactionsRequest as _chaindata_primarynetwork_v1_ListTransactionsRequest, ListTransactionsRequest__Output as _chaindata_primarynetwork_v1_ListTransactionsRequest__Output } from '../../../chaindata/primarynetwork/v1/ListTransactionsRequest.ts';
import type { ListTransactionsResponse as _chaindata_primarynetwork_v1_ListTransactionsResponse, ListTransactionsResponse__Output as _chaindata_primarynetwork_v1_ListTransactionsResponse__Output } from '../../../chaindata/primarynetwork/v1/ListTransactionsResponse.ts';
import type { ListUtxosRequest as _chaindata_primarynetwork_v1_ListUtxosRequest, ListUtxosRequest__Output as _chaindata_primarynetwork_v1_ListUtxosRequest__Output } from '../../../chaindata/primarynetwork/v1/ListUtxosRequest.ts';
import type { ListUtxosResponse as _chaindata_primarynetwork_v1_ListUtxosResponse, ListUtxosResponse__Output as _chaindata_primarynetwork_v1_ListUtxosResponse__Output } from '../../../chaindata/primarynetwork/v1/ListUtxosResponse.ts';
import type { ListValidatorsByTimeFrameRequest as _chaindata_primarynetwork_v1_ListValidatorsByTimeFrameRequest, ListValidatorsByTimeFrameRequest__Output as _chaindata_primarynetwork_v1_ListValidatorsByTimeFrameRequest__Output } from '../../../chaindata/primarynetwork/v1/ListValidatorsByTimeFrameRequest.ts';
import type { ListValidatorsByTimeFrameResponse as _chaindata_primarynetwork_v1_ListValidatorsByTimeFrameResponse, ListValidatorsByTimeFrameResponse__Output as _chaindata_primarynetwork_v1_ListValidatorsByTimeFrameResponse__Output } from '../../../chaindata/primarynetwork/v1/ListValidatorsByTimeFrameResponse.ts';
import type { ListValidatorsRequest as _chaindata_primarynetwork_v1_ListValidatorsRequest, ListValidatorsRequest__Output as _chaindata_primarynetwork_v1_ListValidatorsRequest__Output } from '../../../chaindata/primarynetwork/v1/ListValidatorsRequest.ts';
import type { ListValidatorsResponse as _chaindata_primarynetwork_v1_ListValidatorsResponse, ListValidatorsResponse__Output as _chaindata_primarynetwork_v1_ListValidatorsResponse__Output } from '../../../chaindata/primarynetwork/v1/ListValidatorsResponse.ts';
import type { ListVerticesByHeightRequest as _chaindata_primarynetwork_v1_ListVerticesByHeightRequest, ListVerticesByHeightRequest__Output as _chaindata_primarynetwork_v1_ListVerticesByHeightRequest__Output } from '../../../chaindata/primarynetwork/v1/ListVerticesByHeightRequest.ts';
import type { ListVerticesRequest as _chaindata_primarynetwork_v1_ListVerticesRequest, ListVerticesRequest__Output as _chaindata_primarynetwork_v1_ListVerticesRequest__Output } from '../../../chaindata/primarynetwork/v1/ListVerticesRequest.ts';
import type { ListVerticesResponse as _chaindata_primarynetwork_v1_ListVerticesResponse, ListVerticesResponse__Output as _chaindata_primarynetwork_v1_ListVerticesResponse__Output } from '../../../chaindata/primarynetwork/v1/ListVerticesResponse.ts';
import type { NetworkDetails as _chaindata_primarynetwork_v1_NetworkDetails, NetworkDetails__Output as _chaindata_primarynetwork_v1_NetworkDetails__Output } from '../../../chaindata/primarynetwork/v1/NetworkDetails.ts';
import type { ProjectionStatus as _chaindata_primarynetwork_v1_ProjectionStatus, ProjectionStatus__Output as _chaindata_primarynetwork_v1_ProjectionStatus__Output } from '../../../chaindata/primarynetwork/v1/ProjectionStatus.ts';
import type { StakingActivityBlock as _chaindata_primarynetwork_v1_StakingActivityBlock, StakingActivityBlock__Output as _chaindata_primarynetwork_v1_StakingActivityBlock__Output } from '../../../chaindata/primarynetwork/v1/StakingActivityBlock.ts';
import type { StreamStakingActivityRequest as _chaindata_primarynetwork_v1_StreamStakingActivityRequest, StreamStakingActivityRequest__Output as _chaindata_primarynetwork_v1_StreamStakingActivityRequest__Output } from '../../../chaindata/primarynetwork/v1/StreamStakingActivityRequest.ts';
import type { Subnet as _chaindata_primarynetwork_v1_Subnet, Subnet__Output as _chaindata_primarynetwork_v1_Subnet__Output } from '../../../chaindata/primarynetwork/v1/Subnet.ts';
import type { Transaction as _chaindata_primarynetwork_v1_Transaction, Transaction__Output as _chaindata_primarynetwork_v1_Transaction__Output } from '../../../chaindata/primarynetwork/v1/Transaction.ts';
import type { ValidatorSet as _chaindata_primarynetwork_v1_ValidatorSet, ValidatorSet__Output as _chaindata_primarynetwork_v1_ValidatorSet__Output } from '../../../chaindata/primarynetwork/v1/ValidatorSet.ts';
import type { Vertex as _chaindata_primarynetwork_v1_Vertex, Vertex__Output as _chaindata_primarynetwork_v1_Vertex__Output } from '../../../chaindata/primarynetwork/v1/Vertex.ts';
import type { XChainAssetDetails as _chaindata_primarynetwork_v1_XChainAssetDetails, XChainAssetDetails__Output as _chaindata_primarynetwork_v1_XChainAssetDetails__Output } from '../../../chaindata/primarynetwork/v1/XChainAssetDetails.ts';

export interface PrimaryNetworkServiceClient extends grpc.Client {
  GetAsset(argument: _chaindata_primarynetwork_v1_GetAssetRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_XChainAssetDetails__Output>): grpc.ClientUnaryCall;
  GetAsset(argument: _chaindata_primarynetwork_v1_GetAssetRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_XChainAssetDetails__Output>): grpc.ClientUnaryCall;
  GetAsset(argument: _chaindata_primarynetwork_v1_GetAssetRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_XChainAssetDetails__Output>): grpc.ClientUnaryCall;
  GetAsset(argument: _chaindata_primarynetwork_v1_GetAssetRequest, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_XChainAssetDetails__Output>): grpc.ClientUnaryCall;
  getAsset(argument: _chaindata_primarynetwork_v1_GetAssetRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_XChainAssetDetails__Output>): grpc.ClientUnaryCall;
  getAsset(argument: _chaindata_primarynetwork_v1_GetAssetRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_XChainAssetDetails__Output>): grpc.ClientUnaryCall;
  getAsset(argument: _chaindata_primarynetwork_v1_GetAssetRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_XChainAssetDetails__Output>): grpc.ClientUnaryCall;
  getAsset(argument: _chaindata_primarynetwork_v1_GetAssetRequest, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_XChainAssetDetails__Output>): grpc.ClientUnaryCall;
  
  GetAvaxSupply(argument: _chaindata_primarynetwork_v1_GetAvaxSupplyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_AvaxSupply__Output>): grpc.ClientUnaryCall;
  GetAvaxSupply(argument: _chaindata_primarynetwork_v1_GetAvaxSupplyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_AvaxSupply__Output>): grpc.ClientUnaryCall;
  GetAvaxSupply(argument: _chaindata_primarynetwork_v1_GetAvaxSupplyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_AvaxSupply__Output>): grpc.ClientUnaryCall;
  GetAvaxSupply(argument: _chaindata_primarynetwork_v1_GetAvaxSupplyRequest, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_AvaxSupply__Output>): grpc.ClientUnaryCall;
  getAvaxSupply(argument: _chaindata_primarynetwork_v1_GetAvaxSupplyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_AvaxSupply__Output>): grpc.ClientUnaryCall;
  getAvaxSupply(argument: _chaindata_primarynetwork_v1_GetAvaxSupplyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_AvaxSupply__Output>): grpc.ClientUnaryCall;
  getAvaxSupply(argument: _chaindata_primarynetwork_v1_GetAvaxSupplyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_AvaxSupply__Output>): grpc.ClientUnaryCall;
  getAvaxSupply(argument: _chaindata_primarynetwork_v1_GetAvaxSupplyRequest, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_AvaxSupply__Output>): grpc.ClientUnaryCall;
  
  GetBalances(argument: _chaindata_primarynetwork_v1_GetBalancesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_Balances__Output>): grpc.ClientUnaryCall;
  GetBalances(argument: _chaindata_primarynetwork_v1_GetBalancesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_Balances__Output>): grpc.ClientUnaryCall;
  GetBalances(argument: _chaindata_primarynetwork_v1_GetBalancesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_Balances__Output>): grpc.ClientUnaryCall;
  GetBalances(argument: _chaindata_primarynetwork_v1_GetBalancesRequest, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_Balances__Output>): grpc.ClientUnaryCall;
  getBalances(argument: _chaindata_primarynetwork_v1_GetBalancesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_Balances__Output>): grpc.ClientUnaryCall;
  getBalances(argument: _chaindata_primarynetwork_v1_GetBalancesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_Balances__Output>): grpc.ClientUnaryCall;
  getBalances(argument: _chaindata_primarynetwork_v1_GetBalancesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_Balances__Output>): grpc.ClientUnaryCall;
  getBalances(argument: _chaindata_primarynetwork_v1_GetBalancesRequest, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_Balances__Output>): grpc.ClientUnaryCall;
  
  GetBlock(argument: _chaindata_primarynetwork_v1_GetBlockRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_Block__Output>): grpc.ClientUnaryCall;
  GetBlock(argument: _chaindata_primarynetwork_v1_GetBlockRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_Block__Output>): grpc.ClientUnaryCall;
  GetBlock(argument: _chaindata_primarynetwork_v1_GetBlockRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_Block__Output>): grpc.ClientUnaryCall;
  GetBlock(argument: _chaindata_primarynetwork_v1_GetBlockRequest, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_Block__Output>): grpc.ClientUnaryCall;
  getBlock(argument: _chaindata_primarynetwork_v1_GetBlockRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_Block__Output>): grpc.ClientUnaryCall;
  getBlock(argument: _chaindata_primarynetwork_v1_GetBlockRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_Block__Output>): grpc.ClientUnaryCall;
  getBlock(argument: _chaindata_primarynetwork_v1_GetBlockRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_Block__Output>): grpc.ClientUnaryCall;
  getBlock(argument: _chaindata_primarynetwork_v1_GetBlockRequest, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_Block__Output>): grpc.ClientUnaryCall;
  
  GetBlockchain(argument: _chaindata_primarynetwork_v1_GetBlockchainRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_Blockchain__Output>): grpc.ClientUnaryCall;
  GetBlockchain(argument: _chaindata_primarynetwork_v1_GetBlockchainRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_Blockchain__Output>): grpc.ClientUnaryCall;
  GetBlockchain(argument: _chaindata_primarynetwork_v1_GetBlockchainRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_Blockchain__Output>): grpc.ClientUnaryCall;
  GetBlockchain(argument: _chaindata_primarynetwork_v1_GetBlockchainRequest, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_Blockchain__Output>): grpc.ClientUnaryCall;
  getBlockchain(argument: _chaindata_primarynetwork_v1_GetBlockchainRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_Blockchain__Output>): grpc.ClientUnaryCall;
  getBlockchain(argument: _chaindata_primarynetwork_v1_GetBlockchainRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_Blockchain__Output>): grpc.ClientUnaryCall;
  getBlockchain(argument: _chaindata_primarynetwork_v1_GetBlockchainRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_Blockchain__Output>): grpc.ClientUnaryCall;
  getBlockchain(argument: _chaindata_primarynetwork_v1_GetBlockchainRequest, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_Blockchain__Output>): grpc.ClientUnaryCall;
  
  GetL1ValidatorWeightChange(argument: _chaindata_primarynetwork_v1_GetL1ValidatorWeightChangeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_L1ValidatorWeightChange__Output>): grpc.ClientUnaryCall;
  GetL1ValidatorWeightChange(argument: _chaindata_primarynetwork_v1_GetL1ValidatorWeightChangeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_L1ValidatorWeightChange__Output>): grpc.ClientUnaryCall;
  GetL1ValidatorWeightChange(argument: _chaindata_primarynetwork_v1_GetL1ValidatorWeightChangeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_L1ValidatorWeightChange__Output>): grpc.ClientUnaryCall;
  GetL1ValidatorWeightChange(argument: _chaindata_primarynetwork_v1_GetL1ValidatorWeightChangeRequest, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_L1ValidatorWeightChange__Output>): grpc.ClientUnaryCall;
  getL1ValidatorWeightChange(argument: _chaindata_primarynetwork_v1_GetL1ValidatorWeightChangeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_L1ValidatorWeightChange__Output>): grpc.ClientUnaryCall;
  getL1ValidatorWeightChange(argument: _chaindata_primarynetwork_v1_GetL1ValidatorWeightChangeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_L1ValidatorWeightChange__Output>): grpc.ClientUnaryCall;
  getL1ValidatorWeightChange(argument: _chaindata_primarynetwork_v1_GetL1ValidatorWeightChangeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_L1ValidatorWeightChange__Output>): grpc.ClientUnaryCall;
  getL1ValidatorWeightChange(argument: _chaindata_primarynetwork_v1_GetL1ValidatorWeightChangeRequest, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_L1ValidatorWeightChange__Output>): grpc.ClientUnaryCall;
  
  GetLastActivity(argument: _chaindata_primarynetwork_v1_GetLastActivityRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_LastActivityTimestamp__Output>): grpc.ClientUnaryCall;
  GetLastActivity(argument: _chaindata_primarynetwork_v1_GetLastActivityRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_LastActivityTimestamp__Output>): grpc.ClientUnaryCall;
  GetLastActivity(argument: _chaindata_primarynetwork_v1_GetLastActivityRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_LastActivityTimestamp__Output>): grpc.ClientUnaryCall;
  GetLastActivity(argument: _chaindata_primarynetwork_v1_GetLastActivityRequest, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_LastActivityTimestamp__Output>): grpc.ClientUnaryCall;
  getLastActivity(argument: _chaindata_primarynetwork_v1_GetLastActivityRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_LastActivityTimestamp__Output>): grpc.ClientUnaryCall;
  getLastActivity(argument: _chaindata_primarynetwork_v1_GetLastActivityRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_LastActivityTimestamp__Output>): grpc.ClientUnaryCall;
  getLastActivity(argument: _chaindata_primarynetwork_v1_GetLastActivityRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_LastActivityTimestamp__Output>): grpc.ClientUnaryCall;
  getLastActivity(argument: _chaindata_primarynetwork_v1_GetLastActivityRequest, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_LastActivityTimestamp__Output>): grpc.ClientUnaryCall;
  
  GetNetworkDetails(argument: _chaindata_primarynetwork_v1_GetNetworkDetailsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_NetworkDetails__Output>): grpc.ClientUnaryCall;
  GetNetworkDetails(argument: _chaindata_primarynetwork_v1_GetNetworkDetailsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_NetworkDetails__Output>): grpc.ClientUnaryCall;
  GetNetworkDetails(argument: _chaindata_primarynetwork_v1_GetNetworkDetailsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_NetworkDetails__Output>): grpc.ClientUnaryCall;
  GetNetworkDetails(argument: _chaindata_primarynetwork_v1_GetNetworkDetailsRequest, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_NetworkDetails__Output>): grpc.ClientUnaryCall;
  getNetworkDetails(argument: _chaindata_primarynetwork_v1_GetNetworkDetailsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_NetworkDetails__Output>): grpc.ClientUnaryCall;
  getNetworkDetails(argument: _chaindata_primarynetwork_v1_GetNetworkDetailsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_NetworkDetails__Output>): grpc.ClientUnaryCall;
  getNetworkDetails(argument: _chaindata_primarynetwork_v1_GetNetworkDetailsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_NetworkDetails__Output>): grpc.ClientUnaryCall;
  getNetworkDetails(argument: _chaindata_primarynetwork_v1_GetNetworkDetailsRequest, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_NetworkDetails__Output>): grpc.ClientUnaryCall;
  
  GetProjectionStatus(argument: _chaindata_primarynetwork_v1_GetProjectionStatusRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ProjectionStatus__Output>): grpc.ClientUnaryCall;
  GetProjectionStatus(argument: _chaindata_primarynetwork_v1_GetProjectionStatusRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ProjectionStatus__Output>): grpc.ClientUnaryCall;
  GetProjectionStatus(argument: _chaindata_primarynetwork_v1_GetProjectionStatusRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ProjectionStatus__Output>): grpc.ClientUnaryCall;
  GetProjectionStatus(argument: _chaindata_primarynetwork_v1_GetProjectionStatusRequest, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ProjectionStatus__Output>): grpc.ClientUnaryCall;
  getProjectionStatus(argument: _chaindata_primarynetwork_v1_GetProjectionStatusRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ProjectionStatus__Output>): grpc.ClientUnaryCall;
  getProjectionStatus(argument: _chaindata_primarynetwork_v1_GetProjectionStatusRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ProjectionStatus__Output>): grpc.ClientUnaryCall;
  getProjectionStatus(argument: _chaindata_primarynetwork_v1_GetProjectionStatusRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ProjectionStatus__Output>): grpc.ClientUnaryCall;
  getProjectionStatus(argument: _chaindata_primarynetwork_v1_GetProjectionStatusRequest, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ProjectionStatus__Output>): grpc.ClientUnaryCall;
  
  GetSubnet(argument: _chaindata_primarynetwork_v1_GetSubnetRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_Subnet__Output>): grpc.ClientUnaryCall;
  GetSubnet(argument: _chaindata_primarynetwork_v1_GetSubnetRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_Subnet__Output>): grpc.ClientUnaryCall;
  GetSubnet(argument: _chaindata_primarynetwork_v1_GetSubnetRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_Subnet__Output>): grpc.ClientUnaryCall;
  GetSubnet(argument: _chaindata_primarynetwork_v1_GetSubnetRequest, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_Subnet__Output>): grpc.ClientUnaryCall;
  getSubnet(argument: _chaindata_primarynetwork_v1_GetSubnetRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_Subnet__Output>): grpc.ClientUnaryCall;
  getSubnet(argument: _chaindata_primarynetwork_v1_GetSubnetRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_Subnet__Output>): grpc.ClientUnaryCall;
  getSubnet(argument: _chaindata_primarynetwork_v1_GetSubnetRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_Subnet__Output>): grpc.ClientUnaryCall;
  getSubnet(argument: _chaindata_primarynetwork_v1_GetSubnetRequest, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_Subnet__Output>): grpc.ClientUnaryCall;
  
  GetTransaction(argument: _chaindata_primarynetwork_v1_GetTransactionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_Transaction__Output>): grpc.ClientUnaryCall;
  GetTransaction(argument: _chaindata_primarynetwork_v1_GetTransactionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_Transaction__Output>): grpc.ClientUnaryCall;
  GetTransaction(argument: _chaindata_primarynetwork_v1_GetTransactionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_Transaction__Output>): grpc.ClientUnaryCall;
  GetTransaction(argument: _chaindata_primarynetwork_v1_GetTransactionRequest, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_Transaction__Output>): grpc.ClientUnaryCall;
  getTransaction(argument: _chaindata_primarynetwork_v1_GetTransactionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_Transaction__Output>): grpc.ClientUnaryCall;
  getTransaction(argument: _chaindata_primarynetwork_v1_GetTransactionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_Transaction__Output>): grpc.ClientUnaryCall;
  getTransaction(argument: _chaindata_primarynetwork_v1_GetTransactionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_Transaction__Output>): grpc.ClientUnaryCall;
  getTransaction(argument: _chaindata_primarynetwork_v1_GetTransactionRequest, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_Transaction__Output>): grpc.ClientUnaryCall;
  
  GetValidatorSet(argument: _chaindata_primarynetwork_v1_GetValidatorSetRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ValidatorSet__Output>): grpc.ClientUnaryCall;
  GetValidatorSet(argument: _chaindata_primarynetwork_v1_GetValidatorSetRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ValidatorSet__Output>): grpc.ClientUnaryCall;
  GetValidatorSet(argument: _chaindata_primarynetwork_v1_GetValidatorSetRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ValidatorSet__Output>): grpc.ClientUnaryCall;
  GetValidatorSet(argument: _chaindata_primarynetwork_v1_GetValidatorSetRequest, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ValidatorSet__Output>): grpc.ClientUnaryCall;
  getValidatorSet(argument: _chaindata_primarynetwork_v1_GetValidatorSetRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ValidatorSet__Output>): grpc.ClientUnaryCall;
  getValidatorSet(argument: _chaindata_primarynetwork_v1_GetValidatorSetRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ValidatorSet__Output>): grpc.ClientUnaryCall;
  getValidatorSet(argument: _chaindata_primarynetwork_v1_GetValidatorSetRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ValidatorSet__Output>): grpc.ClientUnaryCall;
  getValidatorSet(argument: _chaindata_primarynetwork_v1_GetValidatorSetRequest, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ValidatorSet__Output>): grpc.ClientUnaryCall;
  
  GetVertex(argument: _chaindata_primarynetwork_v1_GetVertexRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_Vertex__Output>): grpc.ClientUnaryCall;
  GetVertex(argument: _chaindata_primarynetwork_v1_GetVertexRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_Vertex__Output>): grpc.ClientUnaryCall;
  GetVertex(argument: _chaindata_primarynetwork_v1_GetVertexRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_Vertex__Output>): grpc.ClientUnaryCall;
  GetVertex(argument: _chaindata_primarynetwork_v1_GetVertexRequest, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_Vertex__Output>): grpc.ClientUnaryCall;
  getVertex(argument: _chaindata_primarynetwork_v1_GetVertexRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_Vertex__Output>): grpc.ClientUnaryCall;
  getVertex(argument: _chaindata_primarynetwork_v1_GetVertexRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_Vertex__Output>): grpc.ClientUnaryCall;
  getVertex(argument: _chaindata_primarynetwork_v1_GetVertexRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_Vertex__Output>): grpc.ClientUnaryCall;
  getVertex(argument: _chaindata_primarynetwork_v1_GetVertexRequest, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_Vertex__Output>): grpc.ClientUnaryCall;
  
  ListAssetTransactions(argument: _chaindata_primarynetwork_v1_ListAssetTransactionsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListTransactionsResponse__Output>): grpc.ClientUnaryCall;
  ListAssetTransactions(argument: _chaindata_primarynetwork_v1_ListAssetTransactionsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListTransactionsResponse__Output>): grpc.ClientUnaryCall;
  ListAssetTransactions(argument: _chaindata_primarynetwork_v1_ListAssetTransactionsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListTransactionsResponse__Output>): grpc.ClientUnaryCall;
  ListAssetTransactions(argument: _chaindata_primarynetwork_v1_ListAssetTransactionsRequest, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListTransactionsResponse__Output>): grpc.ClientUnaryCall;
  listAssetTransactions(argument: _chaindata_primarynetwork_v1_ListAssetTransactionsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListTransactionsResponse__Output>): grpc.ClientUnaryCall;
  listAssetTransactions(argument: _chaindata_primarynetwork_v1_ListAssetTransactionsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListTransactionsResponse__Output>): grpc.ClientUnaryCall;
  listAssetTransactions(argument: _chaindata_primarynetwork_v1_ListAssetTransactionsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListTransactionsResponse__Output>): grpc.ClientUnaryCall;
  listAssetTransactions(argument: _chaindata_primarynetwork_v1_ListAssetTransactionsRequest, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListTransactionsResponse__Output>): grpc.ClientUnaryCall;
  
  ListBlockchains(argument: _chaindata_primarynetwork_v1_ListNetworkItemsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListBlockchainsResponse__Output>): grpc.ClientUnaryCall;
  ListBlockchains(argument: _chaindata_primarynetwork_v1_ListNetworkItemsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListBlockchainsResponse__Output>): grpc.ClientUnaryCall;
  ListBlockchains(argument: _chaindata_primarynetwork_v1_ListNetworkItemsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListBlockchainsResponse__Output>): grpc.ClientUnaryCall;
  ListBlockchains(argument: _chaindata_primarynetwork_v1_ListNetworkItemsRequest, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListBlockchainsResponse__Output>): grpc.ClientUnaryCall;
  listBlockchains(argument: _chaindata_primarynetwork_v1_ListNetworkItemsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListBlockchainsResponse__Output>): grpc.ClientUnaryCall;
  listBlockchains(argument: _chaindata_primarynetwork_v1_ListNetworkItemsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListBlockchainsResponse__Output>): grpc.ClientUnaryCall;
  listBlockchains(argument: _chaindata_primarynetwork_v1_ListNetworkItemsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListBlockchainsResponse__Output>): grpc.ClientUnaryCall;
  listBlockchains(argument: _chaindata_primarynetwork_v1_ListNetworkItemsRequest, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListBlockchainsResponse__Output>): grpc.ClientUnaryCall;
  
  ListBlocks(argument: _chaindata_primarynetwork_v1_ListBlocksRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListBlocksResponse__Output>): grpc.ClientUnaryCall;
  ListBlocks(argument: _chaindata_primarynetwork_v1_ListBlocksRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListBlocksResponse__Output>): grpc.ClientUnaryCall;
  ListBlocks(argument: _chaindata_primarynetwork_v1_ListBlocksRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListBlocksResponse__Output>): grpc.ClientUnaryCall;
  ListBlocks(argument: _chaindata_primarynetwork_v1_ListBlocksRequest, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListBlocksResponse__Output>): grpc.ClientUnaryCall;
  listBlocks(argument: _chaindata_primarynetwork_v1_ListBlocksRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListBlocksResponse__Output>): grpc.ClientUnaryCall;
  listBlocks(argument: _chaindata_primarynetwork_v1_ListBlocksRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListBlocksResponse__Output>): grpc.ClientUnaryCall;
  listBlocks(argument: _chaindata_primarynetwork_v1_ListBlocksRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListBlocksResponse__Output>): grpc.ClientUnaryCall;
  listBlocks(argument: _chaindata_primarynetwork_v1_ListBlocksRequest, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListBlocksResponse__Output>): grpc.ClientUnaryCall;
  
  ListBlocksByNode(argument: _chaindata_primarynetwork_v1_ListBlocksByNodeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListBlocksResponse__Output>): grpc.ClientUnaryCall;
  ListBlocksByNode(argument: _chaindata_primarynetwork_v1_ListBlocksByNodeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListBlocksResponse__Output>): grpc.ClientUnaryCall;
  ListBlocksByNode(argument: _chaindata_primarynetwork_v1_ListBlocksByNodeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListBlocksResponse__Output>): grpc.ClientUnaryCall;
  ListBlocksByNode(argument: _chaindata_primarynetwork_v1_ListBlocksByNodeRequest, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListBlocksResponse__Output>): grpc.ClientUnaryCall;
  listBlocksByNode(argument: _chaindata_primarynetwork_v1_ListBlocksByNodeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListBlocksResponse__Output>): grpc.ClientUnaryCall;
  listBlocksByNode(argument: _chaindata_primarynetwork_v1_ListBlocksByNodeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListBlocksResponse__Output>): grpc.ClientUnaryCall;
  listBlocksByNode(argument: _chaindata_primarynetwork_v1_ListBlocksByNodeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListBlocksResponse__Output>): grpc.ClientUnaryCall;
  listBlocksByNode(argument: _chaindata_primarynetwork_v1_ListBlocksByNodeRequest, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListBlocksResponse__Output>): grpc.ClientUnaryCall;
  
  ListChainIdsForAddresses(argument: _chaindata_primarynetwork_v1_ListChainIdsForAddressesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ChainAddressChainIdMapListResponse__Output>): grpc.ClientUnaryCall;
  ListChainIdsForAddresses(argument: _chaindata_primarynetwork_v1_ListChainIdsForAddressesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ChainAddressChainIdMapListResponse__Output>): grpc.ClientUnaryCall;
  ListChainIdsForAddresses(argument: _chaindata_primarynetwork_v1_ListChainIdsForAddressesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ChainAddressChainIdMapListResponse__Output>): grpc.ClientUnaryCall;
  ListChainIdsForAddresses(argument: _chaindata_primarynetwork_v1_ListChainIdsForAddressesRequest, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ChainAddressChainIdMapListResponse__Output>): grpc.ClientUnaryCall;
  listChainIdsForAddresses(argument: _chaindata_primarynetwork_v1_ListChainIdsForAddressesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ChainAddressChainIdMapListResponse__Output>): grpc.ClientUnaryCall;
  listChainIdsForAddresses(argument: _chaindata_primarynetwork_v1_ListChainIdsForAddressesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ChainAddressChainIdMapListResponse__Output>): grpc.ClientUnaryCall;
  listChainIdsForAddresses(argument: _chaindata_primarynetwork_v1_ListChainIdsForAddressesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ChainAddressChainIdMapListResponse__Output>): grpc.ClientUnaryCall;
  listChainIdsForAddresses(argument: _chaindata_primarynetwork_v1_ListChainIdsForAddressesRequest, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ChainAddressChainIdMapListResponse__Output>): grpc.ClientUnaryCall;
  
  ListDelegators(argument: _chaindata_primarynetwork_v1_ListDelegatorsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListDelegatorsResponse__Output>): grpc.ClientUnaryCall;
  ListDelegators(argument: _chaindata_primarynetwork_v1_ListDelegatorsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListDelegatorsResponse__Output>): grpc.ClientUnaryCall;
  ListDelegators(argument: _chaindata_primarynetwork_v1_ListDelegatorsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListDelegatorsResponse__Output>): grpc.ClientUnaryCall;
  ListDelegators(argument: _chaindata_primarynetwork_v1_ListDelegatorsRequest, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListDelegatorsResponse__Output>): grpc.ClientUnaryCall;
  listDelegators(argument: _chaindata_primarynetwork_v1_ListDelegatorsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListDelegatorsResponse__Output>): grpc.ClientUnaryCall;
  listDelegators(argument: _chaindata_primarynetwork_v1_ListDelegatorsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListDelegatorsResponse__Output>): grpc.ClientUnaryCall;
  listDelegators(argument: _chaindata_primarynetwork_v1_ListDelegatorsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListDelegatorsResponse__Output>): grpc.ClientUnaryCall;
  listDelegators(argument: _chaindata_primarynetwork_v1_ListDelegatorsRequest, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListDelegatorsResponse__Output>): grpc.ClientUnaryCall;
  
  ListHistoricalRewards(argument: _chaindata_primarynetwork_v1_ListRewardsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListHistoricalRewardsResponse__Output>): grpc.ClientUnaryCall;
  ListHistoricalRewards(argument: _chaindata_primarynetwork_v1_ListRewardsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListHistoricalRewardsResponse__Output>): grpc.ClientUnaryCall;
  ListHistoricalRewards(argument: _chaindata_primarynetwork_v1_ListRewardsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListHistoricalRewardsResponse__Output>): grpc.ClientUnaryCall;
  ListHistoricalRewards(argument: _chaindata_primarynetwork_v1_ListRewardsRequest, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListHistoricalRewardsResponse__Output>): grpc.ClientUnaryCall;
  listHistoricalRewards(argument: _chaindata_primarynetwork_v1_ListRewardsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListHistoricalRewardsResponse__Output>): grpc.ClientUnaryCall;
  listHistoricalRewards(argument: _chaindata_primarynetwork_v1_ListRewardsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListHistoricalRewardsResponse__Output>): grpc.ClientUnaryCall;
  listHistoricalRewards(argument: _chaindata_primarynetwork_v1_ListRewardsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListHistoricalRewardsResponse__Output>): grpc.ClientUnaryCall;
  listHistoricalRewards(argument: _chaindata_primarynetwork_v1_ListRewardsRequest, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListHistoricalRewardsResponse__Output>): grpc.ClientUnaryCall;
  
  ListL1Validators(argument: _chaindata_primarynetwork_v1_ListL1ValidatorsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListL1ValidatorsResponse__Output>): grpc.ClientUnaryCall;
  ListL1Validators(argument: _chaindata_primarynetwork_v1_ListL1ValidatorsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListL1ValidatorsResponse__Output>): grpc.ClientUnaryCall;
  ListL1Validators(argument: _chaindata_primarynetwork_v1_ListL1ValidatorsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListL1ValidatorsResponse__Output>): grpc.ClientUnaryCall;
  ListL1Validators(argument: _chaindata_primarynetwork_v1_ListL1ValidatorsRequest, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListL1ValidatorsResponse__Output>): grpc.ClientUnaryCall;
  listL1Validators(argument: _chaindata_primarynetwork_v1_ListL1ValidatorsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListL1ValidatorsResponse__Output>): grpc.ClientUnaryCall;
  listL1Validators(argument: _chaindata_primarynetwork_v1_ListL1ValidatorsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListL1ValidatorsResponse__Output>): grpc.ClientUnaryCall;
  listL1Validators(argument: _chaindata_primarynetwork_v1_ListL1ValidatorsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListL1ValidatorsResponse__Output>): grpc.ClientUnaryCall;
  listL1Validators(argument: _chaindata_primarynetwork_v1_ListL1ValidatorsRequest, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListL1ValidatorsResponse__Output>): grpc.ClientUnaryCall;
  
  ListPendingRewards(argument: _chaindata_primarynetwork_v1_ListRewardsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListPendingRewardsResponse__Output>): grpc.ClientUnaryCall;
  ListPendingRewards(argument: _chaindata_primarynetwork_v1_ListRewardsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListPendingRewardsResponse__Output>): grpc.ClientUnaryCall;
  ListPendingRewards(argument: _chaindata_primarynetwork_v1_ListRewardsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListPendingRewardsResponse__Output>): grpc.ClientUnaryCall;
  ListPendingRewards(argument: _chaindata_primarynetwork_v1_ListRewardsRequest, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListPendingRewardsResponse__Output>): grpc.ClientUnaryCall;
  listPendingRewards(argument: _chaindata_primarynetwork_v1_ListRewardsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListPendingRewardsResponse__Output>): grpc.ClientUnaryCall;
  listPendingRewards(argument: _chaindata_primarynetwork_v1_ListRewardsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListPendingRewardsResponse__Output>): grpc.ClientUnaryCall;
  listPendingRewards(argument: _chaindata_primarynetwork_v1_ListRewardsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListPendingRewardsResponse__Output>): grpc.ClientUnaryCall;
  listPendingRewards(argument: _chaindata_primarynetwork_v1_ListRewardsRequest, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListPendingRewardsResponse__Output>): grpc.ClientUnaryCall;
  
  ListStakingTransactions(argument: _chaindata_primarynetwork_v1_ListStakingTransactionsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListTransactionsResponse__Output>): grpc.ClientUnaryCall;
  ListStakingTransactions(argument: _chaindata_primarynetwork_v1_ListStakingTransactionsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListTransactionsResponse__Output>): grpc.ClientUnaryCall;
  ListStakingTransactions(argument: _chaindata_primarynetwork_v1_ListStakingTransactionsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListTransactionsResponse__Output>): grpc.ClientUnaryCall;
  ListStakingTransactions(argument: _chaindata_primarynetwork_v1_ListStakingTransactionsRequest, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListTransactionsResponse__Output>): grpc.ClientUnaryCall;
  listStakingTransactions(argument: _chaindata_primarynetwork_v1_ListStakingTransactionsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListTransactionsResponse__Output>): grpc.ClientUnaryCall;
  listStakingTransactions(argument: _chaindata_primarynetwork_v1_ListStakingTransactionsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListTransactionsResponse__Output>): grpc.ClientUnaryCall;
  listStakingTransactions(argument: _chaindata_primarynetwork_v1_ListStakingTransactionsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListTransactionsResponse__Output>): grpc.ClientUnaryCall;
  listStakingTransactions(argument: _chaindata_primarynetwork_v1_ListStakingTransactionsRequest, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListTransactionsResponse__Output>): grpc.ClientUnaryCall;
  
  ListSubnets(argument: _chaindata_primarynetwork_v1_ListNetworkItemsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListSubnetsResponse__Output>): grpc.ClientUnaryCall;
  ListSubnets(argument: _chaindata_primarynetwork_v1_ListNetworkItemsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListSubnetsResponse__Output>): grpc.ClientUnaryCall;
  ListSubnets(argument: _chaindata_primarynetwork_v1_ListNetworkItemsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListSubnetsResponse__Output>): grpc.ClientUnaryCall;
  ListSubnets(argument: _chaindata_primarynetwork_v1_ListNetworkItemsRequest, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListSubnetsResponse__Output>): grpc.ClientUnaryCall;
  listSubnets(argument: _chaindata_primarynetwork_v1_ListNetworkItemsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListSubnetsResponse__Output>): grpc.ClientUnaryCall;
  listSubnets(argument: _chaindata_primarynetwork_v1_ListNetworkItemsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListSubnetsResponse__Output>): grpc.ClientUnaryCall;
  listSubnets(argument: _chaindata_primarynetwork_v1_ListNetworkItemsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListSubnetsResponse__Output>): grpc.ClientUnaryCall;
  listSubnets(argument: _chaindata_primarynetwork_v1_ListNetworkItemsRequest, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListSubnetsResponse__Output>): grpc.ClientUnaryCall;
  
  ListTransactions(argument: _chaindata_primarynetwork_v1_ListTransactionsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListTransactionsResponse__Output>): grpc.ClientUnaryCall;
  ListTransactions(argument: _chaindata_primarynetwork_v1_ListTransactionsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListTransactionsResponse__Output>): grpc.ClientUnaryCall;
  ListTransactions(argument: _chaindata_primarynetwork_v1_ListTransactionsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListTransactionsResponse__Output>): grpc.ClientUnaryCall;
  ListTransactions(argument: _chaindata_primarynetwork_v1_ListTransactionsRequest, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListTransactionsResponse__Output>): grpc.ClientUnaryCall;
  listTransactions(argument: _chaindata_primarynetwork_v1_ListTransactionsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListTransactionsResponse__Output>): grpc.ClientUnaryCall;
  listTransactions(argument: _chaindata_primarynetwork_v1_ListTransactionsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListTransactionsResponse__Output>): grpc.ClientUnaryCall;
  listTransactions(argument: _chaindata_primarynetwork_v1_ListTransactionsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListTransactionsResponse__Output>): grpc.ClientUnaryCall;
  listTransactions(argument: _chaindata_primarynetwork_v1_ListTransactionsRequest, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListTransactionsResponse__Output>): grpc.ClientUnaryCall;
  
  ListUtxos(argument: _chaindata_primarynetwork_v1_ListUtxosRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListUtxosResponse__Output>): grpc.ClientUnaryCall;
  ListUtxos(argument: _chaindata_primarynetwork_v1_ListUtxosRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListUtxosResponse__Output>): grpc.ClientUnaryCall;
  ListUtxos(argument: _chaindata_primarynetwork_v1_ListUtxosRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListUtxosResponse__Output>): grpc.ClientUnaryCall;
  ListUtxos(argument: _chaindata_primarynetwork_v1_ListUtxosRequest, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListUtxosResponse__Output>): grpc.ClientUnaryCall;
  listUtxos(argument: _chaindata_primarynetwork_v1_ListUtxosRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListUtxosResponse__Output>): grpc.ClientUnaryCall;
  listUtxos(argument: _chaindata_primarynetwork_v1_ListUtxosRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListUtxosResponse__Output>): grpc.ClientUnaryCall;
  listUtxos(argument: _chaindata_primarynetwork_v1_ListUtxosRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListUtxosResponse__Output>): grpc.ClientUnaryCall;
  listUtxos(argument: _chaindata_primarynetwork_v1_ListUtxosRequest, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListUtxosResponse__Output>): grpc.ClientUnaryCall;
  
  ListValidators(argument: _chaindata_primarynetwork_v1_ListValidatorsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListValidatorsResponse__Output>): grpc.ClientUnaryCall;
  ListValidators(argument: _chaindata_primarynetwork_v1_ListValidatorsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListValidatorsResponse__Output>): grpc.ClientUnaryCall;
  ListValidators(argument: _chaindata_primarynetwork_v1_ListValidatorsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListValidatorsResponse__Output>): grpc.ClientUnaryCall;
  ListValidators(argument: _chaindata_primarynetwork_v1_ListValidatorsRequest, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListValidatorsResponse__Output>): grpc.ClientUnaryCall;
  listValidators(argument: _chaindata_primarynetwork_v1_ListValidatorsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListValidatorsResponse__Output>): grpc.ClientUnaryCall;
  listValidators(argument: _chaindata_primarynetwork_v1_ListValidatorsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListValidatorsResponse__Output>): grpc.ClientUnaryCall;
  listValidators(argument: _chaindata_primarynetwork_v1_ListValidatorsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListValidatorsResponse__Output>): grpc.ClientUnaryCall;
  listValidators(argument: _chaindata_primarynetwork_v1_ListValidatorsRequest, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListValidatorsResponse__Output>): grpc.ClientUnaryCall;
  
  ListValidatorsByTimeFrame(argument: _chaindata_primarynetwork_v1_ListValidatorsByTimeFrameRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListValidatorsByTimeFrameResponse__Output>): grpc.ClientUnaryCall;
  ListValidatorsByTimeFrame(argument: _chaindata_primarynetwork_v1_ListValidatorsByTimeFrameRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListValidatorsByTimeFrameResponse__Output>): grpc.ClientUnaryCall;
  ListValidatorsByTimeFrame(argument: _chaindata_primarynetwork_v1_ListValidatorsByTimeFrameRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListValidatorsByTimeFrameResponse__Output>): grpc.ClientUnaryCall;
  ListValidatorsByTimeFrame(argument: _chaindata_primarynetwork_v1_ListValidatorsByTimeFrameRequest, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListValidatorsByTimeFrameResponse__Output>): grpc.ClientUnaryCall;
  listValidatorsByTimeFrame(argument: _chaindata_primarynetwork_v1_ListValidatorsByTimeFrameRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListValidatorsByTimeFrameResponse__Output>): grpc.ClientUnaryCall;
  listValidatorsByTimeFrame(argument: _chaindata_primarynetwork_v1_ListValidatorsByTimeFrameRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListValidatorsByTimeFrameResponse__Output>): grpc.ClientUnaryCall;
  listValidatorsByTimeFrame(argument: _chaindata_primarynetwork_v1_ListValidatorsByTimeFrameRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListValidatorsByTimeFrameResponse__Output>): grpc.ClientUnaryCall;
  listValidatorsByTimeFrame(argument: _chaindata_primarynetwork_v1_ListValidatorsByTimeFrameRequest, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListValidatorsByTimeFrameResponse__Output>): grpc.ClientUnaryCall;
  
  ListVertices(argument: _chaindata_primarynetwork_v1_ListVerticesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListVerticesResponse__Output>): grpc.ClientUnaryCall;
  ListVertices(argument: _chaindata_primarynetwork_v1_ListVerticesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListVerticesResponse__Output>): grpc.ClientUnaryCall;
  ListVertices(argument: _chaindata_primarynetwork_v1_ListVerticesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListVerticesResponse__Output>): grpc.ClientUnaryCall;
  ListVertices(argument: _chaindata_primarynetwork_v1_ListVerticesRequest, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListVerticesResponse__Output>): grpc.ClientUnaryCall;
  listVertices(argument: _chaindata_primarynetwork_v1_ListVerticesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListVerticesResponse__Output>): grpc.ClientUnaryCall;
  listVertices(argument: _chaindata_primarynetwork_v1_ListVerticesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListVerticesResponse__Output>): grpc.ClientUnaryCall;
  listVertices(argument: _chaindata_primarynetwork_v1_ListVerticesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListVerticesResponse__Output>): grpc.ClientUnaryCall;
  listVertices(argument: _chaindata_primarynetwork_v1_ListVerticesRequest, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListVerticesResponse__Output>): grpc.ClientUnaryCall;
  
  ListVerticesByHeight(argument: _chaindata_primarynetwork_v1_ListVerticesByHeightRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListVerticesResponse__Output>): grpc.ClientUnaryCall;
  ListVerticesByHeight(argument: _chaindata_primarynetwork_v1_ListVerticesByHeightRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListVerticesResponse__Output>): grpc.ClientUnaryCall;
  ListVerticesByHeight(argument: _chaindata_primarynetwork_v1_ListVerticesByHeightRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListVerticesResponse__Output>): grpc.ClientUnaryCall;
  ListVerticesByHeight(argument: _chaindata_primarynetwork_v1_ListVerticesByHeightRequest, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListVerticesResponse__Output>): grpc.ClientUnaryCall;
  listVerticesByHeight(argument: _chaindata_primarynetwork_v1_ListVerticesByHeightRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListVerticesResponse__Output>): grpc.ClientUnaryCall;
  listVerticesByHeight(argument: _chaindata_primarynetwork_v1_ListVerticesByHeightRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListVerticesResponse__Output>): grpc.ClientUnaryCall;
  listVerticesByHeight(argument: _chaindata_primarynetwork_v1_ListVerticesByHeightRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListVerticesResponse__Output>): grpc.ClientUnaryCall;
  listVerticesByHeight(argument: _chaindata_primarynetwork_v1_ListVerticesByHeightRequest, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListVerticesResponse__Output>): grpc.ClientUnaryCall;
  
  StreamStakingActivity(argument: _chaindata_primarynetwork_v1_StreamStakingActivityRequest, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_chaindata_primarynetwork_v1_StakingActivityBlock__Output>;
  StreamStakingActivity(argument: _chaindata_primarynetwork_v1_StreamStakingActivityRequest, options?: grpc.CallOptions): grpc.ClientReadableStream<_chaindata_primarynetwork_v1_StakingActivityBlock__Output>;
  streamStakingActivity(argument: _chaindata_primarynetwork_v1_StreamStakingActivityRequest, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_chaindata_primarynetwork_v1_StakingActivityBlock__Output>;
  streamStakingActivity(argument: _chaindata_primarynetwork_v1_StreamStakingActivityRequest, options?: grpc.CallOptions): grpc.ClientReadableStream<_chaindata_primarynetwork_v1_StakingActivityBlock__Output>;
  
  StreamTransactions(argument: _chaindata_primarynetwork_v1_ListTransactionsRequest, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_chaindata_primarynetwork_v1_ListTransactionsResponse__Output>;
  StreamTransactions(argument: _chaindata_primarynetwork_v1_ListTransactionsRequest, options?: grpc.CallOptions): grpc.ClientReadableStream<_chaindata_primarynetwork_v1_ListTransactionsResponse__Output>;
  streamTransactions(argument: _chaindata_primarynetwork_v1_ListTransactionsRequest, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_chaindata_primarynetwork_v1_ListTransactionsResponse__Output>;
  streamTransactions(argument: _chaindata_primarynetwork_v1_ListTransactionsRequest, options?: grpc.CallOptions): grpc.ClientReadableStream<_chaindata_primarynetwork_v1_ListTransactionsResponse__Output>;
  
}

export interface PrimaryNetworkServiceHandlers extends grpc.UntypedServiceImplementation {
  GetAsset: grpc.handleUnaryCall<_chaindata_primarynetwork_v1_GetAssetRequest__Output, _chaindata_primarynetwork_v1_XChainAssetDetails>;
  
  GetAvaxSupply: grpc.handleUnaryCall<_chaindata_primarynetwork_v1_GetAvaxSupplyRequest__Output, _chaindata_primarynetwork_v1_AvaxSupply>;
  
  GetBalances: grpc.handleUnaryCall<_chaindata_primarynetwork_v1_GetBalancesRequest__Output, _chaindata_primarynetwork_v1_Balances>;
  
  GetBlock: grpc.handleUnaryCall<_chaindata_primarynetwork_v1_GetBlockRequest__Output, _chaindata_primarynetwork_v1_Block>;
  
  GetBlockchain: grpc.handleUnaryCall<_chaindata_primarynetwork_v1_GetBlockchainRequest__Output, _chaindata_primarynetwork_v1_Blockchain>;
  
  GetL1ValidatorWeightChange: grpc.handleUnaryCall<_chaindata_primarynetwork_v1_GetL1ValidatorWeightChangeRequest__Output, _chaindata_primarynetwork_v1_L1ValidatorWeightChange>;
  
  GetLastActivity: grpc.handleUnaryCall<_chaindata_primarynetwork_v1_GetLastActivityRequest__Output, _chaindata_primarynetwork_v1_LastActivityTimestamp>;
  
  GetNetworkDetails: grpc.handleUnaryCall<_chaindata_primarynetwork_v1_GetNetworkDetailsRequest__Output, _chaindata_primarynetwork_v1_NetworkDetails>;
  
  GetProjectionStatus: grpc.handleUnaryCall<_chaindata_primarynetwork_v1_GetProjectionStatusRequest__Output, _chaindata_primarynetwork_v1_ProjectionStatus>;
  
  GetSubnet: grpc.handleUnaryCall<_chaindata_primarynetwork_v1_GetSubnetRequest__Output, _chaindata_primarynetwork_v1_Subnet>;
  
  GetTransaction: grpc.handleUnaryCall<_chaindata_primarynetwork_v1_GetTransactionRequest__Output, _chaindata_primarynetwork_v1_Transaction>;
  
  GetValidatorSet: grpc.handleUnaryCall<_chaindata_primarynetwork_v1_GetValidatorSetRequest__Output, _chaindata_primarynetwork_v1_ValidatorSet>;
  
  GetVertex: grpc.handleUnaryCall<_chaindata_primarynetwork_v1_GetVertexRequest__Output, _chaindata_primarynetwork_v1_Vertex>;
  
  ListAssetTransactions: grpc.handleUnaryCall<_chaindata_primarynetwork_v1_ListAssetTransactionsRequest__Output, _chaindata_primarynetwork_v1_ListTransactionsResponse>;
  
  ListBlockchains: grpc.handleUnaryCall<_chaindata_primarynetwork_v1_ListNetworkItemsRequest__Output, _chaindata_primarynetwork_v1_ListBlockchainsResponse>;
  
  ListBlocks: grpc.handleUnaryCall<_chaindata_primarynetwork_v1_ListBlocksRequest__Output, _chaindata_primarynetwork_v1_ListBlocksResponse>;
  
  ListBlocksByNode: grpc.handleUnaryCall<_chaindata_primarynetwork_v1_ListBlocksByNodeRequest__Output, _chaindata_primarynetwork_v1_ListBlocksResponse>;
  
  ListChainIdsForAddresses: grpc.handleUnaryCall<_chaindata_primarynetwork_v1_ListChainIdsForAddressesRequest__Output, _chaindata_primarynetwork_v1_ChainAddressChainIdMapListResponse>;
  
  ListDelegators: grpc.handleUnaryCall<_chaindata_primarynetwork_v1_ListDelegatorsRequest__Output, _chaindata_primarynetwork_v1_ListDelegatorsResponse>;
  
  ListHistoricalRewards: grpc.handleUnaryCall<_chaindata_primarynetwork_v1_ListRewardsRequest__Output, _chaindata_primarynetwork_v1_ListHistoricalRewardsResponse>;
  
  ListL1Validators: grpc.handleUnaryCall<_chaindata_primarynetwork_v1_ListL1ValidatorsRequest__Output, _chaindata_primarynetwork_v1_ListL1ValidatorsResponse>;
  
  ListPendingRewards: grpc.handleUnaryCall<_chaindata_primarynetwork_v1_ListRewardsRequest__Output, _chaindata_primarynetwork_v1_ListPendingRewardsResponse>;
  
  ListStakingTransactions: grpc.handleUnaryCall<_chaindata_primarynetwork_v1_ListStakingTransactionsRequest__Output, _chaindata_primarynetwork_v1_ListTransactionsResponse>;
  
  ListSubnets: grpc.handleUnaryCall<_chaindata_primarynetwork_v1_ListNetworkItemsRequest__Output, _chaindata_primarynetwork_v1_ListSubnetsResponse>;
  
  ListTransactions: grpc.handleUnaryCall<_chaindata_primarynetwork_v1_ListTransactionsRequest__Output, _chaindata_primarynetwork_v1_ListTransactionsResponse>;
  
  ListUtxos: grpc.handleUnaryCall<_chaindata_primarynetwork_v1_ListUtxosRequest__Output, _chaindata_primarynetwork_v1_ListUtxosResponse>;
  
  ListValidators: grpc.handleUnaryCall<_chaindata_primarynetwork_v1_ListValidatorsRequest__Output, _chaindata_primarynetwork_v1_ListValidatorsResponse>;
  
  ListValidatorsByTimeFrame: grpc.handleUnaryCall<_chaindata_primarynetwork_v1_ListValidatorsByTimeFrameRequest__Output, _chaindata_primarynetwork_v1_ListValidatorsByTimeFrameResponse>;
  
  ListVertices: grpc.handleUnaryCall<_chaindata_primarynetwork_v1_ListVerticesRequest__Output, _chaindata_primarynetwork_v1_ListVerticesResponse>;
  
  ListVerticesByHeight: grpc.handleUnaryCall<_chaindata_primarynetwork_v1_ListVerticesByHeightRequest__Output, _chaindata_primarynetwork_v1_ListVerticesResponse>;
  
  StreamStakingActivity: grpc.handleServerStreamingCall<_chaindata_primarynetwork_v1_StreamStakingActivityRequest__Output, _chaindata_primarynetwork_v1_StakingActivityBlock>;
  
  StreamTransactions: grpc.handleServerStreamingCall<_chaindata_primarynetwork_v1_ListTransactionsRequest__Output, _chaindata_primarynetwork_v1_ListTransactionsResponse>;
  
}

export interface PrimaryNetworkServiceDefinition extends grpc.ServiceDefinition {
  GetAsset: MethodDefinition<_chaindata_primarynetwork_v1_GetAssetRequest, _chaindata_primarynetwork_v1_XChainAssetDetails, _chaindata_primarynetwork_v1_GetAssetRequest__Output, _chaindata_primarynetwork_v1_XChainAssetDetails__Output>
  GetAvaxSupply: MethodDefinition<_chaindata_primarynetwork_v1_GetAvaxSupplyRequest, _chaindata_primarynetwork_v1_AvaxSupply, _chaindata_primarynetwork_v1_GetAvaxSupplyRequest__Output, _chaindata_primarynetwork_v1_AvaxSupply__Output>
  GetBalances: MethodDefinition<_chaindata_primarynetwork_v1_GetBalancesRequest, _chaindata_primarynetwork_v1_Balances, _chaindata_primarynetwork_v1_GetBalancesRequest__Output, _chaindata_primarynetwork_v1_Balances__Output>
  GetBlock: MethodDefinition<_chaindata_primarynetwork_v1_GetBlockRequest, _chaindata_primarynetwork_v1_Block, _chaindata_primarynetwork_v1_GetBlockRequest__Output, _chaindata_primarynetwork_v1_Block__Output>
  GetBlockchain: MethodDefinition<_chaindata_primarynetwork_v1_GetBlockchainRequest, _chaindata_primarynetwork_v1_Blockchain, _chaindata_primarynetwork_v1_GetBlockchainRequest__Output, _chaindata_primarynetwork_v1_Blockchain__Output>
  GetL1ValidatorWeightChange: MethodDefinition<_chaindata_primarynetwork_v1_GetL1ValidatorWeightChangeRequest, _chaindata_primarynetwork_v1_L1ValidatorWeightChange, _chaindata_primarynetwork_v1_GetL1ValidatorWeightChangeRequest__Output, _chaindata_primarynetwork_v1_L1ValidatorWeightChange__Output>
  GetLastActivity: MethodDefinition<_chaindata_primarynetwork_v1_GetLastActivityRequest, _chaindata_primarynetwork_v1_LastActivityTimestamp, _chaindata_primarynetwork_v1_GetLastActivityRequest__Output, _chaindata_primarynetwork_v1_LastActivityTimestamp__Output>
  GetNetworkDetails: MethodDefinition<_chaindata_primarynetwork_v1_GetNetworkDetailsRequest, _chaindata_primarynetwork_v1_NetworkDetails, _chaindata_primarynetwork_v1_GetNetworkDetailsRequest__Output, _chaindata_primarynetwork_v1_NetworkDetails__Output>
  GetProjectionStatus: MethodDefinition<_chaindata_primarynetwork_v1_GetProjectionStatusRequest, _chaindata_primarynetwork_v1_ProjectionStatus, _chaindata_primarynetwork_v1_GetProjectionStatusRequest__Output, _chaindata_primarynetwork_v1_ProjectionStatus__Output>
  GetSubnet: MethodDefinition<_chaindata_primarynetwork_v1_GetSubnetRequest, _chaindata_primarynetwork_v1_Subnet, _chaindata_primarynetwork_v1_GetSubnetRequest__Output, _chaindata_primarynetwork_v1_Subnet__Output>
  GetTransaction: MethodDefinition<_chaindata_primarynetwork_v1_GetTransactionRequest, _chaindata_primarynetwork_v1_Transaction, _chaindata_primarynetwork_v1_GetTransactionRequest__Output, _chaindata_primarynetwork_v1_Transaction__Output>
  GetValidatorSet: MethodDefinition<_chaindata_primarynetwork_v1_GetValidatorSetRequest, _chaindata_primarynetwork_v1_ValidatorSet, _chaindata_primarynetwork_v1_GetValidatorSetRequest__Output, _chaindata_primarynetwork_v1_ValidatorSet__Output>
  GetVertex: MethodDefinition<_chaindata_primarynetwork_v1_GetVertexRequest, _chaindata_primarynetwork_v1_Vertex, _chaindata_primarynetwork_v1_GetVertexRequest__Output, _chaindata_primarynetwork_v1_Vertex__Output>
  ListAssetTransactions: MethodDefinition<_chaindata_primarynetwork_v1_ListAssetTransactionsRequest, _chaindata_primarynetwork_v1_ListTransactionsResponse, _chaindata_primarynetwork_v1_ListAssetTransactionsRequest__Output, _chaindata_primarynetwork_v1_ListTransactionsResponse__Output>
  ListBlockchains: MethodDefinition<_chaindata_primarynetwork_v1_ListNetworkItemsRequest, _chaindata_primarynetwork_v1_ListBlockchainsResponse, _chaindata_primarynetwork_v1_ListNetworkItemsRequest__Output, _chaindata_primarynetwork_v1_ListBlockchainsResponse__Output>
  ListBlocks: MethodDefinition<_chaindata_primarynetwork_v1_ListBlocksRequest, _chaindata_primarynetwork_v1_ListBlocksResponse, _chaindata_primarynetwork_v1_ListBlocksRequest__Output, _chaindata_primarynetwork_v1_ListBlocksResponse__Output>
  ListBlocksByNode: MethodDefinition<_chaindata_primarynetwork_v1_ListBlocksByNodeRequest, _chaindata_primarynetwork_v1_ListBlocksResponse, _chaindata_primarynetwork_v1_ListBlocksByNodeRequest__Output, _chaindata_primarynetwork_v1_ListBlocksResponse__Output>
  ListChainIdsForAddresses: MethodDefinition<_chaindata_primarynetwork_v1_ListChainIdsForAddressesRequest, _chaindata_primarynetwork_v1_ChainAddressChainIdMapListResponse, _chaindata_primarynetwork_v1_ListChainIdsForAddressesRequest__Output, _chaindata_primarynetwork_v1_ChainAddressChainIdMapListResponse__Output>
  ListDelegators: MethodDefinition<_chaindata_primarynetwork_v1_ListDelegatorsRequest, _chaindata_primarynetwork_v1_ListDelegatorsResponse, _chaindata_primarynetwork_v1_ListDelegatorsRequest__Output, _chaindata_primarynetwork_v1_ListDelegatorsResponse__Output>
  ListHistoricalRewards: MethodDefinition<_chaindata_primarynetwork_v1_ListRewardsRequest, _chaindata_primarynetwork_v1_ListHistoricalRewardsResponse, _chaindata_primarynetwork_v1_ListRewardsRequest__Output, _chaindata_primarynetwork_v1_ListHistoricalRewardsResponse__Output>
  ListL1Validators: MethodDefinition<_chaindata_primarynetwork_v1_ListL1ValidatorsRequest, _chaindata_primarynetwork_v1_ListL1ValidatorsResponse, _chaindata_primarynetwork_v1_ListL1ValidatorsRequest__Output, _chaindata_primarynetwork_v1_ListL1ValidatorsResponse__Output>
  ListPendingRewards: MethodDefinition<_chaindata_primarynetwork_v1_ListRewardsRequest, _chaindata_primarynetwork_v1_ListPendingRewardsResponse, _chaindata_primarynetwork_v1_ListRewardsRequest__Output, _chaindata_primarynetwork_v1_ListPendingRewardsResponse__Output>
  ListStakingTransactions: MethodDefinition<_chaindata_primarynetwork_v1_ListStakingTransactionsRequest, _chaindata_primarynetwork_v1_ListTransactionsResponse, _chaindata_primarynetwork_v1_ListStakingTransactionsRequest__Output, _chaindata_primarynetwork_v1_ListTransactionsResponse__Output>
  ListSubnets: MethodDefinition<_chaindata_primarynetwork_v1_ListNetworkItemsRequest, _chaindata_primarynetwork_v1_ListSubnetsResponse, _chaindata_primarynetwork_v1_ListNetworkItemsRequest__Output, _chaindata_primarynetwork_v1_ListSubnetsResponse__Output>
  ListTransactions: MethodDefinition<_chaindata_primarynetwork_v1_ListTransactionsRequest, _chaindata_primarynetwork_v1_ListTransactionsResponse, _chaindata_primarynetwork_v1_ListTransactionsRequest__Output, _chaindata_primarynetwork_v1_ListTransactionsResponse__Output>
  ListUtxos: MethodDefinition<_chaindata_primarynetwork_v1_ListUtxosRequest, _chaindata_primarynetwork_v1_ListUtxosResponse, _chaindata_primarynetwork_v1_ListUtxosRequest__Output, _chaindata_primarynetwork_v1_ListUtxosResponse__Output>
  ListValidators: MethodDefinition<_chaindata_primarynetwork_v1_ListValidatorsRequest, _chaindata_primarynetwork_v1_ListValidatorsResponse, _chaindata_primarynetwork_v1_ListValidatorsRequest__Output, _chaindata_primarynetwork_v1_ListValidatorsResponse__Output>
  ListValidatorsByTimeFrame: MethodDefinition<_chaindata_primarynetwork_v1_ListValidatorsByTimeFrameRequest, _chaindata_primarynetwork_v1_ListValidatorsByTimeFrameResponse, _chaindata_primarynetwork_v1_ListValidatorsByTimeFrameRequest__Output, _chaindata_primarynetwork_v1_ListValidatorsByTimeFrameResponse__Output>
  ListVertices: MethodDefinition<_chaindata_primarynetwork_v1_ListVerticesRequest, _chaindata_primarynetwork_v1_ListVerticesResponse, _chaindata_primarynetwork_v1_ListVerticesRequest__Output, _chaindata_primarynetwork_v1_ListVerticesResponse__Output>
  ListVerticesByHeight: MethodDefinition<_chaindata_primarynetwork_v1_ListVerticesByHeightRequest, _chaindata_primarynetwork_v1_ListVerticesResponse, _chaindata_primarynetwork_v1_ListVerticesByHeightRequest__Output, _chaindata_primarynetwork_v1_ListVerticesResponse__Output>
  StreamStakingActivity: MethodDefinition<_chaindata_primarynetwork_v1_StreamStakingActivityRequest, _chaindata_primarynetwork_v1_StakingActivityBlock, _chaindata_primarynetwork_v1_StreamStakingActivityRequest__Output, _chaindata_primarynetwork_v1_StakingActivityBlock__Output>
  StreamTransactions: MethodDefinition<_chaindata_primarynetwork_v1_ListTransactionsRequest, _chaindata_primarynetwork_v1_ListTransactionsResponse, _chaindata_primarynetwork_v1_ListTransactionsRequest__Output, _chaindata_primarynetwork_v1_ListTransactionsResponse__Output>
}
