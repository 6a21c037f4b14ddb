// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { Block as _chaindata_primarynetwork_v1_Block, Block__Output as _chaindata_primarynetwork_v1_Block__Output } from '../../../chaindata/primarynetwork/v1/Block.ts';
import type { Blockchain as _chaindata_primarynetwork_v1_Blockchain, Blockchain__Output as _chaindata_primarynetwork_v1_Blockchain__Output } from '../../../chaindata/primarynetwork/v1/Blockchain.ts';
import type { GetBlockRequest as _chaindata_primarynetwork_v1_GetBlockRequest, GetBlockRequest__Output as _chaindata_primarynetwork_v1_GetBlockRequest__Output } from '../../../chaindata/primarynetwork/v1/GetBlockRequest.ts';
import type { GetBlockchainRequest as _chaindata_primarynetwork_v1_GetBlockchainRequest, GetBlockchainRequest__Output as _chaindata_primarynetwork_v1_GetBlockchainRequest__Output } from '../../../chaindata/primarynetwork/v1/GetBlockchainRequest.ts';
import type { GetL1ValidatorWeightChangeRequest as _chaindata_primarynetwork_v1_GetL1ValidatorWeightChangeRequest, GetL1ValidatorWeightChangeRequest__Output as _chaindata_primarynetwork_v1_GetL1ValidatorWeightChangeRequest__Output } from '../../../chaindata/primarynetwork/v1/GetL1ValidatorWeightChangeRequest.ts';
import type { GetProjectionStatusRequest as _chaindata_primarynetwork_v1_GetProjectionStatusRequest, GetProjectionStatusRequest__Output as _chaindata_primarynetwork_v1_GetProjectionStatusRequest__Output } from '../../../chaindata/primarynetwork/v1/GetProjectionStatusRequest.ts';
import type { GetSubnetRequest as _chaindata_primarynetwork_v1_GetSubnetRequest, GetSubnetRequest__Output as _chaindata_primarynetwork_v1_GetSubnetRequest__Output } from '../../../chaindata/primarynetwork/v1/GetSubnetRequest.ts';
import type { GetTransactionRequest as _chaindata_primarynetwork_v1_GetTransactionRequest, GetTransactionRequest__Output as _chaindata_primarynetwork_v1_GetTransactionRequest__Output } from '../../../chaindata/primarynetwork/v1/GetTransactionRequest.ts';
import type { GetValidatorSetRequest as _chaindata_primarynetwork_v1_GetValidatorSetRequest, GetValidatorSetRequest__Output as _chaindata_primarynetwork_v1_GetValidatorSetRequest__Output } from '../../../chaindata/primarynetwork/v1/GetValidatorSetRequest.ts';
import type { L1ValidatorWeightChange as _chaindata_primarynetwork_v1_L1ValidatorWeightChange, L1ValidatorWeightChange__Output as _chaindata_primarynetwork_v1_L1ValidatorWeightChange__Output } from '../../../chaindata/primarynetwork/v1/L1ValidatorWeightChange.ts';
import type { ListBlockchainsResponse as _chaindata_primarynetwork_v1_ListBlockchainsResponse, ListBlockchainsResponse__Output as _chaindata_primarynetwork_v1_ListBlockchainsResponse__Output } from '../../../chaindata/primarynetwork/v1/ListBlockchainsResponse.ts';
import type { ListBlocksRequest as _chaindata_primarynetwork_v1_ListBlocksRequest, ListBlocksRequest__Output as _chaindata_primarynetwork_v1_ListBlocksRequest__Output } from '../../../chaindata/primarynetwork/v1/ListBlocksRequest.ts';
import type { ListBlocksResponse as _chaindata_primarynetwork_v1_ListBlocksResponse, ListBlocksResponse__Output as _chaindata_primarynetwork_v1_ListBlocksResponse__Output } from '../../../chaindata/primarynetwork/v1/ListBlocksResponse.ts';
import type { ListHistoricalRewardsResponse as _chaindata_primarynetwork_v1_ListHistoricalRewardsResponse, ListHistoricalRewardsResponse__Output as _chaindata_primarynetwork_v1_ListHistoricalRewardsResponse__Output } from '../../../chaindata/primarynetwork/v1/ListHistoricalRewardsResponse.ts';
import type { ListNetworkItemsRequest as _chaindata_primarynetwork_v1_ListNetworkItemsRequest, ListNetworkItemsRequest__Output as _chaindata_primarynetwork_v1_ListNetworkItemsRequest__Output } from '../../../chaindata/primarynetwork/v1/ListNetworkItemsRequest.ts';
import type { ListPendingRewardsResponse as _chaindata_primarynetwork_v1_ListPendingRewardsResponse, ListPendingRewardsResponse__Output as _chaindata_primarynetwork_v1_ListPendingRewardsResponse__Output } from '../../../chaindata/primarynetwork/v1/ListPendingRewardsResponse.ts';
import type { ListRewardsRequest as _chaindata_primarynetwork_v1_ListRewardsRequest, ListRewardsRequest__Output as _chaindata_primarynetwork_v1_ListRewardsRequest__Output } from '../../../chaindata/primarynetwork/v1/ListRewardsRequest.ts';
import type { ListSubnetsResponse as _chaindata_primarynetwork_v1_ListSubnetsResponse, ListSubnetsResponse__Output as _chaindata_primarynetwork_v1_ListSubnetsResponse__Output } from '../../../chaindata/primarynetwork/v1/ListSubnetsResponse.ts';
import type { ListTransactionsRequest as _chaindata_primarynetwork_v1_ListTransactionsRequest, ListTransactionsRequest__Output as _chaindata_primarynetwork_v1_ListTransactionsRequest__Output } from '../../../chaindata/primarynetwork/v1/ListTransactionsRequest.ts';
import type { ListTransactionsResponse as _chaindata_primarynetwork_v1_ListTransactionsResponse, ListTransactionsResponse__Output as _chaindata_primarynetwork_v1_ListTransactionsResponse__Output } from '../../../chaindata/primarynetwork/v1/ListTransactionsResponse.ts';
import type { ListUtxosRequest as _chaindata_primarynetwork_v1_ListUtxosRequest, ListUtxosRequest__Output as _chaindata_primarynetwork_v1_ListUtxosRequest__Output } from '../../../chaindata/primarynetwork/v1/ListUtxosRequest.ts';
import type { ListUtxosResponse as _chaindata_primarynetwork_v1_ListUtxosResponse, ListUtxosResponse__Output as _chaindata_primarynetwork_v1_ListUtxosResponse__Output } from '../../../chaindata/primarynetwork/v1/ListUtxosResponse.ts';
import type { ListVerticesByHeightRequest as _chaindata_primarynetwork_v1_ListVerticesByHeightRequest, ListVerticesByHeightRequest__Output as _chaindata_primarynetwork_v1_ListVerticesByHeightRequest__Output } from '../../../chaindata/primarynetwork/v1/ListVerticesByHeightRequest.ts';
import type { ListVerticesResponse as _chaindata_primarynetwork_v1_ListVerticesResponse, ListVerticesResponse__Output as _chaindata_primarynetwork_v1_ListVerticesResponse__Output } from '../../../chaindata/primarynetwork/v1/ListVerticesResponse.ts';
import type { ProjectionStatus as _chaindata_primarynetwork_v1_ProjectionStatus, ProjectionStatus__Output as _chaindata_primarynetwork_v1_ProjectionStatus__Output } from '../../../chaindata/primarynetwork/v1/ProjectionStatus.ts';
import type { Subnet as _chaindata_primarynetwork_v1_Subnet, Subnet__Output as _chaindata_primarynetwork_v1_Subnet__Output } from '../../../chaindata/primarynetwork/v1/Subnet.ts';
import type { Transaction as _chaindata_primarynetwork_v1_Transaction, Transaction__Output as _chaindata_primarynetwork_v1_Transaction__Output } from '../../../chaindata/primarynetwork/v1/Transaction.ts';
import type { ValidatorSet as _chaindata_primarynetwork_v1_ValidatorSet, ValidatorSet__Output as _chaindata_primarynetwork_v1_ValidatorSet__Output } from '../../../chaindata/primarynetwork/v1/ValidatorSet.ts';

