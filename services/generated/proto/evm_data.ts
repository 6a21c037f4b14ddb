import type * as grpc from '@grpc/grpc-js';
import type { EnumTypeDefinition, MessageTypeDefinition } from '@grpc/proto-loader';

import type { BlockActivity as _chaindata_evmdata_v1_BlockActivity, BlockActivity__Output as _chaindata_evmdata_v1_BlockActivity__Output } from './chaindata/evmdata/v1/BlockActivity.ts';
import type { ChainInfo as _chaindata_evmdata_v1_ChainInfo, ChainInfo__Output as _chaindata_evmdata_v1_ChainInfo__Output } from './chaindata/evmdata/v1/ChainInfo.ts';
import type { ChainIngestion as _chaindata_evmdata_v1_ChainIngestion, ChainIngestion__Output as _chaindata_evmdata_v1_ChainIngestion__Output } from './chaindata/evmdata/v1/ChainIngestion.ts';
import type { CollectibleBalance as _chaindata_evmdata_v1_CollectibleBalance, CollectibleBalance__Output as _chaindata_evmdata_v1_CollectibleBalance__Output } from './chaindata/evmdata/v1/CollectibleBalance.ts';
import type { ContractCreation as _chaindata_evmdata_v1_ContractCreation, ContractCreation__Output as _chaindata_evmdata_v1_ContractCreation__Output } from './chaindata/evmdata/v1/ContractCreation.ts';
import type { ContractDeploymentDetails as _chaindata_evmdata_v1_ContractDeploymentDetails, ContractDeploymentDetails__Output as _chaindata_evmdata_v1_ContractDeploymentDetails__Output } from './chaindata/evmdata/v1/ContractDeploymentDetails.ts';
import type { ContractMetadata as _chaindata_evmdata_v1_ContractMetadata, ContractMetadata__Output as _chaindata_evmdata_v1_ContractMetadata__Output } from './chaindata/evmdata/v1/ContractMetadata.ts';
import type { Erc1155Token as _chaindata_evmdata_v1_Erc1155Token, Erc1155Token__Output as _chaindata_evmdata_v1_Erc1155Token__Output } from './chaindata/evmdata/v1/Erc1155Token.ts';
import type { Erc1155TokenBalance as _chaindata_evmdata_v1_Erc1155TokenBalance, Erc1155TokenBalance__Output as _chaindata_evmdata_v1_Erc1155TokenBalance__Output } from './chaindata/evmdata/v1/Erc1155TokenBalance.ts';
import type { Erc1155Transfer as _chaindata_evmdata_v1_Erc1155Transfer, Erc1155Transfer__Output as _chaindata_evmdata_v1_Erc1155Transfer__Output } from './chaindata/evmdata/v1/Erc1155Transfer.ts';
import type { Erc1155TransferEntry as _chaindata_evmdata_v1_Erc1155TransferEntry, Erc1155TransferEntry__Output as _chaindata_evmdata_v1_Erc1155TransferEntry__Output } from './chaindata/evmdata/v1/Erc1155TransferEntry.ts';
import type { Erc20Token as _chaindata_evmdata_v1_Erc20Token, Erc20Token__Output as _chaindata_evmdata_v1_Erc20Token__Output } from './chaindata/evmdata/v1/Erc20Token.ts';
import type { Erc20TokenBalance as _chaindata_evmdata_v1_Erc20TokenBalance, Erc20TokenBalance__Output as _chaindata_evmdata_v1_Erc20TokenBalance__Output } from './chaindata/evmdata/v1/Erc20TokenBalance.ts';
import type { Erc20Transfer as _chaindata_evmdata_v1_Erc20Transfer, Erc20Transfer__Output as _chaindata_evmdata_v1_Erc20Transfer__Output } from './chaindata/evmdata/v1/Erc20Transfer.ts';
import type { Erc20TransferEntry as _chaindata_evmdata_v1_Erc20TransferEntry, Erc20TransferEntry__Output as _chaindata_evmdata_v1_Erc20TransferEntry__Output } from './chaindata/evmdata/v1/Erc20TransferEntry.ts';
import type { Erc721Token as _chaindata_evmdata_v1_Erc721Token, Erc721Token__Output as _chaindata_evmdata_v1_Erc721Token__Output } from './chaindata/evmdata/v1/Erc721Token.ts';
import type { Erc721TokenBalance as _chaindata_evmdata_v1_Erc721TokenBalance, Erc721TokenBalance__Output as _chaindata_evmdata_v1_Erc721TokenBalance__Output } from './chaindata/evmdata/v1/Erc721TokenBalance.ts';
import type { Erc721Transfer as _chaindata_evmdata_v1_Erc721Transfer, Erc721Transfer__Output as _chaindata_evmdata_v1_Erc721Transfer__Output } from './chaindata/evmdata/v1/Erc721Transfer.ts';
import type { Erc721TransferEntry as _chaindata_evmdata_v1_Erc721TransferEntry, Erc721TransferEntry__Output as _chaindata_evmdata_v1_Erc721TransferEntry__Output } from './chaindata/evmdata/v1/Erc721TransferEntry.ts';
import type { EvmBlock as _chaindata_evmdata_v1_EvmBlock, EvmBlock__Output as _chaindata_evmdata_v1_EvmBlock__Output } from './chaindata/evmdata/v1/EvmBlock.ts';
import type { EvmDataServiceClient as _chaindata_evmdata_v1_EvmDataServiceClient, EvmDataServiceDefinition as _chaindata_evmdata_v1_EvmDataServiceDefinition } from './chaindata/evmdata/v1/EvmDataService.ts';
import type { FullNativeTransaction as _chaindata_evmdata_v1_FullNativeTransaction, FullNativeTransaction__Output as _chaindata_evmdata_v1_FullNativeTransaction__Output } from './chaindata/evmdata/v1/FullNativeTransaction.ts';
import type { GetBlockRequest as _chaindata_evmdata_v1_GetBlockRequest, GetBlockRequest__Output as _chaindata_evmdata_v1_GetBlockRequest__Output } from './chaindata/evmdata/v1/GetBlockRequest.ts';
import type { GetChainRequest as _chaindata_evmdata_v1_GetChainRequest, GetChainRequest__Output as _chaindata_evmdata_v1_GetChainRequest__Output } from './chaindata/evmdata/v1/GetChainRequest.ts';
import type { GetContractMetadataRequest as _chaindata_evmdata_v1_GetContractMetadataRequest, GetContractMetadataRequest__Output as _chaindata_evmdata_v1_GetContractMetadataRequest__Output } from './chaindata/evmdata/v1/GetContractMetadataRequest.ts';
import type { GetDeploymentTransactionRequest as _chaindata_evmdata_v1_GetDeploymentTransactionRequest, GetDeploymentTransactionRequest__Output as _chaindata_evmdata_v1_GetDeploymentTransactionRequest__Output } from './chaindata/evmdata/v1/GetDeploymentTransactionRequest.ts';
import type { GetIcmMessageRequest as _chaindata_evmdata_v1_GetIcmMessageRequest, GetIcmMessageRequest__Output as _chaindata_evmdata_v1_GetIcmMessageRequest__Output } from './chaindata/evmdata/v1/GetIcmMessageRequest.ts';
import type { GetIngestionStatusRequest as _chaindata_evmdata_v1_GetIngestionStatusRequest, GetIngestionStatusRequest__Output as _chaindata_evmdata_v1_GetIngestionStatusRequest__Output } from './chaindata/evmdata/v1/GetIngestionStatusRequest.ts';
import type { GetNativeBalanceRequest as _chaindata_evmdata_v1_GetNativeBalanceRequest, GetNativeBalanceRequest__Output as _chaindata_evmdata_v1_GetNativeBalanceRequest__Output } from './chaindata/evmdata/v1/GetNativeBalanceRequest.ts';
import type { GetNativeBalanceResponse as _chaindata_evmdata_v1_GetNativeBalanceResponse, GetNativeBalanceResponse__Output as _chaindata_evmdata_v1_GetNativeBalanceResponse__Output } from './chaindata/evmdata/v1/GetNativeBalanceResponse.ts';
import type { GetNftTokenRequest as _chaindata_evmdata_v1_GetNftTokenRequest, GetNftTokenRequest__Output as _chaindata_evmdata_v1_GetNftTokenRequest__Output } from './chaindata/evmdata/v1/GetNftTokenRequest.ts';
import type { GetTransactionRequest as _chaindata_evmdata_v1_GetTransactionRequest, GetTransactionRequest__Output as _chaindata_evmdata_v1_GetTransactionRequest__Output } from './chaindata/evmdata/v1/GetTransactionRequest.ts';
import type { GetTransactionResponse as _chaindata_evmdata_v1_GetTransactionResponse, GetTransactionResponse__Output as _chaindata_evmdata_v1_GetTransactionResponse__Output } from './chaindata/evmdata/v1/GetTransactionResponse.ts';
import type { IcmDestinationTransaction as _chaindata_evmdata_v1_IcmDestinationTransaction, IcmDestinationTransaction__Output as _chaindata_evmdata_v1_IcmDestinationTransaction__Output } from './chaindata/evmdata/v1/IcmDestinationTransaction.ts';
import type { IcmMessage as _chaindata_evmdata_v1_IcmMessage, IcmMessage__Output as _chaindata_evmdata_v1_IcmMessage__Output } from './chaindata/evmdata/v1/IcmMessage.ts';
import type { IcmMessageSent as _chaindata_evmdata_v1_IcmMessageSent, IcmMessageSent__Output as _chaindata_evmdata_v1_IcmMessageSent__Output } from './chaindata/evmdata/v1/IcmMessageSent.ts';
import type { IcmReceipt as _chaindata_evmdata_v1_IcmReceipt, IcmReceipt__Output as _chaindata_evmdata_v1_IcmReceipt__Output } from './chaindata/evmdata/v1/IcmReceipt.ts';
import type { IcmRewardDetails as _chaindata_evmdata_v1_IcmRewardDetails, IcmRewardDetails__Output as _chaindata_evmdata_v1_IcmRewardDetails__Output } from './chaindata/evmdata/v1/IcmRewardDetails.ts';
import type { IcmSourceTransaction as _chaindata_evmdata_v1_IcmSourceTransaction, IcmSourceTransaction__Output as _chaindata_evmdata_v1_IcmSourceTransaction__Output } from './chaindata/evmdata/v1/IcmSourceTransaction.ts';
import type { ImageAsset as _chaindata_evmdata_v1_ImageAsset, ImageAsset__Output as _chaindata_evmdata_v1_ImageAsset__Output } from './chaindata/evmdata/v1/ImageAsset.ts';
import type { IngestionStatus as _chaindata_evmdata_v1_IngestionStatus, IngestionStatus__Output as _chaindata_evmdata_v1_IngestionStatus__Output } from './chaindata/evmdata/v1/IngestionStatus.ts';
import type { InternalTransaction as _chaindata_evmdata_v1_InternalTransaction, InternalTransaction__Output as _chaindata_evmdata_v1_InternalTransaction__Output } from './chaindata/evmdata/v1/InternalTransaction.ts';
import type { InternalTransactionEntry as _chaindata_evmdata_v1_InternalTransactionEntry, InternalTransactionEntry__Output as _chaindata_evmdata_v1_InternalTransactionEntry__Output } from './chaindata/evmdata/v1/InternalTransactionEntry.ts';
import type { ListAddressActivityRequest as _chaindata_evmdata_v1_ListAddressActivityRequest, ListAddressActivityRequest__Output as _chaindata_evmdata_v1_ListAddressActivityRequest__Output } from './chaindata/evmdata/v1/ListAddressActivityRequest.ts';
import type { ListAddressChainsRequest as _chaindata_evmdata_v1_ListAddressChainsRequest, ListAddressChainsRequest__Output as _chaindata_evmdata_v1_ListAddressChainsRequest__Output } from './chaindata/evmdata/v1/ListAddressChainsRequest.ts';
import type { ListAddressChainsResponse as _chaindata_evmdata_v1_ListAddressChainsResponse, ListAddressChainsResponse__Output as _chaindata_evmdata_v1_ListAddressChainsResponse__Output } from './chaindata/evmdata/v1/ListAddressChainsResponse.ts';
import type { ListAddressTokenTransfersRequest as _chaindata_evmdata_v1_ListAddressTokenTransfersRequest, ListAddressTokenTransfersRequest__Output as _chaindata_evmdata_v1_ListAddressTokenTransfersRequest__Output } from './chaindata/evmdata/v1/ListAddressTokenTransfersRequest.ts';
import type { ListAddressTransactionsRequest as _chaindata_evmdata_v1_ListAddressTransactionsRequest, ListAddressTransactionsRequest__Output as _chaindata_evmdata_v1_ListAddressTransactionsRequest__Output } from './chaindata/evmdata/v1/ListAddressTransactionsRequest.ts';
import type { ListAddressTransactionsResponse as _chaindata_evmdata_v1_ListAddressTransactionsResponse, ListAddressTransactionsResponse__Output as _chaindata_evmdata_v1_ListAddressTransactionsResponse__Output } from './chaindata/evmdata/v1/ListAddressTransactionsResponse.ts';
import type { ListBlockTransactionsRequest as _chaindata_evmdata_v1_ListBlockTransactionsRequest, ListBlockTransactionsRequest__Output as _chaindata_evmdata_v1_ListBlockTransactionsRequest__Output } from './chaindata/evmdata/v1/ListBlockTransactionsRequest.ts';
import type { ListChainsRequest as _chaindata_evmdata_v1_ListChainsRequest, ListChainsRequest__Output as _chaindata_evmdata_v1_ListChainsRequest__Output } from './chaindata/evmdata/v1/ListChainsRequest.ts';
import type { ListChainsResponse as _chaindata_evmdata_v1_ListChainsResponse, ListChainsResponse__Output as _chaindata_evmdata_v1_ListChainsResponse__Output } from './chaindata/evmdata/v1/ListChainsResponse.ts';
import type { ListCollectibleBalancesRequest as _chaindata_evmdata_v1_ListCollectibleBalancesRequest, ListCollectibleBalancesRequest__Output as _chaindata_evmdata_v1_ListCollectibleBalancesRequest__Output } from './chaindata/evmdata/v1/ListCollectibleBalancesRequest.ts';
import type { ListCollectibleBalancesResponse as _chaindata_evmdata_v1_ListCollectibleBalancesResponse, ListCollectibleBalancesResponse__Output as _chaindata_evmdata_v1_ListCollectibleBalancesResponse__Output } from './chaindata/evmdata/v1/ListCollectibleBalancesResponse.ts';
import type { ListContractDeploymentsRequest as _chaindata_evmdata_v1_ListContractDeploymentsRequest, ListContractDeploymentsRequest__Output as _chaindata_evmdata_v1_ListContractDeploymentsRequest__Output } from './chaindata/evmdata/v1/ListContractDeploymentsRequest.ts';
import type { ListContractsResponse as _chaindata_evmdata_v1_ListContractsResponse, ListContractsResponse__Output as _chaindata_evmdata_v1_ListContractsResponse__Output } from './chaindata/evmdata/v1/ListContractsResponse.ts';
import type { ListErc1155BalancesRequest as _chaindata_evmdata_v1_ListErc1155BalancesRequest, ListErc1155BalancesRequest__Output as _chaindata_evmdata_v1_ListErc1155BalancesRequest__Output } from './chaindata/evmdata/v1/ListErc1155BalancesRequest.ts';
import type { ListErc1155BalancesResponse as _chaindata_evmdata_v1_ListErc1155BalancesResponse, ListErc1155BalancesResponse__Output as _chaindata_evmdata_v1_ListErc1155BalancesResponse__Output } from './chaindata/evmdata/v1/ListErc1155BalancesResponse.ts';
import type { ListErc20BalancesRequest as _chaindata_evmdata_v1_ListErc20BalancesRequest, ListErc20BalancesRequest__Output as _chaindata_evmdata_v1_ListErc20BalancesRequest__Output } from './chaindata/evmdata/v1/ListErc20BalancesRequest.ts';
import type { ListErc20BalancesResponse as _chaindata_evmdata_v1_ListErc20BalancesResponse, ListErc20BalancesResponse__Output as _chaindata_evmdata_v1_ListErc20BalancesResponse__Output } from './chaindata/evmdata/v1/ListErc20BalancesResponse.ts';
import type { ListErc20HoldersOverTimeRequest as _chaindata_evmdata_v1_ListErc20HoldersOverTimeRequest, ListErc20HoldersOverTimeRequest__Output as _chaindata_evmdata_v1_ListErc20HoldersOverTimeRequest__Output } from './chaindata/evmdata/v1/ListErc20HoldersOverTimeRequest.ts';
import type { ListErc20HoldersOverTimeResponse as _chaindata_evmdata_v1_ListErc20HoldersOverTimeResponse, ListErc20HoldersOverTimeResponse__Output as _chaindata_evmdata_v1_ListErc20HoldersOverTimeResponse__Output } from './chaindata/evmdata/v1/ListErc20HoldersOverTimeResponse.ts';
import type { ListErc721BalancesRequest as _chaindata_evmdata_v1_ListErc721BalancesRequest, ListErc721BalancesRequest__Output as _chaindata_evmdata_v1_ListErc721BalancesRequest__Output } from './chaindata/evmdata/v1/ListErc721BalancesRequest.ts';
import type { ListErc721BalancesResponse as _chaindata_evmdata_v1_ListErc721BalancesResponse, ListErc721BalancesResponse__Output as _chaindata_evmdata_v1_ListErc721BalancesResponse__Output } from './chaindata/evmdata/v1/ListErc721BalancesResponse.ts';
import type { ListEvmBlocksResponse as _chaindata_evmdata_v1_ListEvmBlocksResponse, ListEvmBlocksResponse__Output as _chaindata_evmdata_v1_ListEvmBlocksResponse__Output } from './chaindata/evmdata/v1/ListEvmBlocksResponse.ts';
import type { ListIcmMessagesByAddressRequest as _chaindata_evmdata_v1_ListIcmMessagesByAddressRequest, ListIcmMessagesByAddressRequest__Output as _chaindata_evmdata_v1_ListIcmMessagesByAddressRequest__Output } from './chaindata/evmdata/v1/ListIcmMessagesByAddressRequest.ts';
import type { ListIcmMessagesRequest as _chaindata_evmdata_v1_ListIcmMessagesRequest, ListIcmMessagesRequest__Output as _chaindata_evmdata_v1_ListIcmMessagesRequest__Output } from './chaindata/evmdata/v1/ListIcmMessagesRequest.ts';
import type { ListIcmMessagesResponse as _chaindata_evmdata_v1_ListIcmMessagesResponse, ListIcmMessagesResponse__Output as _chaindata_evmdata_v1_ListIcmMessagesResponse__Output } from './chaindata/evmdata/v1/ListIcmMessagesResponse.ts';
import type { ListInternalTransactionsResponse as _chaindata_evmdata_v1_ListInternalTransactionsResponse, ListInternalTransactionsResponse__Output as _chaindata_evmdata_v1_ListInternalTransactionsResponse__Output } from './chaindata/evmdata/v1/ListInternalTransactionsResponse.ts';
import type { ListLatestBlocksAllChainsRequest as _chaindata_evmdata_v1_ListLatestBlocksAllChainsRequest, ListLatestBlocksAllChainsRequest__Output as _chaindata_evmdata_v1_ListLatestBlocksAllChainsRequest__Output } from './chaindata/evmdata/v1/ListLatestBlocksAllChainsRequest.ts';
import type { ListLatestBlocksRequest as _chaindata_evmdata_v1_ListLatestBlocksRequest, ListLatestBlocksRequest__Output as _chaindata_evmdata_v1_ListLatestBlocksRequest__Output } from './chaindata/evmdata/v1/ListLatestBlocksRequest.ts';
import type { ListLatestTransactionsAllChainsRequest as _chaindata_evmdata_v1_ListLatestTransactionsAllChainsRequest, ListLatestTransactionsAllChainsRequest__Output as _chaindata_evmdata_v1_ListLatestTransactionsAllChainsRequest__Output } from './chaindata/evmdata/v1/ListLatestTransactionsAllChainsRequest.ts';
import type { ListLatestTransactionsRequest as _chaindata_evmdata_v1_ListLatestTransactionsRequest, ListLatestTransactionsRequest__Output as _chaindata_evmdata_v1_ListLatestTransactionsRequest__Output } from './chaindata/evmdata/v1/ListLatestTransactionsRequest.ts';
import type { ListNativeTransactionsResponse as _chaindata_evmdata_v1_ListNativeTransactionsResponse, ListNativeTransactionsResponse__Output as _chaindata_evmdata_v1_ListNativeTransactionsResponse__Output } from './chaindata/evmdata/v1/ListNativeTransactionsResponse.ts';
import type { ListNftHoldersRequest as _chaindata_evmdata_v1_ListNftHoldersRequest, ListNftHoldersRequest__Output as _chaindata_evmdata_v1_ListNftHoldersRequest__Output } from './chaindata/evmdata/v1/ListNftHoldersRequest.ts';
import type { ListNftHoldersResponse as _chaindata_evmdata_v1_ListNftHoldersResponse, ListNftHoldersResponse__Output as _chaindata_evmdata_v1_ListNftHoldersResponse__Output } from './chaindata/evmdata/v1/ListNftHoldersResponse.ts';
import type { ListNftTokensRequest as _chaindata_evmdata_v1_ListNftTokensRequest, ListNftTokensRequest__Output as _chaindata_evmdata_v1_ListNftTokensRequest__Output } from './chaindata/evmdata/v1/ListNftTokensRequest.ts';
import type { ListNftTokensResponse as _chaindata_evmdata_v1_ListNftTokensResponse, ListNftTokensResponse__Output as _chaindata_evmdata_v1_ListNftTokensResponse__Output } from './chaindata/evmdata/v1/ListNftTokensResponse.ts';
import type { ListTokenTransfersRequest as _chaindata_evmdata_v1_ListTokenTransfersRequest, ListTokenTransfersRequest__Output as _chaindata_evmdata_v1_ListTokenTransfersRequest__Output } from './chaindata/evmdata/v1/ListTokenTransfersRequest.ts';
import type { ListTokenTransfersResponse as _chaindata_evmdata_v1_ListTokenTransfersResponse, ListTokenTransfersResponse__Output as _chaindata_evmdata_v1_ListTokenTransfersResponse__Output } from './chaindata/evmdata/v1/ListTokenTransfersResponse.ts';
import type { LookingGlassHolder as _chaindata_evmdata_v1_LookingGlassHolder, LookingGlassHolder__Output as _chaindata_evmdata_v1_LookingGlassHolder__Output } from './chaindata/evmdata/v1/LookingGlassHolder.ts';
import type { Method as _chaindata_evmdata_v1_Method, Method__Output as _chaindata_evmdata_v1_Method__Output } from './chaindata/evmdata/v1/Method.ts';
import type { Money as _chaindata_evmdata_v1_Money, Money__Output as _chaindata_evmdata_v1_Money__Output } from './chaindata/evmdata/v1/Money.ts';
import type { NativeTokenBalance as _chaindata_evmdata_v1_NativeTokenBalance, NativeTokenBalance__Output as _chaindata_evmdata_v1_NativeTokenBalance__Output } from './chaindata/evmdata/v1/NativeTokenBalance.ts';
import type { NativeTransaction as _chaindata_evmdata_v1_NativeTransaction, NativeTransaction__Output as _chaindata_evmdata_v1_NativeTransaction__Output } from './chaindata/evmdata/v1/NativeTransaction.ts';
import type { NetworkToken as _chaindata_evmdata_v1_NetworkToken, NetworkToken__Output as _chaindata_evmdata_v1_NetworkToken__Output } from './chaindata/evmdata/v1/NetworkToken.ts';
import type { NetworkTokenDetails as _chaindata_evmdata_v1_NetworkTokenDetails, NetworkTokenDetails__Output as _chaindata_evmdata_v1_NetworkTokenDetails__Output } from './chaindata/evmdata/v1/NetworkTokenDetails.ts';
import type { NftToken as _chaindata_evmdata_v1_NftToken, NftToken__Output as _chaindata_evmdata_v1_NftToken__Output } from './chaindata/evmdata/v1/NftToken.ts';
import type { NftTokenMetadata as _chaindata_evmdata_v1_NftTokenMetadata, NftTokenMetadata__Output as _chaindata_evmdata_v1_NftTokenMetadata__Output } from './chaindata/evmdata/v1/NftTokenMetadata.ts';
import type { PricingProviders as _chaindata_evmdata_v1_PricingProviders, PricingProviders__Output as _chaindata_evmdata_v1_PricingProviders__Output } from './chaindata/evmdata/v1/PricingProviders.ts';
import type { ReindexNftTokenRequest as _chaindata_evmdata_v1_ReindexNftTokenRequest, ReindexNftTokenRequest__Output as _chaindata_evmdata_v1_ReindexNftTokenRequest__Output } from './chaindata/evmdata/v1/ReindexNftTokenRequest.ts';
import type { ReindexNftTokenResponse as _chaindata_evmdata_v1_ReindexNftTokenResponse, ReindexNftTokenResponse__Output as _chaindata_evmdata_v1_ReindexNftTokenResponse__Output } from './chaindata/evmdata/v1/ReindexNftTokenResponse.ts';
import type { ResourceLink as _chaindata_evmdata_v1_ResourceLink, ResourceLink__Output as _chaindata_evmdata_v1_ResourceLink__Output } from './chaindata/evmdata/v1/ResourceLink.ts';
import type { RichAddress as _chaindata_evmdata_v1_RichAddress, RichAddress__Output as _chaindata_evmdata_v1_RichAddress__Output } from './chaindata/evmdata/v1/RichAddress.ts';
import type { StreamAddressTransactionsRequest as _chaindata_evmdata_v1_StreamAddressTransactionsRequest, StreamAddressTransactionsRequest__Output as _chaindata_evmdata_v1_StreamAddressTransactionsRequest__Output } from './chaindata/evmdata/v1/StreamAddressTransactionsRequest.ts';
import type { StreamBlockActivityRequest as _chaindata_evmdata_v1_StreamBlockActivityRequest, StreamBlockActivityRequest__Output as _chaindata_evmdata_v1_StreamBlockActivityRequest__Output } from './chaindata/evmdata/v1/StreamBlockActivityRequest.ts';
import type { TeleporterMessageInfo as _chaindata_evmdata_v1_TeleporterMessageInfo, TeleporterMessageInfo__Output as _chaindata_evmdata_v1_TeleporterMessageInfo__Output } from './chaindata/evmdata/v1/TeleporterMessageInfo.ts';
import type { TokenTransfer as _chaindata_evmdata_v1_TokenTransfer, TokenTransfer__Output as _chaindata_evmdata_v1_TokenTransfer__Output } from './chaindata/evmdata/v1/TokenTransfer.ts';
import type { TransactionActivity as _chaindata_evmdata_v1_TransactionActivity, TransactionActivity__Output as _chaindata_evmdata_v1_TransactionActivity__Output } from './chaindata/evmdata/v1/TransactionActivity.ts';
import type { TransactionDetails as _chaindata_evmdata_v1_TransactionDetails, TransactionDetails__Output as _chaindata_evmdata_v1_TransactionDetails__Output } from './chaindata/evmdata/v1/TransactionDetails.ts';
import type { TransferActivity as _chaindata_evmdata_v1_TransferActivity, TransferActivity__Output as _chaindata_evmdata_v1_TransferActivity__Output } from './chaindata/evmdata/v1/TransferActivity.ts';
import type { UtilityAddresses as _chaindata_evmdata_v1_UtilityAddresses, UtilityAddresses__Output as _chaindata_evmdata_v1_UtilityAddresses__Output } from './chaindata/evmdata/v1/UtilityAddresses.ts';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  chaindata: {
    evmdata: {
      v1: {
        BlockActivity: MessageTypeDefinition<_chaindata_evmdata_v1_BlockActivity, _chaindata_evmdata_v1_BlockActivity__Output>
        ChainInfo: MessageTypeDefinition<_chaindata_evmdata_v1_ChainInfo, _chaindata_evmdata_v1_ChainInfo__Output>
        ChainIngestion: MessageTypeDefinition<_chaindata_evmdata_v1_ChainIngestion, _chaindata_evmdata_v1_ChainIngestion__Output>
        CollectibleBalance: MessageTypeDefinition<_chaindata_evmdata_v1_CollectibleBalance, _chaindata_evmdata_v1_CollectibleBalance__Output>
        ContractCreation: MessageTypeDefinition<_chaindata_evmdata_v1_ContractCreation, _chaindata_evmdata_v1_ContractCreation__Output>
        ContractDeploymentDetails: MessageTypeDefinition<_chaindata_evmdata_v1_ContractDeploymentDetails, _chaindata_evmdata_v1_ContractDeploymentDetails__Output>
        ContractMetadata: MessageTypeDefinition<_chaindata_evmdata_v1_ContractMetadata, _chaindata_evmdata_v1_ContractMetadata__Output>
        Erc1155Token: MessageTypeDefinition<_chaindata_evmdata_v1_Erc1155Token, _chaindata_evmdata_v1_Erc1155Token__Output>
        Erc1155TokenBalance: MessageTypeDefinition<_chaindata_evmdata_v1_Erc1155TokenBalance, _chaindata_evmdata_v1_Erc1155TokenBalance__Output>
        Erc1155Transfer: MessageTypeDefinition<_chaindata_evmdata_v1_Erc1155Transfer, _chaindata_evmdata_v1_Erc1155Transfer__Output>
        Erc1155TransferEntry: MessageTypeDefinition<_chaindata_evmdata_v1_Erc1155TransferEntry, _chaindata_evmdata_v1_Erc1155TransferEntry__Output>
        Erc20Token: MessageTypeDefinition<_chaindata_evmdata_v1_Erc20Token, _chaindata_evmdata_v1_Erc20Token__Output>
        Erc20TokenBalance: MessageTypeDefinition<_chaindata_evmdata_v1_Erc20TokenBalance, _chaindata_evmdata_v1_Erc20TokenBalance__Output>
        Erc20Transfer: MessageTypeDefinition<_chaindata_evmdata_v1_Erc20Transfer, _chaindata_evmdata_v1_Erc20Transfer__Output>
        Erc20TransferEntry: MessageTypeDefinition<_chaindata_evmdata_v1_Erc20TransferEntry, _chaindata_evmdata_v1_Erc20TransferEntry__Output>
        Erc721Token: MessageTypeDefinition<_chaindata_evmdata_v1_Erc721Token, _chaindata_evmdata_v1_Erc721Token__Output>
        Erc721TokenBalance: MessageTypeDefinition<_chaindata_evmdata_v1_Erc721TokenBalance, _chaindata_evmdata_v1_Erc721TokenBalance__Output>
        Erc721Transfer: MessageTypeDefinition<_chaindata_evmdata_v1_Erc721Transfer, _chaindata_evmdata_v1_Erc721Transfer__Output>
        Erc721TransferEntry: MessageTypeDefinition<_chaindata_evmdata_v1_Erc721TransferEntry, _chaindata_evmdata_v1_Erc721TransferEntry__Output>
        EvmBlock: MessageTypeDefinition<_chaindata_evmdata_v1_EvmBlock, _chaindata_evmdata_v1_EvmBlock__Output>
        EvmDataService: SubtypeConstructor<typeof grpc.Client, _chaindata_evmdata_v1_EvmDataServiceClient> & { service: _chaindata_evmdata_v1_EvmDataServiceDefinition }
        FullNativeTransaction: MessageTypeDefinition<_chaindata_evmdata_v1_FullNativeTransaction, _chaindata_evmdata_v1_FullNativeTransaction__Output>
        GetBlockRequest: MessageTypeDefinition<_chaindata_evmdata_v1_GetBlockRequest, _chaindata_evmdata_v1_GetBlockRequest__Output>
        GetChainRequest: MessageTypeDefinition<_chaindata_evmdata_v1_GetChainRequest, _chaindata_evmdata_v1_GetChainRequest__Output>
        GetContractMetadataRequest: MessageTypeDefinition<_chaindata_evmdata_v1_GetContractMetadataRequest, _chaindata_evmdata_v1_GetContractMetadataRequest__Output>
        GetDeploymentTransactionRequest: MessageTypeDefinition<_chaindata_evmdata_v1_GetDeploymentTransactionRequest, _chaindata_evmdata_v1_GetDeploymentTransactionRequest__Output>
        GetIcmMessageRequest: MessageTypeDefinition<_chaindata_evmdata_v1_GetIcmMessageRequest, _chaindata_evmdata_v1_GetIcmMessageRequest__Output>
        GetIngestionStatusRequest: MessageTypeDefinition<_chaindata_evmdata_v1_GetIngestionStatusRequest, _chaindata_evmdata_v1_GetIngestionStatusRequest__Output>
        GetNativeBalanceRequest: MessageTypeDefinition<_chaindata_evmdata_v1_GetNativeBalanceRequest, _chaindata_evmdata_v1_GetNativeBalanceRequest__Output>
        GetNativeBalanceResponse: MessageTypeDefinition<_chaindata_evmdata_v1_GetNativeBalanceResponse, _chaindata_evmdata_v1_GetNativeBalanceResponse__Output>
        GetNftTokenRequest: MessageTypeDefinition<_chaindata_evmdata_v1_GetNftTokenRequest, _chaindata_evmdata_v1_GetNftTokenRequest__Output>
        GetTransactionRequest: MessageTypeDefinition<_chaindata_evmdata_v1_GetTransactionRequest, _chaindata_evmdata_v1_GetTransactionRequest__Output>
        GetTransactionResponse: MessageTypeDefinition<_chaindata_evmdata_v1_GetTransactionResponse, _chaindata_evmdata_v1_GetTransactionResponse__Output>
        IcmDestinationTransaction: MessageTypeDefinition<_chaindata_evmdata_v1_IcmDestinationTransaction, _chaindata_evmdata_v1_IcmDestinationTransaction__Output>
        IcmMessage: MessageTypeDefinition<_chaindata_evmdata_v1_IcmMessage, _chaindata_evmdata_v1_IcmMessage__Output>
        IcmMessageSent: MessageTypeDefinition<_chaindata_evmdata_v1_IcmMessageSent, _chaindata_evmdata_v1_IcmMessageSent__Output>
        IcmReceipt: MessageTypeDefinition<_chaindata_evmdata_v1_IcmReceipt, _chaindata_evmdata_v1_IcmReceipt__Output>
        IcmRewardDetails: MessageTypeDefinition<_chaindata_evmdata_v1_IcmRewardDetails, _chaindata_evmdata_v1_IcmRewardDetails__Output>
        IcmSourceTransaction: MessageTypeDefinition<_chaindata_evmdata_v1_IcmSourceTransaction, _chaindata_evmdata_v1_IcmSourceTransaction__Output>
        ImageAsset: MessageTypeDefinition<_chaindata_evmdata_v1_ImageAsset, _chaindata_evmdata_v1_ImageAsset__Output>
        IngestionStatus: MessageTypeDefinition<_chaindata_evmdata_v1_IngestionStatus, _chaindata_evmdata_v1_IngestionStatus__Output>
        InternalTransaction: MessageTypeDefinition<_chaindata_evmdata_v1_InternalTransaction, _chaindata_evmdata_v1_InternalTransaction__Output>
        InternalTransactionEntry: MessageTypeDefinition<_chaindata_evmdata_v1_InternalTransactionEntry, _chaindata_evmdata_v1_InternalTransactionEntry__Output>
        ListAddressActivityRequest: MessageTypeDefinition<_chaindata_evmdata_v1_ListAddressActivityRequest, _chaindata_evmdata_v1_ListAddressActivityRequest__Output>
        ListAddressChainsRequest: MessageTypeDefinition<_chaindata_evmdata_v1_ListAddressChainsRequest, _chaindata_evmdata_v1_ListAddressChainsRequest__Output>
        ListAddressChainsResponse: MessageTypeDefinition<_chaindata_evmdata_v1_ListAddressChainsResponse, _chaindata_evmdata_v1_ListAddressChainsResponse__Output>
        ListAddressTokenTransfersRequest: MessageTypeDefinition<_chaindata_evmdata_v1_ListAddressTokenTransfersRequest, _chaindata_evmdata_v1_ListAddressTokenTransfersRequest__Output>
        ListAddressTransactionsRequest: MessageTypeDefinition<_chaindata_evmdata_v1_ListAddressTransactionsRequest, _chaindata_evmdata_v1_ListAddressTransactionsRequest__Output>
        ListAddressTransactionsResponse: MessageTypeDefinition<_chaindata_evmdata_v1_ListAddressTransactionsResponse, _chaindata_evmdata_v1_ListAddressTransactionsResponse__Output>
        ListBlockTransactionsRequest: MessageTypeDefinition<_chaindata_evmdata_v1_ListBlockTransactionsRequest, _chaindata_evmdata_v1_ListBlockTransactionsRequest__Output>
        ListChainsRequest: MessageTypeDefinition<_chaindata_evmdata_v1_ListChainsRequest, _chaindata_evmdata_v1_ListChainsRequest__Output>
        ListChainsResponse: MessageTypeDefinition<_chaindata_evmdata_v1_ListChainsResponse, _chaindata_evmdata_v1_ListChainsResponse__Output>
        ListCollectibleBalancesRequest: MessageTypeDefinition<_chaindata_evmdata_v1_ListCollectibleBalancesRequest, _chaindata_evmdata_v1_ListCollectibleBalancesRequest__Output>
        ListCollectibleBalancesResponse: MessageTypeDefinition<_chaindata_evmdata_v1_ListCollectibleBalancesResponse, _chaindata_evmdata_v1_ListCollectibleBalancesResponse__Output>
        ListContractDeploymentsRequest: MessageTypeDefinition<_chaindata_evmdata_v1_ListContractDeploymentsRequest, _chaindata_evmdata_v1_ListContractDeploymentsRequest__Output>
        ListContractsResponse: MessageTypeDefinition<_chaindata_evmdata_v1_ListContractsResponse, _chaindata_evmdata_v1_ListContractsResponse__Output>
        ListErc1155BalancesRequest: MessageTypeDefinition<_chaindata_evmdata_v1_ListErc1155BalancesRequest, _chaindata_evmdata_v1_ListErc1155BalancesRequest__Output>
        ListErc1155BalancesResponse: MessageTypeDefinition<_chaindata_evmdata_v1_ListErc1155BalancesResponse, _chaindata_evmdata_v1_ListErc1155BalancesResponse__Output>
        ListErc20BalancesRequest: MessageTypeDefinition<_chaindata_evmdata_v1_ListErc20BalancesRequest, _chaindata_evmdata_v1_ListErc20BalancesRequest__Output>
        ListErc20BalancesResponse: MessageTypeDefinition<_chaindata_evmdata_v1_ListErc20BalancesResponse, _chaindata_evmdata_v1_ListErc20BalancesResponse__Output>
        ListErc20HoldersOverTimeRequest: MessageTypeDefinition<_chaindata_evmdata_v1_ListErc20HoldersOverTimeRequest, _chaindata_evmdata_v1_ListErc20HoldersOverTimeRequest__Output>
        ListErc20HoldersOverTimeResponse: MessageTypeDefinition<_chaindata_evmdata_v1_ListErc20HoldersOverTimeResponse, _chaindata_evmdata_v1_ListErc20HoldersOverTimeResponse__Output>
        ListErc721BalancesRequest: MessageTypeDefinition<_chaindata_evmdata_v1_ListErc721BalancesRequest, _chaindata_evmdata_v1_ListErc721BalancesRequest__Output>
        ListErc721BalancesResponse: MessageTypeDefinition<_chaindata_evmdata_v1_ListErc721BalancesResponse, _chaindata_evmdata_v1_ListErc721BalancesResponse__Output>
        ListEvmBlocksResponse: MessageTypeDefinition<_chaindata_evmdata_v1_ListEvmBlocksResponse, _chaindata_evmdata_v1_ListEvmBlocksResponse__Output>
        ListIcmMessagesByAddressRequest: MessageTypeDefinition<_chaindata_evmdata_v1_ListIcmMessagesByAddressRequest, _chaindata_evmdata_v1_ListIcmMessagesByAddressRequest__Output>
        ListIcmMessagesRequest: MessageTypeDefinition<_chaindata_evmdata_v1_ListIcmMessagesRequest, _chaindata_evmdata_v1_ListIcmMessagesRequest__Output>
        ListIcmMessagesResponse: MessageTypeDefinition<_chaindata_evmdata_v1_ListIcmMessagesResponse, _chaindata_evmdata_v1_ListIcmMessagesResponse__Output>
        ListInternalTransactionsResponse: MessageTypeDefinition<_chaindata_evmdata_v1_ListInternalTransactionsResponse, _chaindata_evmdata_v1_ListInternalTransactionsResponse__Output>
        ListLatestBlocksAllChainsRequest: MessageTypeDefinition<_chaindata_evmdata_v1_ListLatestBlocksAllChainsRequest, _chaindata_evmdata_v1_ListLatestBlocksAllChainsRequest__Output>
        ListLatestBlocksRequest: MessageTypeDefinition<_chaindata_evmdata_v1_ListLatestBlocksRequest, _chaindata_evmdata_v1_ListLatestBlocksRequest__Output>
        ListLatestTransactionsAllChainsRequest: MessageTypeDefinition<_chaindata_evmdata_v1_ListLatestTransactionsAllChainsRequest, _chaindata_evmdata_v1_ListLatestTransactionsAllChainsRequest__Output>
        ListLatestTransactionsRequest: MessageTypeDefinition<_chaindata_evmdata_v1_ListLatestTransactionsRequest, _chaindata_evmdata_v1_ListLatestTransactionsRequest__Output>
        ListNativeTransactionsResponse: MessageTypeDefinition<_chaindata_evmdata_v1_ListNativeTransactionsResponse, _chaindata_evmdata_v1_ListNativeTransactionsResponse__Output>
        ListNftHoldersRequest: MessageTypeDefinition<_chaindata_evmdata_v1_ListNftHoldersRequest, _chaindata_evmdata_v1_ListNftHoldersRequest__Output>
        ListNftHoldersResponse: MessageTypeDefinition<_chaindata_evmdata_v1_ListNftHoldersResponse, _chaindata_evmdata_v1_ListNftHoldersResponse__Output>
        ListNftTokensRequest: MessageTypeDefinition<_chaindata_evmdata_v1_ListNftTokensRequest, _chaindata_evmdata_v1_ListNftTokensRequest__Output>
        ListNftTokensResponse: MessageTypeDefinition<_chaindata_evmdata_v1_ListNftTokensResponse, _chaindata_evmdata_v1_ListNftTokensResponse__Output>
        ListTokenTransfersRequest: MessageTypeDefinition<_chaindata_evmdata_v1_ListTokenTransfersRequest, _chaindata_evmdata_v1_ListTokenTransfersRequest__Output>
        ListTokenTransfersResponse: MessageTypeDefinition<_chaindata_evmdata_v1_ListTokenTransfersResponse, _chaindata_evmdata_v1_ListTokenTransfersResponse__Output>
        LookingGlassHolder: MessageTypeDefinition<_chaindata_evmdata_v1_LookingGlassHolder, _chaindata_evmdata_v1_LookingGlassHolder__Output>
        Method: MessageTypeDefinition<_chaindata_evmdata_v1_Method, _chaindata_evmdata_v1_Method__Output>
        Money: MessageTypeDefinition<_chaindata_evmdata_v1_Money, _chaindata_evmdata_v1_Money__Output>
        NativeTokenBalance: MessageTypeDefinition<_chaindata_evmdata_v1_NativeTokenBalance, _chaindata_evmdata_v1_NativeTokenBalance__Output>
        NativeTransaction: MessageTypeDefinition<_chaindata_evmdata_v1_NativeTransaction, _chaindata_evmdata_v1_NativeTransaction__Output>
        NetworkToken: MessageTypeDefinition<_chaindata_evmdata_v1_NetworkToken, _chaindata_evmdata_v1_NetworkToken__Output>
        NetworkTokenDetails: MessageTypeDefinition<_chaindata_evmdata_v1_NetworkTokenDetails, _chaindata_evmdata_v1_NetworkTokenDetails__Output>
        NftToken: MessageTypeDefinition<_chaindata_evmdata_v1_NftToken, _chaindata_evmdata_v1_NftToken__Output>
        NftTokenMetadata: MessageTypeDefinition<_chaindata_evmdata_v1_NftTokenMetadata, _chaindata_evmdata_v1_NftTokenMetadata__Output>
        PricingProviders: MessageTypeDefinition<_chaindata_evmdata_v1_PricingProviders, _chaindata_evmdata_v1_PricingProviders__Output>
        ReindexNftTokenRequest: MessageTypeDefinition<_chaindata_evmdata_v1_ReindexNftTokenRequest, _chaindata_evmdata_v1_ReindexNftTokenRequest__Output>
        ReindexNftTokenResponse: MessageTypeDefinition<_chaindata_evmdata_v1_ReindexNftTokenResponse, _chaindata_evmdata_v1_ReindexNftTokenResponse__Output>
        ResourceLink: MessageTypeDefinition<_chaindata_evmdata_v1_ResourceLink, _chaindata_evmdata_v1_ResourceLink__Output>
        RichAddress: MessageTypeDefinition<_chaindata_evmdata_v1_RichAddress, _chaindata_evmdata_v1_RichAddress__Output>
        SortOrder: EnumTypeDefinition
        StreamAddressTransactionsRequest: MessageTypeDefinition<_chaindata_evmdata_v1_StreamAddressTransactionsRequest, _chaindata_evmdata_v1_StreamAddressTransactionsRequest__Output>
        StreamBlockActivityRequest: MessageTypeDefinition<_chaindata_evmdata_v1_StreamBlockActivityRequest, _chaindata_evmdata_v1_StreamBlockActivityRequest__Output>
        TeleporterMessageInfo: MessageTypeDefinition<_chaindata_evmdata_v1_TeleporterMessageInfo, _chaindata_evmdata_v1_TeleporterMessageInfo__Output>
        TokenTransfer: MessageTypeDefinition<_chaindata_evmdata_v1_TokenTransfer, _chaindata_evmdata_v1_TokenTransfer__Output>
        TransactionActivity: MessageTypeDefinition<_chaindata_evmdata_v1_TransactionActivity, _chaindata_evmdata_v1_TransactionActivity__Output>
        TransactionDetails: MessageTypeDefinition<_chaindata_evmdata_v1_TransactionDetails, _chaindata_evmdata_v1_TransactionDetails__Output>
        TransactionStatusFilter: EnumTypeDefinition
        TransferActivity: MessageTypeDefinition<_chaindata_evmdata_v1_TransferActivity, _chaindata_evmdata_v1_TransferActivity__Output>
        TransferStandard: EnumTypeDefinition
        UtilityAddresses: MessageTypeDefinition<_chaindata_evmdata_v1_UtilityAddresses, _chaindata_evmdata_v1_UtilityAddresses__Output>
      }
    }
  }
}

