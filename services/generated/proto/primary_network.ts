import type * as grpc from '@grpc/grpc-js';
import type { EnumTypeDefinition, MessageTypeDefinition } from '@grpc/proto-loader';

import type { AnyUtxo as _chaindata_primarynetwork_v1_AnyUtxo, AnyUtxo__Output as _chaindata_primarynetwork_v1_AnyUtxo__Output } from './chaindata/primarynetwork/v1/AnyUtxo.ts';
import type { AssetAmount as _chaindata_primarynetwork_v1_AssetAmount, AssetAmount__Output as _chaindata_primarynetwork_v1_AssetAmount__Output } from './chaindata/primarynetwork/v1/AssetAmount.ts';
import type { Block as _chaindata_primarynetwork_v1_Block, Block__Output as _chaindata_primarynetwork_v1_Block__Output } from './chaindata/primarynetwork/v1/Block.ts';
import type { Blockchain as _chaindata_primarynetwork_v1_Blockchain, Blockchain__Output as _chaindata_primarynetwork_v1_Blockchain__Output } from './chaindata/primarynetwork/v1/Blockchain.ts';
import type { BlockchainInfo as _chaindata_primarynetwork_v1_BlockchainInfo, BlockchainInfo__Output as _chaindata_primarynetwork_v1_BlockchainInfo__Output } from './chaindata/primarynetwork/v1/BlockchainInfo.ts';
import type { BlsCredentials as _chaindata_primarynetwork_v1_BlsCredentials, BlsCredentials__Output as _chaindata_primarynetwork_v1_BlsCredentials__Output } from './chaindata/primarynetwork/v1/BlsCredentials.ts';
import type { CChainExportTransaction as _chaindata_primarynetwork_v1_CChainExportTransaction, CChainExportTransaction__Output as _chaindata_primarynetwork_v1_CChainExportTransaction__Output } from './chaindata/primarynetwork/v1/CChainExportTransaction.ts';
import type { CChainImportTransaction as _chaindata_primarynetwork_v1_CChainImportTransaction, CChainImportTransaction__Output as _chaindata_primarynetwork_v1_CChainImportTransaction__Output } from './chaindata/primarynetwork/v1/CChainImportTransaction.ts';
import type { ChainInfo as _chaindata_primarynetwork_v1_ChainInfo, ChainInfo__Output as _chaindata_primarynetwork_v1_ChainInfo__Output } from './chaindata/primarynetwork/v1/ChainInfo.ts';
import type { ChainRef as _chaindata_primarynetwork_v1_ChainRef, ChainRef__Output as _chaindata_primarynetwork_v1_ChainRef__Output } from './chaindata/primarynetwork/v1/ChainRef.ts';
import type { EvmInput as _chaindata_primarynetwork_v1_EvmInput, EvmInput__Output as _chaindata_primarynetwork_v1_EvmInput__Output } from './chaindata/primarynetwork/v1/EvmInput.ts';
import type { EvmOutput as _chaindata_primarynetwork_v1_EvmOutput, EvmOutput__Output as _chaindata_primarynetwork_v1_EvmOutput__Output } from './chaindata/primarynetwork/v1/EvmOutput.ts';
import type { GetBlockRequest as _chaindata_primarynetwork_v1_GetBlockRequest, GetBlockRequest__Output as _chaindata_primarynetwork_v1_GetBlockRequest__Output } from './chaindata/primarynetwork/v1/GetBlockRequest.ts';
import type { GetBlockchainRequest as _chaindata_primarynetwork_v1_GetBlockchainRequest, GetBlockchainRequest__Output as _chaindata_primarynetwork_v1_GetBlockchainRequest__Output } from './chaindata/primarynetwork/v1/GetBlockchainRequest.ts';
import type { GetL1ValidatorWeightChangeRequest as _chaindata_primarynetwork_v1_GetL1ValidatorWeightChangeRequest, GetL1ValidatorWeightChangeRequest__Output as _chaindata_primarynetwork_v1_GetL1ValidatorWeightChangeRequest__Output } from './chaindata/primarynetwork/v1/GetL1ValidatorWeightChangeRequest.ts';
import type { GetProjectionStatusRequest as _chaindata_primarynetwork_v1_GetProjectionStatusRequest, GetProjectionStatusRequest__Output as _chaindata_primarynetwork_v1_GetProjectionStatusRequest__Output } from './chaindata/primarynetwork/v1/GetProjectionStatusRequest.ts';
import type { GetSubnetRequest as _chaindata_primarynetwork_v1_GetSubnetRequest, GetSubnetRequest__Output as _chaindata_primarynetwork_v1_GetSubnetRequest__Output } from './chaindata/primarynetwork/v1/GetSubnetRequest.ts';
import type { GetTransactionRequest as _chaindata_primarynetwork_v1_GetTransactionRequest, GetTransactionRequest__Output as _chaindata_primarynetwork_v1_GetTransactionRequest__Output } from './chaindata/primarynetwork/v1/GetTransactionRequest.ts';
import type { GetValidatorSetRequest as _chaindata_primarynetwork_v1_GetValidatorSetRequest, GetValidatorSetRequest__Output as _chaindata_primarynetwork_v1_GetValidatorSetRequest__Output } from './chaindata/primarynetwork/v1/GetValidatorSetRequest.ts';
import type { HistoricalReward as _chaindata_primarynetwork_v1_HistoricalReward, HistoricalReward__Output as _chaindata_primarynetwork_v1_HistoricalReward__Output } from './chaindata/primarynetwork/v1/HistoricalReward.ts';
import type { IndexCursor as _chaindata_primarynetwork_v1_IndexCursor, IndexCursor__Output as _chaindata_primarynetwork_v1_IndexCursor__Output } from './chaindata/primarynetwork/v1/IndexCursor.ts';
import type { L1ValidatorDetails as _chaindata_primarynetwork_v1_L1ValidatorDetails, L1ValidatorDetails__Output as _chaindata_primarynetwork_v1_L1ValidatorDetails__Output } from './chaindata/primarynetwork/v1/L1ValidatorDetails.ts';
import type { L1ValidatorManagerDetails as _chaindata_primarynetwork_v1_L1ValidatorManagerDetails, L1ValidatorManagerDetails__Output as _chaindata_primarynetwork_v1_L1ValidatorManagerDetails__Output } from './chaindata/primarynetwork/v1/L1ValidatorManagerDetails.ts';
import type { L1ValidatorWeightChange as _chaindata_primarynetwork_v1_L1ValidatorWeightChange, L1ValidatorWeightChange__Output as _chaindata_primarynetwork_v1_L1ValidatorWeightChange__Output } from './chaindata/primarynetwork/v1/L1ValidatorWeightChange.ts';
import type { ListBlockchainsResponse as _chaindata_primarynetwork_v1_ListBlockchainsResponse, ListBlockchainsResponse__Output as _chaindata_primarynetwork_v1_ListBlockchainsResponse__Output } from './chaindata/primarynetwork/v1/ListBlockchainsResponse.ts';
import type { ListBlocksRequest as _chaindata_primarynetwork_v1_ListBlocksRequest, ListBlocksRequest__Output as _chaindata_primarynetwork_v1_ListBlocksRequest__Output } from './chaindata/primarynetwork/v1/ListBlocksRequest.ts';
import type { ListBlocksResponse as _chaindata_primarynetwork_v1_ListBlocksResponse, ListBlocksResponse__Output as _chaindata_primarynetwork_v1_ListBlocksResponse__Output } from './chaindata/primarynetwork/v1/ListBlocksResponse.ts';
import type { ListHistoricalRewardsResponse as _chaindata_primarynetwork_v1_ListHistoricalRewardsResponse, ListHistoricalRewardsResponse__Output as _chaindata_primarynetwork_v1_ListHistoricalRewardsResponse__Output } from './chaindata/primarynetwork/v1/ListHistoricalRewardsResponse.ts';
import type { ListNetworkItemsRequest as _chaindata_primarynetwork_v1_ListNetworkItemsRequest, ListNetworkItemsRequest__Output as _chaindata_primarynetwork_v1_ListNetworkItemsRequest__Output } from './chaindata/primarynetwork/v1/ListNetworkItemsRequest.ts';
import type { ListPendingRewardsResponse as _chaindata_primarynetwork_v1_ListPendingRewardsResponse, ListPendingRewardsResponse__Output as _chaindata_primarynetwork_v1_ListPendingRewardsResponse__Output } from './chaindata/primarynetwork/v1/ListPendingRewardsResponse.ts';
import type { ListRewardsRequest as _chaindata_primarynetwork_v1_ListRewardsRequest, ListRewardsRequest__Output as _chaindata_primarynetwork_v1_ListRewardsRequest__Output } from './chaindata/primarynetwork/v1/ListRewardsRequest.ts';
import type { ListSubnetsResponse as _chaindata_primarynetwork_v1_ListSubnetsResponse, ListSubnetsResponse__Output as _chaindata_primarynetwork_v1_ListSubnetsResponse__Output } from './chaindata/primarynetwork/v1/ListSubnetsResponse.ts';
import type { ListTransactionsRequest as _chaindata_primarynetwork_v1_ListTransactionsRequest, ListTransactionsRequest__Output as _chaindata_primarynetwork_v1_ListTransactionsRequest__Output } from './chaindata/primarynetwork/v1/ListTransactionsRequest.ts';
import type { ListTransactionsResponse as _chaindata_primarynetwork_v1_ListTransactionsResponse, ListTransactionsResponse__Output as _chaindata_primarynetwork_v1_ListTransactionsResponse__Output } from './chaindata/primarynetwork/v1/ListTransactionsResponse.ts';
import type { ListUtxosRequest as _chaindata_primarynetwork_v1_ListUtxosRequest, ListUtxosRequest__Output as _chaindata_primarynetwork_v1_ListUtxosRequest__Output } from './chaindata/primarynetwork/v1/ListUtxosRequest.ts';
import type { ListUtxosResponse as _chaindata_primarynetwork_v1_ListUtxosResponse, ListUtxosResponse__Output as _chaindata_primarynetwork_v1_ListUtxosResponse__Output } from './chaindata/primarynetwork/v1/ListUtxosResponse.ts';
import type { ListVerticesByHeightRequest as _chaindata_primarynetwork_v1_ListVerticesByHeightRequest, ListVerticesByHeightRequest__Output as _chaindata_primarynetwork_v1_ListVerticesByHeightRequest__Output } from './chaindata/primarynetwork/v1/ListVerticesByHeightRequest.ts';
import type { ListVerticesResponse as _chaindata_primarynetwork_v1_ListVerticesResponse, ListVerticesResponse__Output as _chaindata_primarynetwork_v1_ListVerticesResponse__Output } from './chaindata/primarynetwork/v1/ListVerticesResponse.ts';
import type { Money as _chaindata_primarynetwork_v1_Money, Money__Output as _chaindata_primarynetwork_v1_Money__Output } from './chaindata/primarynetwork/v1/Money.ts';
import type { PChainTransaction as _chaindata_primarynetwork_v1_PChainTransaction, PChainTransaction__Output as _chaindata_primarynetwork_v1_PChainTransaction__Output } from './chaindata/primarynetwork/v1/PChainTransaction.ts';
import type { PChainUtxo as _chaindata_primarynetwork_v1_PChainUtxo, PChainUtxo__Output as _chaindata_primarynetwork_v1_PChainUtxo__Output } from './chaindata/primarynetwork/v1/PChainUtxo.ts';
import type { PendingReward as _chaindata_primarynetwork_v1_PendingReward, PendingReward__Output as _chaindata_primarynetwork_v1_PendingReward__Output } from './chaindata/primarynetwork/v1/PendingReward.ts';
import type { PrimaryNetworkServiceClient as _chaindata_primarynetwork_v1_PrimaryNetworkServiceClient, PrimaryNetworkServiceDefinition as _chaindata_primarynetwork_v1_PrimaryNetworkServiceDefinition } from './chaindata/primarynetwork/v1/PrimaryNetworkService.ts';
import type { ProjectionStatus as _chaindata_primarynetwork_v1_ProjectionStatus, ProjectionStatus__Output as _chaindata_primarynetwork_v1_ProjectionStatus__Output } from './chaindata/primarynetwork/v1/ProjectionStatus.ts';
import type { ProposerDetails as _chaindata_primarynetwork_v1_ProposerDetails, ProposerDetails__Output as _chaindata_primarynetwork_v1_ProposerDetails__Output } from './chaindata/primarynetwork/v1/ProposerDetails.ts';
import type { Subnet as _chaindata_primarynetwork_v1_Subnet, Subnet__Output as _chaindata_primarynetwork_v1_Subnet__Output } from './chaindata/primarynetwork/v1/Subnet.ts';
import type { SubnetOwnershipInfo as _chaindata_primarynetwork_v1_SubnetOwnershipInfo, SubnetOwnershipInfo__Output as _chaindata_primarynetwork_v1_SubnetOwnershipInfo__Output } from './chaindata/primarynetwork/v1/SubnetOwnershipInfo.ts';
import type { Transaction as _chaindata_primarynetwork_v1_Transaction, Transaction__Output as _chaindata_primarynetwork_v1_Transaction__Output } from './chaindata/primarynetwork/v1/Transaction.ts';
import type { TransactionVertexDetail as _chaindata_primarynetwork_v1_TransactionVertexDetail, TransactionVertexDetail__Output as _chaindata_primarynetwork_v1_TransactionVertexDetail__Output } from './chaindata/primarynetwork/v1/TransactionVertexDetail.ts';
import type { Utxo as _chaindata_primarynetwork_v1_Utxo, Utxo__Output as _chaindata_primarynetwork_v1_Utxo__Output } from './chaindata/primarynetwork/v1/Utxo.ts';
import type { UtxoCredential as _chaindata_primarynetwork_v1_UtxoCredential, UtxoCredential__Output as _chaindata_primarynetwork_v1_UtxoCredential__Output } from './chaindata/primarynetwork/v1/UtxoCredential.ts';
import type { Validator as _chaindata_primarynetwork_v1_Validator, Validator__Output as _chaindata_primarynetwork_v1_Validator__Output } from './chaindata/primarynetwork/v1/Validator.ts';
import type { ValidatorSet as _chaindata_primarynetwork_v1_ValidatorSet, ValidatorSet__Output as _chaindata_primarynetwork_v1_ValidatorSet__Output } from './chaindata/primarynetwork/v1/ValidatorSet.ts';
import type { Vertex as _chaindata_primarynetwork_v1_Vertex, Vertex__Output as _chaindata_primarynetwork_v1_Vertex__Output } from './chaindata/primarynetwork/v1/Vertex.ts';
import type { XChainAssetDetails as _chaindata_primarynetwork_v1_XChainAssetDetails, XChainAssetDetails__Output as _chaindata_primarynetwork_v1_XChainAssetDetails__Output } from './chaindata/primarynetwork/v1/XChainAssetDetails.ts';
import type { XChainLinearTransaction as _chaindata_primarynetwork_v1_XChainLinearTransaction, XChainLinearTransaction__Output as _chaindata_primarynetwork_v1_XChainLinearTransaction__Output } from './chaindata/primarynetwork/v1/XChainLinearTransaction.ts';
import type { XChainNonLinearTransaction as _chaindata_primarynetwork_v1_XChainNonLinearTransaction, XChainNonLinearTransaction__Output as _chaindata_primarynetwork_v1_XChainNonLinearTransaction__Output } from './chaindata/primarynetwork/v1/XChainNonLinearTransaction.ts';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  chaindata: {
    primarynetwork: {
      v1: {
        AnyUtxo: MessageTypeDefinition<_chaindata_primarynetwork_v1_AnyUtxo, _chaindata_primarynetwork_v1_AnyUtxo__Output>
        AssetAmount: MessageTypeDefinition<_chaindata_primarynetwork_v1_AssetAmount, _chaindata_primarynetwork_v1_AssetAmount__Output>
        Block: MessageTypeDefinition<_chaindata_primarynetwork_v1_Block, _chaindata_primarynetwork_v1_Block__Output>
        Blockchain: MessageTypeDefinition<_chaindata_primarynetwork_v1_Blockchain, _chaindata_primarynetwork_v1_Blockchain__Output>
        BlockchainInfo: MessageTypeDefinition<_chaindata_primarynetwork_v1_BlockchainInfo, _chaindata_primarynetwork_v1_BlockchainInfo__Output>
        BlsCredentials: MessageTypeDefinition<_chaindata_primarynetwork_v1_BlsCredentials, _chaindata_primarynetwork_v1_BlsCredentials__Output>
        CChainExportTransaction: MessageTypeDefinition<_chaindata_primarynetwork_v1_CChainExportTransaction, _chaindata_primarynetwork_v1_CChainExportTransaction__Output>
        CChainImportTransaction: MessageTypeDefinition<_chaindata_primarynetwork_v1_CChainImportTransaction, _chaindata_primarynetwork_v1_CChainImportTransaction__Output>
        ChainInfo: MessageTypeDefinition<_chaindata_primarynetwork_v1_ChainInfo, _chaindata_primarynetwork_v1_ChainInfo__Output>
        ChainRef: MessageTypeDefinition<_chaindata_primarynetwork_v1_ChainRef, _chaindata_primarynetwork_v1_ChainRef__Output>
        EvmInput: MessageTypeDefinition<_chaindata_primarynetwork_v1_EvmInput, _chaindata_primarynetwork_v1_EvmInput__Output>
        EvmOutput: MessageTypeDefinition<_chaindata_primarynetwork_v1_EvmOutput, _chaindata_primarynetwork_v1_EvmOutput__Output>
        GetBlockRequest: MessageTypeDefinition<_chaindata_primarynetwork_v1_GetBlockRequest, _chaindata_primarynetwork_v1_GetBlockRequest__Output>
        GetBlockchainRequest: MessageTypeDefinition<_chaindata_primarynetwork_v1_GetBlockchainRequest, _chaindata_primarynetwork_v1_GetBlockchainRequest__Output>
        GetL1ValidatorWeightChangeRequest: MessageTypeDefinition<_chaindata_primarynetwork_v1_GetL1ValidatorWeightChangeRequest, _chaindata_primarynetwork_v1_GetL1ValidatorWeightChangeRequest__Output>
        GetProjectionStatusRequest: MessageTypeDefinition<_chaindata_primarynetwork_v1_GetProjectionStatusRequest, _chaindata_primarynetwork_v1_GetProjectionStatusRequest__Output>
        GetSubnetRequest: MessageTypeDefinition<_chaindata_primarynetwork_v1_GetSubnetRequest, _chaindata_primarynetwork_v1_GetSubnetRequest__Output>
        GetTransactionRequest: MessageTypeDefinition<_chaindata_primarynetwork_v1_GetTransactionRequest, _chaindata_primarynetwork_v1_GetTransactionRequest__Output>
        GetValidatorSetRequest: MessageTypeDefinition<_chaindata_primarynetwork_v1_GetValidatorSetRequest, _chaindata_primarynetwork_v1_GetValidatorSetRequest__Output>
        HistoricalReward: MessageTypeDefinition<_chaindata_primarynetwork_v1_HistoricalReward, _chaindata_primarynetwork_v1_HistoricalReward__Output>
        IndexCursor: MessageTypeDefinition<_chaindata_primarynetwork_v1_IndexCursor, _chaindata_primarynetwork_v1_IndexCursor__Output>
        L1ValidatorDetails: MessageTypeDefinition<_chaindata_primarynetwork_v1_L1ValidatorDetails, _chaindata_primarynetwork_v1_L1ValidatorDetails__Output>
        L1ValidatorManagerDetails: MessageTypeDefinition<_chaindata_primarynetwork_v1_L1ValidatorManagerDetails, _chaindata_primarynetwork_v1_L1ValidatorManagerDetails__Output>
        L1ValidatorWeightChange: MessageTypeDefinition<_chaindata_primarynetwork_v1_L1ValidatorWeightChange, _chaindata_primarynetwork_v1_L1ValidatorWeightChange__Output>
        ListBlockchainsResponse: MessageTypeDefinition<_chaindata_primarynetwork_v1_ListBlockchainsResponse, _chaindata_primarynetwork_v1_ListBlockchainsResponse__Output>
        ListBlocksRequest: MessageTypeDefinition<_chaindata_primarynetwork_v1_ListBlocksRequest, _chaindata_primarynetwork_v1_ListBlocksRequest__Output>
        ListBlocksResponse: MessageTypeDefinition<_chaindata_primarynetwork_v1_ListBlocksResponse, _chaindata_primarynetwork_v1_ListBlocksResponse__Output>
        ListHistoricalRewardsResponse: MessageTypeDefinition<_chaindata_primarynetwork_v1_ListHistoricalRewardsResponse, _chaindata_primarynetwork_v1_ListHistoricalRewardsResponse__Output>
        ListNetworkItemsRequest: MessageTypeDefinition<_chaindata_primarynetwork_v1_ListNetworkItemsRequest, _chaindata_primarynetwork_v1_ListNetworkItemsRequest__Output>
        ListPendingRewardsResponse: MessageTypeDefinition<_chaindata_primarynetwork_v1_ListPendingRewardsResponse, _chaindata_primarynetwork_v1_ListPendingRewardsResponse__Output>
        ListRewardsRequest: MessageTypeDefinition<_chaindata_primarynetwork_v1_ListRewardsRequest, _chaindata_primarynetwork_v1_ListRewardsRequest__Output>
        ListSubnetsResponse: MessageTypeDefinition<_chaindata_primarynetwork_v1_ListSubnetsResponse, _chaindata_primarynetwork_v1_ListSubnetsResponse__Output>
        ListTransactionsRequest: MessageTypeDefinition<_chaindata_primarynetwork_v1_ListTransactionsRequest, _chaindata_primarynetwork_v1_ListTransactionsRequest__Output>
        ListTransactionsResponse: MessageTypeDefinition<_chaindata_primarynetwork_v1_ListTransactionsResponse, _chaindata_primarynetwork_v1_ListTransactionsResponse__Output>
        ListUtxosRequest: MessageTypeDefinition<_chaindata_primarynetwork_v1_ListUtxosRequest, _chaindata_primarynetwork_v1_ListUtxosRequest__Output>
        ListUtxosResponse: MessageTypeDefinition<_chaindata_primarynetwork_v1_ListUtxosResponse, _chaindata_primarynetwork_v1_ListUtxosResponse__Output>
        ListVerticesByHeightRequest: MessageTypeDefinition<_chaindata_primarynetwork_v1_ListVerticesByHeightRequest, _chaindata_primarynetwork_v1_ListVerticesByHeightRequest__Output>
        ListVerticesResponse: MessageTypeDefinition<_chaindata_primarynetwork_v1_ListVerticesResponse, _chaindata_primarynetwork_v1_ListVerticesResponse__Output>
        Money: MessageTypeDefinition<_chaindata_primarynetwork_v1_Money, _chaindata_primarynetwork_v1_Money__Output>
        PChainTransaction: MessageTypeDefinition<_chaindata_primarynetwork_v1_PChainTransaction, _chaindata_primarynetwork_v1_PChainTransaction__Output>
        PChainUtxo: MessageTypeDefinition<_chaindata_primarynetwork_v1_PChainUtxo, _chaindata_primarynetwork_v1_PChainUtxo__Output>
        PendingReward: MessageTypeDefinition<_chaindata_primarynetwork_v1_PendingReward, _chaindata_primarynetwork_v1_PendingReward__Output>
        PrimaryNetworkService: SubtypeConstructor<typeof grpc.Client, _chaindata_primarynetwork_v1_PrimaryNetworkServiceClient> & { service: _chaindata_primarynetwork_v1_PrimaryNetworkServiceDefinition }
        ProjectionStatus: MessageTypeDefinition<_chaindata_primarynetwork_v1_ProjectionStatus, _chaindata_primarynetwork_v1_ProjectionStatus__Output>
        ProposerDetails: MessageTypeDefinition<_chaindata_primarynetwork_v1_ProposerDetails, _chaindata_primarynetwork_v1_ProposerDetails__Output>
        SortOrder: EnumTypeDefinition
        Subnet: MessageTypeDefinition<_chaindata_primarynetwork_v1_Subnet, _chaindata_primarynetwork_v1_Subnet__Output>
        SubnetOwnershipInfo: MessageTypeDefinition<_chaindata_primarynetwork_v1_SubnetOwnershipInfo, _chaindata_primarynetwork_v1_SubnetOwnershipInfo__Output>
        Transaction: MessageTypeDefinition<_chaindata_primarynetwork_v1_Transaction, _chaindata_primarynetwork_v1_Transaction__Output>
        TransactionVertexDetail: MessageTypeDefinition<_chaindata_primarynetwork_v1_TransactionVertexDetail, _chaindata_primarynetwork_v1_TransactionVertexDetail__Output>
        Utxo: MessageTypeDefinition<_chaindata_primarynetwork_v1_Utxo, _chaindata_primarynetwork_v1_Utxo__Output>
        UtxoCredential: MessageTypeDefinition<_chaindata_primarynetwork_v1_UtxoCredential, _chaindata_primarynetwork_v1_UtxoCredential__Output>
        Validator: MessageTypeDefinition<_chaindata_primarynetwork_v1_Validator, _chaindata_primarynetwork_v1_Validator__Output>
        ValidatorSet: MessageTypeDefinition<_chaindata_primarynetwork_v1_ValidatorSet, _chaindata_primarynetwork_v1_ValidatorSet__Output>
        Vertex: MessageTypeDefinition<_chaindata_primarynetwork_v1_Vertex, _chaindata_primarynetwork_v1_Vertex__Output>
        XChainAssetDetails: MessageTypeDefinition<_chaindata_primarynetwork_v1_XChainAssetDetails, _chaindata_primarynetwork_v1_XChainAssetDetails__Output>
        XChainLinearTransaction: MessageTypeDefinition<_chaindata_primarynetwork_v1_XChainLinearTransaction, _chaindata_primarynetwork_v1_XChainLinearTransaction__Output>
        XChainNonLinearTransaction: MessageTypeDefinition<_chaindata_primarynetwork_v1_XChainNonLinearTransaction, _chaindata_primarynetwork_v1_XChainNonLinearTransaction__Output>
      }
    }
  }
}