export interface PrimaryNetworkServiceClient extends grpc.Client {
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
  
  ListHistoricalRewards(argument: _chaindata_primarynetwork_v1_ListRewardsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListHistoricalRewardsResponse__Output>): grpc.ClientUnaryCall;
  ListHistoricalRewards(argument: _chaindata_primarynetwork_v1_ListRewardsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListHistoricalRewardsResponse__Output>): grpc.ClientUnaryCall;
  ListHistoricalRewards(argument: _chaindata_primarynetwork_v1_ListRewardsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListHistoricalRewardsResponse__Output>): grpc.ClientUnaryCall;
  ListHistoricalRewards(argument: _chaindata_primarynetwork_v1_ListRewardsRequest, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListHistoricalRewardsResponse__Output>): grpc.ClientUnaryCall;
  listHistoricalRewards(argument: _chaindata_primarynetwork_v1_ListRewardsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListHistoricalRewardsResponse__Output>): grpc.ClientUnaryCall;
  listHistoricalRewards(argument: _chaindata_primarynetwork_v1_ListRewardsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListHistoricalRewardsResponse__Output>): grpc.ClientUnaryCall;
  listHistoricalRewards(argument: _chaindata_primarynetwork_v1_ListRewardsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListHistoricalRewardsResponse__Output>): grpc.ClientUnaryCall;
  listHistoricalRewards(argument: _chaindata_primarynetwork_v1_ListRewardsRequest, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListHistoricalRewardsResponse__Output>): grpc.ClientUnaryCall;
  
