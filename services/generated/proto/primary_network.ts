import type * as grpc from '@grpc/grpc-js';
import type { EnumTypeDefinition, MessageTypeDefinition } from '@grpc/proto-loader';

import type { ActiveValidatorDetails as _chaindata_primarynetwork_v1_ActiveValidatorDetails, ActiveValidatorDetails__Output as _chaindata_primarynetwork_v1_ActiveValidatorDetails__Output } from './chaindata/primarynetwork/v1/ActiveValidatorDetails.ts';
import type { AggregatedAssetAmount as _chaindata_primarynetwork_v1_AggregatedAssetAmount, AggregatedAssetAmount__Output as _chaindata_primarynetwork_v1_AggregatedAssetAmount__Output } from './chaindata/primarynetwork/v1/AggregatedAssetAmount.ts';
import type { AnyUtxo as _chaindata_primarynetwork_v1_AnyUtxo, AnyUtxo__Output as _chaindata_primarynetwork_v1_AnyUtxo__Output } from './chaindata/primarynetwork/v1/AnyUtxo.ts';
import type { AssetAmount as _chaindata_primarynetwork_v1_AssetAmount, AssetAmount__Output as _chaindata_primarynetwork_v1_AssetAmount__Output } from './chaindata/primarynetwork/v1/AssetAmount.ts';
import type { AvaxSupply as _chaindata_primarynetwork_v1_AvaxSupply, AvaxSupply__Output as _chaindata_primarynetwork_v1_AvaxSupply__Output } from './chaindata/primarynetwork/v1/AvaxSupply.ts';
import type { BalanceOwner as _chaindata_primarynetwork_v1_BalanceOwner, BalanceOwner__Output as _chaindata_primarynetwork_v1_BalanceOwner__Output } from './chaindata/primarynetwork/v1/BalanceOwner.ts';
import type { Balances as _chaindata_primarynetwork_v1_Balances, Balances__Output as _chaindata_primarynetwork_v1_Balances__Output } from './chaindata/primarynetwork/v1/Balances.ts';
import type { Block as _chaindata_primarynetwork_v1_Block, Block__Output as _chaindata_primarynetwork_v1_Block__Output } from './chaindata/primarynetwork/v1/Block.ts';
import type { Blockchain as _chaindata_primarynetwork_v1_Blockchain, Blockchain__Output as _chaindata_primarynetwork_v1_Blockchain__Output } from './chaindata/primarynetwork/v1/Blockchain.ts';
import type { BlockchainInfo as _chaindata_primarynetwork_v1_BlockchainInfo, BlockchainInfo__Output as _chaindata_primarynetwork_v1_BlockchainInfo__Output } from './chaindata/primarynetwork/v1/BlockchainInfo.ts';
import type { BlsCredentials as _chaindata_primarynetwork_v1_BlsCredentials, BlsCredentials__Output as _chaindata_primarynetwork_v1_BlsCredentials__Output } from './chaindata/primarynetwork/v1/BlsCredentials.ts';
import type { CChainAtomicBalances as _chaindata_primarynetwork_v1_CChainAtomicBalances, CChainAtomicBalances__Output as _chaindata_primarynetwork_v1_CChainAtomicBalances__Output } from './chaindata/primarynetwork/v1/CChainAtomicBalances.ts';
import type { CChainExportTransaction as _chaindata_primarynetwork_v1_CChainExportTransaction, CChainExportTransaction__Output as _chaindata_primarynetwork_v1_CChainExportTransaction__Output } from './chaindata/primarynetwork/v1/CChainExportTransaction.ts';
import type { CChainImportTransaction as _chaindata_primarynetwork_v1_CChainImportTransaction, CChainImportTransaction__Output as _chaindata_primarynetwork_v1_CChainImportTransaction__Output } from './chaindata/primarynetwork/v1/CChainImportTransaction.ts';
import type { ChainAddressChainIdMap as _chaindata_primarynetwork_v1_ChainAddressChainIdMap, ChainAddressChainIdMap__Output as _chaindata_primarynetwork_v1_ChainAddressChainIdMap__Output } from './chaindata/primarynetwork/v1/ChainAddressChainIdMap.ts';
import type { ChainAddressChainIdMapListResponse as _chaindata_primarynetwork_v1_ChainAddressChainIdMapListResponse, ChainAddressChainIdMapListResponse__Output as _chaindata_primarynetwork_v1_ChainAddressChainIdMapListResponse__Output } from './chaindata/primarynetwork/v1/ChainAddressChainIdMapListResponse.ts';
import type { ChainInfo as _chaindata_primarynetwork_v1_ChainInfo, ChainInfo__Output as _chaindata_primarynetwork_v1_ChainInfo__Output } from './chaindata/primarynetwork/v1/ChainInfo.ts';
import type { ChainProjection as _chaindata_primarynetwork_v1_ChainProjection, ChainProjection__Output as _chaindata_primarynetwork_v1_ChainProjection__Output } from './chaindata/primarynetwork/v1/ChainProjection.ts';
import type { ChainRef as _chaindata_primarynetwork_v1_ChainRef, ChainRef__Output as _chaindata_primarynetwork_v1_ChainRef__Output } from './chaindata/primarynetwork/v1/ChainRef.ts';
import type { CompletedDelegatorDetails as _chaindata_primarynetwork_v1_CompletedDelegatorDetails, CompletedDelegatorDetails__Output as _chaindata_primarynetwork_v1_CompletedDelegatorDetails__Output } from './chaindata/primarynetwork/v1/CompletedDelegatorDetails.ts';
import type { CompletedValidatorDetails as _chaindata_primarynetwork_v1_CompletedValidatorDetails, CompletedValidatorDetails__Output as _chaindata_primarynetwork_v1_CompletedValidatorDetails__Output } from './chaindata/primarynetwork/v1/CompletedValidatorDetails.ts';
import type { DelegatorDetails as _chaindata_primarynetwork_v1_DelegatorDetails, DelegatorDetails__Output as _chaindata_primarynetwork_v1_DelegatorDetails__Output } from './chaindata/primarynetwork/v1/DelegatorDetails.ts';
import type { DelegatorsDetails as _chaindata_primarynetwork_v1_DelegatorsDetails, DelegatorsDetails__Output as _chaindata_primarynetwork_v1_DelegatorsDetails__Output } from './chaindata/primarynetwork/v1/DelegatorsDetails.ts';
import type { EstimatedDelegatorDetails as _chaindata_primarynetwork_v1_EstimatedDelegatorDetails, EstimatedDelegatorDetails__Output as _chaindata_primarynetwork_v1_EstimatedDelegatorDetails__Output } from './chaindata/primarynetwork/v1/EstimatedDelegatorDetails.ts';
import type { EvmInput as _chaindata_primarynetwork_v1_EvmInput, EvmInput__Output as _chaindata_primarynetwork_v1_EvmInput__Output } from './chaindata/primarynetwork/v1/EvmInput.ts';
import type { EvmOutput as _chaindata_primarynetwork_v1_EvmOutput, EvmOutput__Output as _chaindata_primarynetwork_v1_EvmOutput__Output } from './chaindata/primarynetwork/v1/EvmOutput.ts';
import type { GetAssetRequest as _chaindata_primarynetwork_v1_GetAssetRequest, GetAssetRequest__Output as _chaindata_primarynetwork_v1_GetAssetRequest__Output } from './chaindata/primarynetwork/v1/GetAssetRequest.ts';
import type { GetAvaxSupplyRequest as _chaindata_primarynetwork_v1_GetAvaxSupplyRequest, GetAvaxSupplyRequest__Output as _chaindata_primarynetwork_v1_GetAvaxSupplyRequest__Output } from './chaindata/primarynetwork/v1/GetAvaxSupplyRequest.ts';
import type { GetBalancesRequest as _chaindata_primarynetwork_v1_GetBalancesRequest, GetBalancesRequest__Output as _chaindata_primarynetwork_v1_GetBalancesRequest__Output } from './chaindata/primarynetwork/v1/GetBalancesRequest.ts';
import type { GetBlockRequest as _chaindata_primarynetwork_v1_GetBlockRequest, GetBlockRequest__Output as _chaindata_primarynetwork_v1_GetBlockRequest__Output } from './chaindata/primarynetwork/v1/GetBlockRequest.ts';
import type { GetBlockchainRequest as _chaindata_primarynetwork_v1_GetBlockchainRequest, GetBlockchainRequest__Output as _chaindata_primarynetwork_v1_GetBlockchainRequest__Output } from './chaindata/primarynetwork/v1/GetBlockchainRequest.ts';
import type { GetL1ValidatorWeightChangeRequest as _chaindata_primarynetwork_v1_GetL1ValidatorWeightChangeRequest, GetL1ValidatorWeightChangeRequest__Output as _chaindata_primarynetwork_v1_GetL1ValidatorWeightChangeRequest__Output } from './chaindata/primarynetwork/v1/GetL1ValidatorWeightChangeRequest.ts';
import type { GetLastActivityRequest as _chaindata_primarynetwork_v1_GetLastActivityRequest, GetLastActivityRequest__Output as _chaindata_primarynetwork_v1_GetLastActivityRequest__Output } from './chaindata/primarynetwork/v1/GetLastActivityRequest.ts';
import type { GetNetworkDetailsRequest as _chaindata_primarynetwork_v1_GetNetworkDetailsRequest, GetNetworkDetailsRequest__Output as _chaindata_primarynetwork_v1_GetNetworkDetailsRequest__Output } from './chaindata/primarynetwork/v1/GetNetworkDetailsRequest.ts';
import type { GetProjectionStatusRequest as _chaindata_primarynetwork_v1_GetProjectionStatusRequest, GetProjectionStatusRequest__Output as _chaindata_primarynetwork_v1_GetProjectionStatusRequest__Output } from './chaindata/primarynetwork/v1/GetProjectionStatusRequest.ts';
import type { GetSubnetRequest as _chaindata_primarynetwork_v1_GetSubnetRequest, GetSubnetRequest__Output as _chaindata_primarynetwork_v1_GetSubnetRequest__Output } from './chaindata/primarynetwork/v1/GetSubnetRequest.ts';
import type { GetTransactionRequest as _chaindata_primarynetwork_v1_GetTransactionRequest, GetTransactionRequest__Output as _chaindata_primarynetwork_v1_GetTransactionRequest__Output } from './chaindata/primarynetwork/v1/GetTransactionRequest.ts';
import type { GetValidatorSetRequest as _chaindata_primarynetwork_v1_GetValidatorSetRequest, GetValidatorSetRequest__Output as _chaindata_primarynetwork_v1_GetValidatorSetRequest__Output } from './chaindata/primarynetwork/v1/GetValidatorSetRequest.ts';
import type { GetVertexRequest as _chaindata_primarynetwork_v1_GetVertexRequest, GetVertexRequest__Output as _chaindata_primarynetwork_v1_GetVertexRequest__Output } from './chaindata/primarynetwork/v1/GetVertexRequest.ts';
import type { HistoricalReward as _chaindata_primarynetwork_v1_HistoricalReward, HistoricalReward__Output as _chaindata_primarynetwork_v1_HistoricalReward__Output } from './chaindata/primarynetwork/v1/HistoricalReward.ts';
import type { IndexCursor as _chaindata_primarynetwork_v1_IndexCursor, IndexCursor__Output as _chaindata_primarynetwork_v1_IndexCursor__Output } from './chaindata/primarynetwork/v1/IndexCursor.ts';
import type { L1ValidatorDetails as _chaindata_primarynetwork_v1_L1ValidatorDetails, L1ValidatorDetails__Output as _chaindata_primarynetwork_v1_L1ValidatorDetails__Output } from './chaindata/primarynetwork/v1/L1ValidatorDetails.ts';
import type { L1ValidatorDetailsFull as _chaindata_primarynetwork_v1_L1ValidatorDetailsFull, L1ValidatorDetailsFull__Output as _chaindata_primarynetwork_v1_L1ValidatorDetailsFull__Output } from './chaindata/primarynetwork/v1/L1ValidatorDetailsFull.ts';
import type { L1ValidatorFeeActivity as _chaindata_primarynetwork_v1_L1ValidatorFeeActivity, L1ValidatorFeeActivity__Output as _chaindata_primarynetwork_v1_L1ValidatorFeeActivity__Output } from './chaindata/primarynetwork/v1/L1ValidatorFeeActivity.ts';
import type { L1ValidatorManagerDetails as _chaindata_primarynetwork_v1_L1ValidatorManagerDetails, L1ValidatorManagerDetails__Output as _chaindata_primarynetwork_v1_L1ValidatorManagerDetails__Output } from './chaindata/primarynetwork/v1/L1ValidatorManagerDetails.ts';
import type { L1ValidatorWeightActivity as _chaindata_primarynetwork_v1_L1ValidatorWeightActivity, L1ValidatorWeightActivity__Output as _chaindata_primarynetwork_v1_L1ValidatorWeightActivity__Output } from './chaindata/primarynetwork/v1/L1ValidatorWeightActivity.ts';
import type { L1ValidatorWeightChange as _chaindata_primarynetwork_v1_L1ValidatorWeightChange, L1ValidatorWeightChange__Output as _chaindata_primarynetwork_v1_L1ValidatorWeightChange__Output } from './chaindata/primarynetwork/v1/L1ValidatorWeightChange.ts';
import type { LastActivityTimestamp as _chaindata_primarynetwork_v1_LastActivityTimestamp, LastActivityTimestamp__Output as _chaindata_primarynetwork_v1_LastActivityTimestamp__Output } from './chaindata/primarynetwork/v1/LastActivityTimestamp.ts';
import type { ListAssetTransactionsRequest as _chaindata_primarynetwork_v1_ListAssetTransactionsRequest, ListAssetTransactionsRequest__Output as _chaindata_primarynetwork_v1_ListAssetTransactionsRequest__Output } from './chaindata/primarynetwork/v1/ListAssetTransactionsRequest.ts';
import type { ListBlockchainsResponse as _chaindata_primarynetwork_v1_ListBlockchainsResponse, ListBlockchainsResponse__Output as _chaindata_primarynetwork_v1_ListBlockchainsResponse__Output } from './chaindata/primarynetwork/v1/ListBlockchainsResponse.ts';
import type { ListBlocksByNodeRequest as _chaindata_primarynetwork_v1_ListBlocksByNodeRequest, ListBlocksByNodeRequest__Output as _chaindata_primarynetwork_v1_ListBlocksByNodeRequest__Output } from './chaindata/primarynetwork/v1/ListBlocksByNodeRequest.ts';
import type { ListBlocksRequest as _chaindata_primarynetwork_v1_ListBlocksRequest, ListBlocksRequest__Output as _chaindata_primarynetwork_v1_ListBlocksRequest__Output } from './chaindata/primarynetwork/v1/ListBlocksRequest.ts';
import type { ListBlocksResponse as _chaindata_primarynetwork_v1_ListBlocksResponse, ListBlocksResponse__Output as _chaindata_primarynetwork_v1_ListBlocksResponse__Output } from './chaindata/primarynetwork/v1/ListBlocksResponse.ts';
import type { ListChainIdsForAddressesRequest as _chaindata_primarynetwork_v1_ListChainIdsForAddressesRequest, ListChainIdsForAddressesRequest__Output as _chaindata_primarynetwork_v1_ListChainIdsForAddressesRequest__Output } from './chaindata/primarynetwork/v1/ListChainIdsForAddressesRequest.ts';
import type { ListDelegatorsRequest as _chaindata_primarynetwork_v1_ListDelegatorsRequest, ListDelegatorsRequest__Output as _chaindata_primarynetwork_v1_ListDelegatorsRequest__Output } from './chaindata/primarynetwork/v1/ListDelegatorsRequest.ts';
import type { ListDelegatorsResponse as _chaindata_primarynetwork_v1_ListDelegatorsResponse, ListDelegatorsResponse__Output as _chaindata_primarynetwork_v1_ListDelegatorsResponse__Output } from './chaindata/primarynetwork/v1/ListDelegatorsResponse.ts';
import type { ListHistoricalRewardsResponse as _chaindata_primarynetwork_v1_ListHistoricalRewardsResponse, ListHistoricalRewardsResponse__Output as _chaindata_primarynetwork_v1_ListHistoricalRewardsResponse__Output } from './chaindata/primarynetwork/v1/ListHistoricalRewardsResponse.ts';
import type { ListL1ValidatorsRequest as _chaindata_primarynetwork_v1_ListL1ValidatorsRequest, ListL1ValidatorsRequest__Output as _chaindata_primarynetwork_v1_ListL1ValidatorsRequest__Output } from './chaindata/primarynetwork/v1/ListL1ValidatorsRequest.ts';
import type { ListL1ValidatorsResponse as _chaindata_primarynetwork_v1_ListL1ValidatorsResponse, ListL1ValidatorsResponse__Output as _chaindata_primarynetwork_v1_ListL1ValidatorsResponse__Output } from './chaindata/primarynetwork/v1/ListL1ValidatorsResponse.ts';
import type { ListNetworkItemsRequest as _chaindata_primarynetwork_v1_ListNetworkItemsRequest, ListNetworkItemsRequest__Output as _chaindata_primarynetwork_v1_ListNetworkItemsRequest__Output } from './chaindata/primarynetwork/v1/ListNetworkItemsRequest.ts';
import type { ListPendingRewardsResponse as _chaindata_primarynetwork_v1_ListPendingRewardsResponse, ListPendingRewardsResponse__Output as _chaindata_primarynetwork_v1_ListPendingRewardsResponse__Output } from './chaindata/primarynetwork/v1/ListPendingRewardsResponse.ts';
import type { ListRewardsRequest as _chaindata_primarynetwork_v1_ListRewardsRequest, ListRewardsRequest__Output as _chaindata_primarynetwork_v1_ListRewardsRequest__Output } from './chaindata/primarynetwork/v1/ListRewardsRequest.ts';
import type { ListStakingTransactionsRequest as _chaindata_primarynetwork_v1_ListStakingTransactionsRequest, ListStakingTransactionsRequest__Output as _chaindata_primarynetwork_v1_ListStakingTransactionsRequest__Output } from './chaindata/primarynetwork/v1/ListStakingTransactionsRequest.ts';
import type { ListSubnetsResponse as _chaindata_primarynetwork_v1_ListSubnetsResponse, ListSubnetsResponse__Output as _chaindata_primarynetwork_v1_ListSubnetsResponse__Output } from './chaindata/primarynetwork/v1/ListSubnetsResponse.ts';
import type { ListTransactionsRequest as _chaindata_primarynetwork_v1_ListTransactionsRequest, ListTransactionsRequest__Output as _chaindata_primarynetwork_v1_ListTransactionsRequest__Output } from './chaindata/primarynetwork/v1/ListTransactionsRequest.ts';
import type { ListTransactionsResponse as _chaindata_primarynetwork_v1_ListTransactionsResponse, ListTransactionsResponse__Output as _chaindata_primarynetwork_v1_ListTransactionsResponse__Output } from './chaindata/primarynetwork/v1/ListTransactionsResponse.ts';
import type { ListUtxosRequest as _chaindata_primarynetwork_v1_ListUtxosRequest, ListUtxosRequest__Output as _chaindata_primarynetwork_v1_ListUtxosRequest__Output } from './chaindata/primarynetwork/v1/ListUtxosRequest.ts';
import type { ListUtxosResponse as _chaindata_primarynetwork_v1_ListUtxosResponse, ListUtxosResponse__Output as _chaindata_primarynetwork_v1_ListUtxosResponse__Output } from './chaindata/primarynetwork/v1/ListUtxosResponse.ts';
import type { ListValidatorsByTimeFrameRequest as _chaindata_primarynetwork_v1_ListValidatorsByTimeFrameRequest, ListValidatorsByTimeFrameRequest__Output as _chaindata_primarynetwork_v1_ListValidatorsByTimeFrameRequest__Output } from './chaindata/primarynetwork/v1/ListValidatorsByTimeFrameRequest.ts';
import type { ListValidatorsByTimeFrameResponse as _chaindata_primarynetwork_v1_ListValidatorsByTimeFrameResponse, ListValidatorsByTimeFrameResponse__Output as _chaindata_primarynetwork_v1_ListValidatorsByTimeFrameResponse__Output } from './chaindata/primarynetwork/v1/ListValidatorsByTimeFrameResponse.ts';
import type { ListValidatorsRequest as _chaindata_primarynetwork_v1_ListValidatorsRequest, ListValidatorsRequest__Output as _chaindata_primarynetwork_v1_ListValidatorsRequest__Output } from './chaindata/primarynetwork/v1/ListValidatorsRequest.ts';
import type { ListValidatorsResponse as _chaindata_primarynetwork_v1_ListValidatorsResponse, ListValidatorsResponse__Output as _chaindata_primarynetwork_v1_ListValidatorsResponse__Output } from './chaindata/primarynetwork/v1/ListValidatorsResponse.ts';
import type { ListVerticesByHeightRequest as _chaindata_primarynetwork_v1_ListVerticesByHeightRequest, ListVerticesByHeightRequest__Output as _chaindata_primarynetwork_v1_ListVerticesByHeightRequest__Output } from './chaindata/primarynetwork/v1/ListVerticesByHeightRequest.ts';
import type { ListVerticesRequest as _chaindata_primarynetwork_v1_ListVerticesRequest, ListVerticesRequest__Output as _chaindata_primarynetwork_v1_ListVerticesRequest__Output } from './chaindata/primarynetwork/v1/ListVerticesRequest.ts';
import type { ListVerticesResponse as _chaindata_primarynetwork_v1_ListVerticesResponse, ListVerticesResponse__Output as _chaindata_primarynetwork_v1_ListVerticesResponse__Output } from './chaindata/primarynetwork/v1/ListVerticesResponse.ts';
import type { Money as _chaindata_primarynetwork_v1_Money, Money__Output as _chaindata_primarynetwork_v1_Money__Output } from './chaindata/primarynetwork/v1/Money.ts';
import type { NetworkDetails as _chaindata_primarynetwork_v1_NetworkDetails, NetworkDetails__Output as _chaindata_primarynetwork_v1_NetworkDetails__Output } from './chaindata/primarynetwork/v1/NetworkDetails.ts';
import type { PChainBalance as _chaindata_primarynetwork_v1_PChainBalance, PChainBalance__Output as _chaindata_primarynetwork_v1_PChainBalance__Output } from './chaindata/primarynetwork/v1/PChainBalance.ts';
import type { PChainTransaction as _chaindata_primarynetwork_v1_PChainTransaction, PChainTransaction__Output as _chaindata_primarynetwork_v1_PChainTransaction__Output } from './chaindata/primarynetwork/v1/PChainTransaction.ts';
import type { PChainUtxo as _chaindata_primarynetwork_v1_PChainUtxo, PChainUtxo__Output as _chaindata_primarynetwork_v1_PChainUtxo__Output } from './chaindata/primarynetwork/v1/PChainUtxo.ts';
import type { PendingReward as _chaindata_primarynetwork_v1_PendingReward, PendingReward__Output as _chaindata_primarynetwork_v1_PendingReward__Output } from './chaindata/primarynetwork/v1/PendingReward.ts';
import type { PendingValidatorDetails as _chaindata_primarynetwork_v1_PendingValidatorDetails, PendingValidatorDetails__Output as _chaindata_primarynetwork_v1_PendingValidatorDetails__Output } from './chaindata/primarynetwork/v1/PendingValidatorDetails.ts';
import type { PrimaryNetworkServiceClient as _chaindata_primarynetwork_v1_PrimaryNetworkServiceClient, PrimaryNetworkServiceDefinition as _chaindata_primarynetwork_v1_PrimaryNetworkServiceDefinition } from './chaindata/primarynetwork/v1/PrimaryNetworkService.ts';
import type { ProjectionStatus as _chaindata_primarynetwork_v1_ProjectionStatus, ProjectionStatus__Output as _chaindata_primarynetwork_v1_ProjectionStatus__Output } from './chaindata/primarynetwork/v1/ProjectionStatus.ts';
import type { ProposerDetails as _chaindata_primarynetwork_v1_ProposerDetails, ProposerDetails__Output as _chaindata_primarynetwork_v1_ProposerDetails__Output } from './chaindata/primarynetwork/v1/ProposerDetails.ts';
import type { RemovedValidatorDetails as _chaindata_primarynetwork_v1_RemovedValidatorDetails, RemovedValidatorDetails__Output as _chaindata_primarynetwork_v1_RemovedValidatorDetails__Output } from './chaindata/primarynetwork/v1/RemovedValidatorDetails.ts';
import type { Rewards as _chaindata_primarynetwork_v1_Rewards, Rewards__Output as _chaindata_primarynetwork_v1_Rewards__Output } from './chaindata/primarynetwork/v1/Rewards.ts';
import type { SharedAssetAmount as _chaindata_primarynetwork_v1_SharedAssetAmount, SharedAssetAmount__Output as _chaindata_primarynetwork_v1_SharedAssetAmount__Output } from './chaindata/primarynetwork/v1/SharedAssetAmount.ts';
import type { StakerActivity as _chaindata_primarynetwork_v1_StakerActivity, StakerActivity__Output as _chaindata_primarynetwork_v1_StakerActivity__Output } from './chaindata/primarynetwork/v1/StakerActivity.ts';
import type { StakingActivityBlock as _chaindata_primarynetwork_v1_StakingActivityBlock, StakingActivityBlock__Output as _chaindata_primarynetwork_v1_StakingActivityBlock__Output } from './chaindata/primarynetwork/v1/StakingActivityBlock.ts';
import type { StakingDistribution as _chaindata_primarynetwork_v1_StakingDistribution, StakingDistribution__Output as _chaindata_primarynetwork_v1_StakingDistribution__Output } from './chaindata/primarynetwork/v1/StakingDistribution.ts';
import type { StreamStakingActivityRequest as _chaindata_primarynetwork_v1_StreamStakingActivityRequest, StreamStakingActivityRequest__Output as _chaindata_primarynetwork_v1_StreamStakingActivityRequest__Output } from './chaindata/primarynetwork/v1/StreamStakingActivityRequest.ts';
import type { Subnet as _chaindata_primarynetwork_v1_Subnet, Subnet__Output as _chaindata_primarynetwork_v1_Subnet__Output } from './chaindata/primarynetwork/v1/Subnet.ts';
import type { SubnetOwnershipInfo as _chaindata_primarynetwork_v1_SubnetOwnershipInfo, SubnetOwnershipInfo__Output as _chaindata_primarynetwork_v1_SubnetOwnershipInfo__Output } from './chaindata/primarynetwork/v1/SubnetOwnershipInfo.ts';
import type { TimeFrameValidator as _chaindata_primarynetwork_v1_TimeFrameValidator, TimeFrameValidator__Output as _chaindata_primarynetwork_v1_TimeFrameValidator__Output } from './chaindata/primarynetwork/v1/TimeFrameValidator.ts';
import type { Transaction as _chaindata_primarynetwork_v1_Transaction, Transaction__Output as _chaindata_primarynetwork_v1_Transaction__Output } from './chaindata/primarynetwork/v1/Transaction.ts';
import type { TransactionVertexDetail as _chaindata_primarynetwork_v1_TransactionVertexDetail, TransactionVertexDetail__Output as _chaindata_primarynetwork_v1_TransactionVertexDetail__Output } from './chaindata/primarynetwork/v1/TransactionVertexDetail.ts';
import type { Utxo as _chaindata_primarynetwork_v1_Utxo, Utxo__Output as _chaindata_primarynetwork_v1_Utxo__Output } from './chaindata/primarynetwork/v1/Utxo.ts';
import type { UtxoCredential as _chaindata_primarynetwork_v1_UtxoCredential, UtxoCredential__Output as _chaindata_primarynetwork_v1_UtxoCredential__Output } from './chaindata/primarynetwork/v1/UtxoCredential.ts';
import type { Validator as _chaindata_primarynetwork_v1_Validator, Validator__Output as _chaindata_primarynetwork_v1_Validator__Output } from './chaindata/primarynetwork/v1/Validator.ts';
import type { ValidatorDetails as _chaindata_primarynetwork_v1_ValidatorDetails, ValidatorDetails__Output as _chaindata_primarynetwork_v1_ValidatorDetails__Output } from './chaindata/primarynetwork/v1/ValidatorDetails.ts';
import type { ValidatorHealthDetails as _chaindata_primarynetwork_v1_ValidatorHealthDetails, ValidatorHealthDetails__Output as _chaindata_primarynetwork_v1_ValidatorHealthDetails__Output } from './chaindata/primarynetwork/v1/ValidatorHealthDetails.ts';
import type { ValidatorSet as _chaindata_primarynetwork_v1_ValidatorSet, ValidatorSet__Output as _chaindata_primarynetwork_v1_ValidatorSet__Output } from './chaindata/primarynetwork/v1/ValidatorSet.ts';
import type { ValidatorsDetails as _chaindata_primarynetwork_v1_ValidatorsDetails, ValidatorsDetails__Output as _chaindata_primarynetwork_v1_ValidatorsDetails__Output } from './chaindata/primarynetwork/v1/ValidatorsDetails.ts';
import type { Vertex as _chaindata_primarynetwork_v1_Vertex, Vertex__Output as _chaindata_primarynetwork_v1_Vertex__Output } from './chaindata/primarynetwork/v1/Vertex.ts';
import type { XChainAssetDetails as _chaindata_primarynetwork_v1_XChainAssetDetails, XChainAssetDetails__Output as _chaindata_primarynetwork_v1_XChainAssetDetails__Output } from './chaindata/primarynetwork/v1/XChainAssetDetails.ts';
import type { XChainBalances as _chaindata_primarynetwork_v1_XChainBalances, XChainBalances__Output as _chaindata_primarynetwork_v1_XChainBalances__Output } from './chaindata/primarynetwork/v1/XChainBalances.ts';
import type { XChainLinearTransaction as _chaindata_primarynetwork_v1_XChainLinearTransaction, XChainLinearTransaction__Output as _chaindata_primarynetwork_v1_XChainLinearTransaction__Output } from './chaindata/primarynetwork/v1/XChainLinearTransaction.ts';
import type { XChainNonLinearTransaction as _chaindata_primarynetwork_v1_XChainNonLinearTransaction, XChainNonLinearTransaction__Output as _chaindata_primarynetwork_v1_XChainNonLinearTransaction__Output } from './chaindata/primarynetwork/v1/XChainNonLinearTransaction.ts';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  chaindata: {
    primarynetwork: {
      v1: {
        ActiveValidatorDetails: MessageTypeDefinition<_chaindata_primarynetwork_v1_ActiveValidatorDetails, _chaindata_primarynetwork_v1_ActiveValidatorDetails__Output>
        AggregatedAssetAmount: MessageTypeDefinition<_chaindata_primarynetwork_v1_AggregatedAssetAmount, _chaindata_primarynetwork_v1_AggregatedAssetAmount__Output>
        AnyUtxo: MessageTypeDefinition<_chaindata_primarynetwork_v1_AnyUtxo, _chaindata_primarynetwork_v1_AnyUtxo__Output>
        AssetAmount: MessageTypeDefinition<_chaindata_primarynetwork_v1_AssetAmount, _chaindata_primarynetwork_v1_AssetAmount__Output>
        AvaxSupply: MessageTypeDefinition<_chaindata_primarynetwork_v1_AvaxSupply, _chaindata_primarynetwork_v1_AvaxSupply__Output>
        BalanceOwner: MessageTypeDefinition<_chaindata_primarynetwork_v1_BalanceOwner, _chaindata_primarynetwork_v1_BalanceOwner__Output>
        Balances: MessageTypeDefinition<_chaindata_primarynetwork_v1_Balances, _chaindata_primarynetwork_v1_Balances__Output>
        Block: MessageTypeDefinition<_chaindata_primarynetwork_v1_Block, _chaindata_primarynetwork_v1_Block__Output>
        Blockchain: MessageTypeDefinition<_chaindata_primarynetwork_v1_Blockchain, _chaindata_primarynetwork_v1_Blockchain__Output>
        BlockchainInfo: MessageTypeDefinition<_chaindata_primarynetwork_v1_BlockchainInfo, _chaindata_primarynetwork_v1_BlockchainInfo__Output>
        BlsCredentials: MessageTypeDefinition<_chaindata_primarynetwork_v1_BlsCredentials, _chaindata_primarynetwork_v1_BlsCredentials__Output>
        CChainAtomicBalances: MessageTypeDefinition<_chaindata_primarynetwork_v1_CChainAtomicBalances, _chaindata_primarynetwork_v1_CChainAtomicBalances__Output>
        CChainExportTransaction: MessageTypeDefinition<_chaindata_primarynetwork_v1_CChainExportTransaction, _chaindata_primarynetwork_v1_CChainExportTransaction__Output>
        CChainImportTransaction: MessageTypeDefinition<_chaindata_primarynetwork_v1_CChainImportTransaction, _chaindata_primarynetwork_v1_CChainImportTransaction__Output>
        ChainAddressChainIdMap: MessageTypeDefinition<_chaindata_primarynetwork_v1_ChainAddressChainIdMap, _chaindata_primarynetwork_v1_ChainAddressChainIdMap__Output>
        ChainAddressChainIdMapListResponse: MessageTypeDefinition<_chaindata_primarynetwork_v1_ChainAddressChainIdMapListResponse, _chaindata_primarynetwork_v1_ChainAddressChainIdMapListResponse__Output>
        ChainInfo: MessageTypeDefinition<_chaindata_primarynetwork_v1_ChainInfo, _chaindata_primarynetwork_v1_ChainInfo__Output>
        ChainProjection: MessageTypeDefinition<_chaindata_primarynetwork_v1_ChainProjection, _chaindata_primarynetwork_v1_ChainProjection__Output>
        ChainRef: MessageTypeDefinition<_chaindata_primarynetwork_v1_ChainRef, _chaindata_primarynetwork_v1_ChainRef__Output>
        CompletedDelegatorDetails: MessageTypeDefinition<_chaindata_primarynetwork_v1_CompletedDelegatorDetails, _chaindata_primarynetwork_v1_CompletedDelegatorDetails__Output>
        CompletedValidatorDetails: MessageTypeDefinition<_chaindata_primarynetwork_v1_CompletedValidatorDetails, _chaindata_primarynetwork_v1_CompletedValidatorDetails__Output>
        DelegatorDetails: MessageTypeDefinition<_chaindata_primarynetwork_v1_DelegatorDetails, _chaindata_primarynetwork_v1_DelegatorDetails__Output>
        DelegatorsDetails: MessageTypeDefinition<_chaindata_primarynetwork_v1_DelegatorsDetails, _chaindata_primarynetwork_v1_DelegatorsDetails__Output>
        EstimatedDelegatorDetails: MessageTypeDefinition<_chaindata_primarynetwork_v1_EstimatedDelegatorDetails, _chaindata_primarynetwork_v1_EstimatedDelegatorDetails__Output>
        EvmInput: MessageTypeDefinition<_chaindata_primarynetwork_v1_EvmInput, _chaindata_primarynetwork_v1_EvmInput__Output>
        EvmOutput: MessageTypeDefinition<_chaindata_primarynetwork_v1_EvmOutput, _chaindata_primarynetwork_v1_EvmOutput__Output>
        GetAssetRequest: MessageTypeDefinition<_chaindata_primarynetwork_v1_GetAssetRequest, _chaindata_primarynetwork_v1_GetAssetRequest__Output>
        GetAvaxSupplyRequest: MessageTypeDefinition<_chaindata_primarynetwork_v1_GetAvaxSupplyRequest, _chaindata_primarynetwork_v1_GetAvaxSupplyRequest__Output>
        GetBalancesRequest: MessageTypeDefinition<_chaindata_primarynetwork_v1_GetBalancesRequest, _chaindata_primarynetwork_v1_GetBalancesRequest__Output>
        GetBlockRequest: MessageTypeDefinition<_chaindata_primarynetwork_v1_GetBlockRequest, _chaindata_primarynetwork_v1_GetBlockRequest__Output>
        GetBlockchainRequest: MessageTypeDefinition<_chaindata_primarynetwork_v1_GetBlockchainRequest, _chaindata_primarynetwork_v1_GetBlockchainRequest__Output>
        GetL1ValidatorWeightChangeRequest: MessageTypeDefinition<_chaindata_primarynetwork_v1_GetL1ValidatorWeightChangeRequest, _chaindata_primarynetwork_v1_GetL1ValidatorWeightChangeRequest__Output>
        GetLastActivityRequest: MessageTypeDefinition<_chaindata_primarynetwork_v1_GetLastActivityRequest, _chaindata_primarynetwork_v1_GetLastActivityRequest__Output>
        GetNetworkDetailsRequest: MessageTypeDefinition<_chaindata_primarynetwork_v1_GetNetworkDetailsRequest, _chaindata_primarynetwork_v1_GetNetworkDetailsRequest__Output>
        GetProjectionStatusRequest: MessageTypeDefinition<_chaindata_primarynetwork_v1_GetProjectionStatusRequest, _chaindata_primarynetwork_v1_GetProjectionStatusRequest__Output>
        GetSubnetRequest: MessageTypeDefinition<_chaindata_primarynetwork_v1_GetSubnetRequest, _chaindata_primarynetwork_v1_GetSubnetRequest__Output>
        GetTransactionRequest: MessageTypeDefinition<_chaindata_primarynetwork_v1_GetTransactionRequest, _chaindata_primarynetwork_v1_GetTransactionRequest__Output>
        GetValidatorSetRequest: MessageTypeDefinition<_chaindata_primarynetwork_v1_GetValidatorSetRequest, _chaindata_primarynetwork_v1_GetValidatorSetRequest__Output>
        GetVertexRequest: MessageTypeDefinition<_chaindata_primarynetwork_v1_GetVertexRequest, _chaindata_primarynetwork_v1_GetVertexRequest__Output>
        HistoricalReward: MessageTypeDefinition<_chaindata_primarynetwork_v1_HistoricalReward, _chaindata_primarynetwork_v1_HistoricalReward__Output>
        IndexCursor: MessageTypeDefinition<_chaindata_primarynetwork_v1_IndexCursor, _chaindata_primarynetwork_v1_IndexCursor__Output>
        L1ValidatorDetails: MessageTypeDefinition<_chaindata_primarynetwork_v1_L1ValidatorDetails, _chaindata_primarynetwork_v1_L1ValidatorDetails__Output>
        L1ValidatorDetailsFull: MessageTypeDefinition<_chaindata_primarynetwork_v1_L1ValidatorDetailsFull, _chaindata_primarynetwork_v1_L1ValidatorDetailsFull__Output>
        L1ValidatorFeeActivity: MessageTypeDefinition<_chaindata_primarynetwork_v1_L1ValidatorFeeActivity, _chaindata_primarynetwork_v1_L1ValidatorFeeActivity__Output>
        L1ValidatorManagerDetails: MessageTypeDefinition<_chaindata_primarynetwork_v1_L1ValidatorManagerDetails, _chaindata_primarynetwork_v1_L1ValidatorManagerDetails__Output>
        L1ValidatorWeightActivity: MessageTypeDefinition<_chaindata_primarynetwork_v1_L1ValidatorWeightActivity, _chaindata_primarynetwork_v1_L1ValidatorWeightActivity__Output>
        L1ValidatorWeightChange: MessageTypeDefinition<_chaindata_primarynetwork_v1_L1ValidatorWeightChange, _chaindata_primarynetwork_v1_L1ValidatorWeightChange__Output>
        LastActivityTimestamp: MessageTypeDefinition<_chaindata_primarynetwork_v1_LastActivityTimestamp, _chaindata_primarynetwork_v1_LastActivityTimestamp__Output>
        ListAssetTransactionsRequest: MessageTypeDefinition<_chaindata_primarynetwork_v1_ListAssetTransactionsRequest, _chaindata_primarynetwork_v1_ListAssetTransactionsRequest__Output>
        ListBlockchainsResponse: MessageTypeDefinition<_chaindata_primarynetwork_v1_ListBlockchainsResponse, _chaindata_primarynetwork_v1_ListBlockchainsResponse__Output>
        ListBlocksByNodeRequest: MessageTypeDefinition<_chaindata_primarynetwork_v1_ListBlocksByNodeRequest, _chaindata_primarynetwork_v1_ListBlocksByNodeRequest__Output>
        ListBlocksRequest: MessageTypeDefinition<_chaindata_primarynetwork_v1_ListBlocksRequest, _chaindata_primarynetwork_v1_ListBlocksRequest__Output>
        ListBlocksResponse: MessageTypeDefinition<_chaindata_primarynetwork_v1_ListBlocksResponse, _chaindata_primarynetwork_v1_ListBlocksResponse__Output>
        ListChainIdsForAddressesRequest: MessageTypeDefinition<_chaindata_primarynetwork_v1_ListChainIdsForAddressesRequest, _chaindata_primarynetwork_v1_ListChainIdsForAddressesRequest__Output>
        ListDelegatorsRequest: MessageTypeDefinition<_chaindata_primarynetwork_v1_ListDelegatorsRequest, _chaindata_primarynetwork_v1_ListDelegatorsRequest__Output>
        ListDelegatorsResponse: MessageTypeDefinition<_chaindata_primarynetwork_v1_ListDelegatorsResponse, _chaindata_primarynetwork_v1_ListDelegatorsResponse__Output>
        ListHistoricalRewardsResponse: MessageTypeDefinition<_chaindata_primarynetwork_v1_ListHistoricalRewardsResponse, _chaindata_primarynetwork_v1_ListHistoricalRewardsResponse__Output>
        ListL1ValidatorsRequest: MessageTypeDefinition<_chaindata_primarynetwork_v1_ListL1ValidatorsRequest, _chaindata_primarynetwork_v1_ListL1ValidatorsRequest__Output>
        ListL1ValidatorsResponse: MessageTypeDefinition<_chaindata_primarynetwork_v1_ListL1ValidatorsResponse, _chaindata_primarynetwork_v1_ListL1ValidatorsResponse__Output>
        ListNetworkItemsRequest: MessageTypeDefinition<_chaindata_primarynetwork_v1_ListNetworkItemsRequest, _chaindata_primarynetwork_v1_ListNetworkItemsRequest__Output>
        ListPendingRewardsResponse: MessageTypeDefinition<_chaindata_primarynetwork_v1_ListPendingRewardsResponse, _chaindata_primarynetwork_v1_ListPendingRewardsResponse__Output>
        ListRewardsRequest: MessageTypeDefinition<_chaindata_primarynetwork_v1_ListRewardsRequest, _chaindata_primarynetwork_v1_ListRewardsRequest__Output>
        ListStakingTransactionsRequest: MessageTypeDefinition<_chaindata_primarynetwork_v1_ListStakingTransactionsRequest, _chaindata_primarynetwork_v1_ListStakingTransactionsRequest__Output>
        ListSubnetsResponse: MessageTypeDefinition<_chaindata_primarynetwork_v1_ListSubnetsResponse, _chaindata_primarynetwork_v1_ListSubnetsResponse__Output>
        ListTransactionsRequest: MessageTypeDefinition<_chaindata_primarynetwork_v1_ListTransactionsRequest, _chaindata_primarynetwork_v1_ListTransactionsRequest__Output>
        ListTransactionsResponse: MessageTypeDefinition<_chaindata_primarynetwork_v1_ListTransactionsResponse, _chaindata_primarynetwork_v1_ListTransactionsResponse__Output>
        ListUtxosRequest: MessageTypeDefinition<_chaindata_primarynetwork_v1_ListUtxosRequest, _chaindata_primarynetwork_v1_ListUtxosRequest__Output>
        ListUtxosResponse: MessageTypeDefinition<_chaindata_primarynetwork_v1_ListUtxosResponse, _chaindata_primarynetwork_v1_ListUtxosResponse__Output>
        ListValidatorsByTimeFrameRequest: MessageTypeDefinition<_chaindata_primarynetwork_v1_ListValidatorsByTimeFrameRequest, _chaindata_primarynetwork_v1_ListValidatorsByTimeFrameRequest__Output>
        ListValidatorsByTimeFrameResponse: MessageTypeDefinition<_chaindata_primarynetwork_v1_ListValidatorsByTimeFrameResponse, _chaindata_primarynetwork_v1_ListValidatorsByTimeFrameResponse__Output>
        ListValidatorsRequest: MessageTypeDefinition<_chaindata_primarynetwork_v1_ListValidatorsRequest, _chaindata_primarynetwork_v1_ListValidatorsRequest__Output>
        ListValidatorsResponse: MessageTypeDefinition<_chaindata_primarynetwork_v1_ListValidatorsResponse, _chaindata_primarynetwork_v1_ListValidatorsResponse__Output>
        ListVerticesByHeightRequest: MessageTypeDefinition<_chaindata_primarynetwork_v1_ListVerticesByHeightRequest, _chaindata_primarynetwork_v1_ListVerticesByHeightRequest__Output>
        ListVerticesRequest: MessageTypeDefinition<_chaindata_primarynetwork_v1_ListVerticesRequest, _chaindata_primarynetwork_v1_ListVerticesRequest__Output>
        ListVerticesResponse: MessageTypeDefinition<_chaindata_primarynetwork_v1_ListVerticesResponse, _chaindata_primarynetwork_v1_ListVerticesResponse__Output>
        Money: MessageTypeDefinition<_chaindata_primarynetwork_v1_Money, _chaindata_primarynetwork_v1_Money__Output>
        NetworkDetails: MessageTypeDefinition<_chaindata_primarynetwork_v1_NetworkDetails, _chaindata_primarynetwork_v1_NetworkDetails__Output>
        PChainBalance: MessageTypeDefinition<_chaindata_primarynetwork_v1_PChainBalance, _chaindata_primarynetwork_v1_PChainBalance__Output>
        PChainTransaction: MessageTypeDefinition<_chaindata_primarynetwork_v1_PChainTransaction, _chaindata_primarynetwork_v1_PChainTransaction__Output>
        PChainUtxo: MessageTypeDefinition<_chaindata_primarynetwork_v1_PChainUtxo, _chaindata_primarynetwork_v1_PChainUtxo__Output>
        PendingReward: MessageTypeDefinition<_chaindata_primarynetwork_v1_PendingReward, _chaindata_primarynetwork_v1_PendingReward__Output>
        PendingValidatorDetails: MessageTypeDefinition<_chaindata_primarynetwork_v1_PendingValidatorDetails, _chaindata_primarynetwork_v1_PendingValidatorDetails__Output>
        PrimaryNetworkService: SubtypeConstructor<typeof grpc.Client, _chaindata_primarynetwork_v1_PrimaryNetworkServiceClient> & { service: _chaindata_primarynetwork_v1_PrimaryNetworkServiceDefinition }
        ProjectionStatus: MessageTypeDefinition<_chaindata_primarynetwork_v1_ProjectionStatus, _chaindata_primarynetwork_v1_ProjectionStatus__Output>
        ProposerDetails: MessageTypeDefinition<_chaindata_primarynetwork_v1_ProposerDetails, _chaindata_primarynetwork_v1_ProposerDetails__Output>
        RemovedValidatorDetails: MessageTypeDefinition<_chaindata_primarynetwork_v1_RemovedValidatorDetails, _chaindata_primarynetwork_v1_RemovedValidatorDetails__Output>
        Rewards: MessageTypeDefinition<_chaindata_primarynetwork_v1_Rewards, _chaindata_primarynetwork_v1_Rewards__Output>
        SharedAssetAmount: MessageTypeDefinition<_chaindata_primarynetwork_v1_SharedAssetAmount, _chaindata_primarynetwork_v1_SharedAssetAmount__Output>
        SortOrder: EnumTypeDefinition
        StakerActivity: MessageTypeDefinition<_chaindata_primarynetwork_v1_StakerActivity, _chaindata_primarynetwork_v1_StakerActivity__Output>
        StakingActivityBlock: MessageTypeDefinition<_chaindata_primarynetwork_v1_StakingActivityBlock, _chaindata_primarynetwork_v1_StakingActivityBlock__Output>
        StakingDistribution: MessageTypeDefinition<_chaindata_primarynetwork_v1_StakingDistribution, _chaindata_primarynetwork_v1_StakingDistribution__Output>
        StreamStakingActivityRequest: MessageTypeDefinition<_chaindata_primarynetwork_v1_StreamStakingActivityRequest, _chaindata_primarynetwork_v1_StreamStakingActivityRequest__Output>
        Subnet: MessageTypeDefinition<_chaindata_primarynetwork_v1_Subnet, _chaindata_primarynetwork_v1_Subnet__Output>
        SubnetOwnershipInfo: MessageTypeDefinition<_chaindata_primarynetwork_v1_SubnetOwnershipInfo, _chaindata_primarynetwork_v1_SubnetOwnershipInfo__Output>
        TimeFrameValidator: MessageTypeDefinition<_chaindata_primarynetwork_v1_TimeFrameValidator, _chaindata_primarynetwork_v1_TimeFrameValidator__Output>
        Transaction: MessageTypeDefinition<_chaindata_primarynetwork_v1_Transaction, _chaindata_primarynetwork_v1_Transaction__Output>
        TransactionVertexDetail: MessageTypeDefinition<_chaindata_primarynetwork_v1_TransactionVertexDetail, _chaindata_primarynetwork_v1_TransactionVertexDetail__Output>
        Utxo: MessageTypeDefinition<_chaindata_primarynetwork_v1_Utxo, _chaindata_primarynetwork_v1_Utxo__Output>
        UtxoCredential: MessageTypeDefinition<_chaindata_primarynetwork_v1_UtxoCredential, _chaindata_primarynetwork_v1_UtxoCredential__Output>
        Validator: MessageTypeDefinition<_chaindata_primarynetwork_v1_Validator, _chaindata_primarynetwork_v1_Validator__Output>
        ValidatorDetails: MessageTypeDefinition<_chaindata_primarynetwork_v1_ValidatorDetails, _chaindata_primarynetwork_v1_ValidatorDetails__Output>
        ValidatorHealthDetails: MessageTypeDefinition<_chaindata_primarynetwork_v1_ValidatorHealthDetails, _chaindata_primarynetwork_v1_ValidatorHealthDetails__Output>
        ValidatorSet: MessageTypeDefinition<_chaindata_primarynetwork_v1_ValidatorSet, _chaindata_primarynetwork_v1_ValidatorSet__Output>
        ValidatorsDetails: MessageTypeDefinition<_chaindata_primarynetwork_v1_ValidatorsDetails, _chaindata_primarynetwork_v1_ValidatorsDetails__Output>
        Vertex: MessageTypeDefinition<_chaindata_primarynetwork_v1_Vertex, _chaindata_primarynetwork_v1_Vertex__Output>
        XChainAssetDetails: MessageTypeDefinition<_chaindata_primarynetwork_v1_XChainAssetDetails, _chaindata_primarynetwork_v1_XChainAssetDetails__Output>
        XChainBalances: MessageTypeDefinition<_chaindata_primarynetwork_v1_XChainBalances, _chaindata_primarynetwork_v1_XChainBalances__Output>
        XChainLinearTransaction: MessageTypeDefinition<_chaindata_primarynetwork_v1_XChainLinearTransaction, _chaindata_primarynetwork_v1_XChainLinearTransaction__Output>
        XChainNonLinearTransaction: MessageTypeDefinition<_chaindata_primarynetwork_v1_XChainNonLinearTransaction, _chaindata_primarynetwork_v1_XChainNonLinearTransaction__Output>
      }
    }
  }
}