  ListPendingRewards(argument: _chaindata_primarynetwork_v1_ListRewardsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListPendingRewardsResponse__Output>): grpc.ClientUnaryCall;
  ListPendingRewards(argument: _chaindata_primarynetwork_v1_ListRewardsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListPendingRewardsResponse__Output>): grpc.ClientUnaryCall;
  ListPendingRewards(argument: _chaindata_primarynetwork_v1_ListRewardsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListPendingRewardsResponse__Output>): grpc.ClientUnaryCall;
  ListPendingRewards(argument: _chaindata_primarynetwork_v1_ListRewardsRequest, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListPendingRewardsResponse__Output>): grpc.ClientUnaryCall;
  listPendingRewards(argument: _chaindata_primarynetwork_v1_ListRewardsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListPendingRewardsResponse__Output>): grpc.ClientUnaryCall;
  listPendingRewards(argument: _chaindata_primarynetwork_v1_ListRewardsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListPendingRewardsResponse__Output>): grpc.ClientUnaryCall;
  listPendingRewards(argument: _chaindata_primarynetwork_v1_ListRewardsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListPendingRewardsResponse__Output>): grpc.ClientUnaryCall;
  listPendingRewards(argument: _chaindata_primarynetwork_v1_ListRewardsRequest, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListPendingRewardsResponse__Output>): grpc.ClientUnaryCall;
  
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
  
  ListVerticesByHeight(argument: _chaindata_primarynetwork_v1_ListVerticesByHeightRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListVerticesResponse__Output>): grpc.ClientUnaryCall;
  ListVerticesByHeight(argument: _chaindata_primarynetwork_v1_ListVerticesByHeightRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListVerticesResponse__Output>): grpc.ClientUnaryCall;
  ListVerticesByHeight(argument: _chaindata_primarynetwork_v1_ListVerticesByHeightRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListVerticesResponse__Output>): grpc.ClientUnaryCall;
  ListVerticesByHeight(argument: _chaindata_primarynetwork_v1_ListVerticesByHeightRequest, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListVerticesResponse__Output>): grpc.ClientUnaryCall;
  listVerticesByHeight(argument: _chaindata_primarynetwork_v1_ListVerticesByHeightRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListVerticesResponse__Output>): grpc.ClientUnaryCall;
  listVerticesByHeight(argument: _chaindata_primarynetwork_v1_ListVerticesByHeightRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListVerticesResponse__Output>): grpc.ClientUnaryCall;
  listVerticesByHeight(argument: _chaindata_primarynetwork_v1_ListVerticesByHeightRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListVerticesResponse__Output>): grpc.ClientUnaryCall;
  listVerticesByHeight(argument: _chaindata_primarynetwork_v1_ListVerticesByHeightRequest, callback: grpc.requestCallback<_chaindata_primarynetwork_v1_ListVerticesResponse__Output>): grpc.ClientUnaryCall;
  
}

export interface PrimaryNetworkServiceHandlers extends grpc.UntypedServiceImplementation {
  GetBlock: grpc.handleUnaryCall<_chaindata_primarynetwork_v1_GetBlockRequest__Output, _chaindata_primarynetwork_v1_Block>;
  
  GetBlockchain: grpc.handleUnaryCall<_chaindata_primarynetwork_v1_GetBlockchainRequest__Output, _chaindata_primarynetwork_v1_Blockchain>;
  
  GetL1ValidatorWeightChange: grpc.handleUnaryCall<_chaindata_primarynetwork_v1_GetL1ValidatorWeightChangeRequest__Output, _chaindata_primarynetwork_v1_L1ValidatorWeightChange>;
  
  GetProjectionStatus: grpc.handleUnaryCall<_chaindata_primarynetwork_v1_GetProjectionStatusRequest__Output, _chaindata_primarynetwork_v1_ProjectionStatus>;
  
  GetSubnet: grpc.handleUnaryCall<_chaindata_primarynetwork_v1_GetSubnetRequest__Output, _chaindata_primarynetwork_v1_Subnet>;
  
  GetTransaction: grpc.handleUnaryCall<_chaindata_primarynetwork_v1_GetTransactionRequest__Output, _chaindata_primarynetwork_v1_Transaction>;
  
  GetValidatorSet: grpc.handleUnaryCall<_chaindata_primarynetwork_v1_GetValidatorSetRequest__Output, _chaindata_primarynetwork_v1_ValidatorSet>;
  
  ListBlockchains: grpc.handleUnaryCall<_chaindata_primarynetwork_v1_ListNetworkItemsRequest__Output, _chaindata_primarynetwork_v1_ListBlockchainsResponse>;
  
  ListBlocks: grpc.handleUnaryCall<_chaindata_primarynetwork_v1_ListBlocksRequest__Output, _chaindata_primarynetwork_v1_ListBlocksResponse>;
  
  ListHistoricalRewards: grpc.handleUnaryCall<_chaindata_primarynetwork_v1_ListRewardsRequest__Output, _chaindata_primarynetwork_v1_ListHistoricalRewardsResponse>;
  
  ListPendingRewards: grpc.handleUnaryCall<_chaindata_primarynetwork_v1_ListRewardsRequest__Output, _chaindata_primarynetwork_v1_ListPendingRewardsResponse>;
  
  ListSubnets: grpc.handleUnaryCall<_chaindata_primarynetwork_v1_ListNetworkItemsRequest__Output, _chaindata_primarynetwork_v1_ListSubnetsResponse>;
  
  ListTransactions: grpc.handleUnaryCall<_chaindata_primarynetwork_v1_ListTransactionsRequest__Output, _chaindata_primarynetwork_v1_ListTransactionsResponse>;
  
  ListUtxos: grpc.handleUnaryCall<_chaindata_primarynetwork_v1_ListUtxosRequest__Output, _chaindata_primarynetwork_v1_ListUtxosResponse>;
  
  ListVerticesByHeight: grpc.handleUnaryCall<_chaindata_primarynetwork_v1_ListVerticesByHeightRequest__Output, _chaindata_primarynetwork_v1_ListVerticesResponse>;
  
}

export interface PrimaryNetworkServiceDefinition extends grpc.ServiceDefinition {
  GetBlock: MethodDefinition<_chaindata_primarynetwork_v1_GetBlockRequest, _chaindata_primarynetwork_v1_Block, _chaindata_primarynetwork_v1_GetBlockRequest__Output, _chaindata_primarynetwork_v1_Block__Output>
  GetBlockchain: MethodDefinition<_chaindata_primarynetwork_v1_GetBlockchainRequest, _chaindata_primarynetwork_v1_Blockchain, _chaindata_primarynetwork_v1_GetBlockchainRequest__Output, _chaindata_primarynetwork_v1_Blockchain__Output>
  GetL1ValidatorWeightChange: MethodDefinition<_chaindata_primarynetwork_v1_GetL1ValidatorWeightChangeRequest, _chaindata_primarynetwork_v1_L1ValidatorWeightChange, _chaindata_primarynetwork_v1_GetL1ValidatorWeightChangeRequest__Output, _chaindata_primarynetwork_v1_L1ValidatorWeightChange__Output>
  GetProjectionStatus: MethodDefinition<_chaindata_primarynetwork_v1_GetProjectionStatusRequest, _chaindata_primarynetwork_v1_ProjectionStatus, _chaindata_primarynetwork_v1_GetProjectionStatusRequest__Output, _chaindata_primarynetwork_v1_ProjectionStatus__Output>
  GetSubnet: MethodDefinition<_chaindata_primarynetwork_v1_GetSubnetRequest, _chaindata_primarynetwork_v1_Subnet, _chaindata_primarynetwork_v1_GetSubnetRequest__Output, _chaindata_primarynetwork_v1_Subnet__Output>
  GetTransaction: MethodDefinition<_chaindata_primarynetwork_v1_GetTransactionRequest, _chaindata_primarynetwork_v1_Transaction, _chaindata_primarynetwork_v1_GetTransactionRequest__Output, _chaindata_primarynetwork_v1_Transaction__Output>
  GetValidatorSet: MethodDefinition<_chaindata_primarynetwork_v1_GetValidatorSetRequest, _chaindata_primarynetwork_v1_ValidatorSet, _chaindata_primarynetwork_v1_GetValidatorSetRequest__Output, _chaindata_primarynetwork_v1_ValidatorSet__Output>
  ListBlockchains: MethodDefinition<_chaindata_primarynetwork_v1_ListNetworkItemsRequest, _chaindata_primarynetwork_v1_ListBlockchainsResponse, _chaindata_primarynetwork_v1_ListNetworkItemsRequest__Output, _chaindata_primarynetwork_v1_ListBlockchainsResponse__Output>
  ListBlocks: MethodDefinition<_chaindata_primarynetwork_v1_ListBlocksRequest, _chaindata_primarynetwork_v1_ListBlocksResponse, _chaindata_primarynetwork_v1_ListBlocksRequest__Output, _chaindata_primarynetwork_v1_ListBlocksResponse__Output>
  ListHistoricalRewards: MethodDefinition<_chaindata_primarynetwork_v1_ListRewardsRequest, _chaindata_primarynetwork_v1_ListHistoricalRewardsResponse, _chaindata_primarynetwork_v1_ListRewardsRequest__Output, _chaindata_primarynetwork_v1_ListHistoricalRewardsResponse__Output>
  ListPendingRewards: MethodDefinition<_chaindata_primarynetwork_v1_ListRewardsRequest, _chaindata_primarynetwork_v1_ListPendingRewardsResponse, _chaindata_primarynetwork_v1_ListRewardsRequest__Output, _chaindata_primarynetwork_v1_ListPendingRewardsResponse__Output>
  ListSubnets: MethodDefinition<_chaindata_primarynetwork_v1_ListNetworkItemsRequest, _chaindata_primarynetwork_v1_ListSubnetsResponse, _chaindata_primarynetwork_v1_ListNetworkItemsRequest__Output, _chaindata_primarynetwork_v1_ListSubnetsResponse__Output>
  ListTransactions: MethodDefinition<_chaindata_primarynetwork_v1_ListTransactionsRequest, _chaindata_primarynetwork_v1_ListTransactionsResponse, _chaindata_primarynetwork_v1_ListTransactionsRequest__Output, _chaindata_primarynetwork_v1_ListTransactionsResponse__Output>
  ListUtxos: MethodDefinition<_chaindata_primarynetwork_v1_ListUtxosRequest, _chaindata_primarynetwork_v1_ListUtxosResponse, _chaindata_primarynetwork_v1_ListUtxosRequest__Output, _chaindata_primarynetwork_v1_ListUtxosResponse__Output>
  ListVerticesByHeight: MethodDefinition<_chaindata_primarynetwork_v1_ListVerticesByHeightRequest, _chaindata_primarynetwork_v1_ListVerticesResponse, _chaindata_primarynetwork_v1_ListVerticesByHeightRequest__Output, _chaindata_primarynetwork_v1_ListVerticesResponse__Output>
}
