// Original file: proto/chaindata/evmdata/v1/evm_data.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { BlockActivity as _chaindata_evmdata_v1_BlockActivity, BlockActivity__Output as _chaindata_evmdata_v1_BlockActivity__Output } from '../../../chaindata/evmdata/v1/BlockActivity.ts';
import type { ChainInfo as _chaindata_evmdata_v1_ChainInfo, ChainInfo__Output as _chaindata_evmdata_v1_ChainInfo__Output } from '../../../chaindata/evmdata/v1/ChainInfo.ts';
import type { ContractMetadata as _chaindata_evmdata_v1_ContractMetadata, ContractMetadata__Output as _chaindata_evmdata_v1_ContractMetadata__Output } from '../../../chaindata/evmdata/v1/ContractMetadata.ts';
import type { EvmBlock as _chaindata_evmdata_v1_EvmBlock, EvmBlock__Output as _chaindata_evmdata_v1_EvmBlock__Output } from '../../../chaindata/evmdata/v1/EvmBlock.ts';
import type { GetBlockRequest as _chaindata_evmdata_v1_GetBlockRequest, GetBlockRequest__Output as _chaindata_evmdata_v1_GetBlockRequest__Output } from '../../../chaindata/evmdata/v1/GetBlockRequest.ts';
import type { GetChainRequest as _chaindata_evmdata_v1_GetChainRequest, GetChainRequest__Output as _chaindata_evmdata_v1_GetChainRequest__Output } from '../../../chaindata/evmdata/v1/GetChainRequest.ts';
import type { GetContractMetadataRequest as _chaindata_evmdata_v1_GetContractMetadataRequest, GetContractMetadataRequest__Output as _chaindata_evmdata_v1_GetContractMetadataRequest__Output } from '../../../chaindata/evmdata/v1/GetContractMetadataRequest.ts';
import type { GetDeploymentTransactionRequest as _chaindata_evmdata_v1_GetDeploymentTransactionRequest, GetDeploymentTransactionRequest__Output as _chaindata_evmdata_v1_GetDeploymentTransactionRequest__Output } from '../../../chaindata/evmdata/v1/GetDeploymentTransactionRequest.ts';
import type { GetIcmMessageRequest as _chaindata_evmdata_v1_GetIcmMessageRequest, GetIcmMessageRequest__Output as _chaindata_evmdata_v1_GetIcmMessageRequest__Output } from '../../../chaindata/evmdata/v1/GetIcmMessageRequest.ts';
import type { GetIngestionStatusRequest as _chaindata_evmdata_v1_GetIngestionStatusRequest, GetIngestionStatusRequest__Output as _chaindata_evmdata_v1_GetIngestionStatusRequest__Output } from '../../../chaindata/evmdata/v1/GetIngestionStatusRequest.ts';
import type { GetNativeBalanceRequest as _chaindata_evmdata_v1_GetNativeBalanceRequest, GetNativeBalanceRequest__Output as _chaindata_evmdata_v1_GetNativeBalanceRequest__Output } from '../../../chaindata/evmdata/v1/GetNativeBalanceRequest.ts';
import type { GetNativeBalanceResponse as _chaindata_evmdata_v1_GetNativeBalanceResponse, GetNativeBalanceResponse__Output as _chaindata_evmdata_v1_GetNativeBalanceResponse__Output } from '../../../chaindata/evmdata/v1/GetNativeBalanceResponse.ts';
import type { GetNftTokenRequest as _chaindata_evmdata_v1_GetNftTokenRequest, GetNftTokenRequest__Output as _chaindata_evmdata_v1_GetNftTokenRequest__Output } from '../../../chaindata/evmdata/v1/GetNftTokenRequest.ts';
import type { GetTransactionRequest as _chaindata_evmdata_v1_GetTransactionRequest, GetTransactionRequest__Output as _chaindata_evmdata_v1_GetTransactionRequest__Output } from '../../../chaindata/evmdata/v1/GetTransactionRequest.ts';
import type { GetTransactionResponse as _chaindata_evmdata_v1_GetTransactionResponse, GetTransactionResponse__Output as _chaindata_evmdata_v1_GetTransactionResponse__Output } from '../../../chaindata/evmdata/v1/GetTransactionResponse.ts';
import type { IcmMessage as _chaindata_evmdata_v1_IcmMessage, IcmMessage__Output as _chaindata_evmdata_v1_IcmMessage__Output } from '../../../chaindata/evmdata/v1/IcmMessage.ts';
import type { IngestionStatus as _chaindata_evmdata_v1_IngestionStatus, IngestionStatus__Output as _chaindata_evmdata_v1_IngestionStatus__Output } from '../../../chaindata/evmdata/v1/IngestionStatus.ts';
import type { ListAddressActivityRequest as _chaindata_evmdata_v1_ListAddressActivityRequest, ListAddressActivityRequest__Output as _chaindata_evmdata_v1_ListAddressActivityRequest__Output } from '../../../chaindata/evmdata/v1/ListAddressActivityRequest.ts';
import type { ListAddressChainsRequest as _chaindata_evmdata_v1_ListAddressChainsRequest, ListAddressChainsRequest__Output as _chaindata_evmdata_v1_ListAddressChainsRequest__Output } from '../../../chaindata/evmdata/v1/ListAddressChainsRequest.ts';
import type { ListAddressChainsResponse as _chaindata_evmdata_v1_ListAddressChainsResponse, ListAddressChainsResponse__Output as _chaindata_evmdata_v1_ListAddressChainsResponse__Output } from '../../../chaindata/evmdata/v1/ListAddressChainsResponse.ts';
import type { ListAddressTokenTransfersRequest as _chaindata_evmdata_v1_ListAddressTokenTransfersRequest, ListAddressTokenTransfersRequest__Output as _chaindata_evmdata_v1_ListAddressTokenTransfersRequest__Output } from '../../../chaindata/evmdata/v1/ListAddressTokenTransfersRequest.ts';
import type { ListAddressTransactionsRequest as _chaindata_evmdata_v1_ListAddressTransactionsRequest, ListAddressTransactionsRequest__Output as _chaindata_evmdata_v1_ListAddressTransactionsRequest__Output } from '../../../chaindata/evmdata/v1/ListAddressTransactionsRequest.ts';
import type { ListAddressTransactionsResponse as _chaindata_evmdata_v1_ListAddressTransactionsResponse, ListAddressTransactionsResponse__Output as _chaindata_evmdata_v1_ListAddressTransactionsResponse__Output } from '../../../chaindata/evmdata/v1/ListAddressTransactionsResponse.ts';
import type { ListBlockTransactionsRequest as _chaindata_evmdata_v1_ListBlockTransactionsRequest, ListBlockTransactionsRequest__Output as _chaindata_evmdata_v1_ListBlockTransactionsRequest__Output } from '../../../chaindata/evmdata/v1/ListBlockTransactionsRequest.ts';
import type { ListChainsRequest as _chaindata_evmdata_v1_ListChainsRequest, ListChainsRequest__Output as _chaindata_evmdata_v1_ListChainsRequest__Output } from '../../../chaindata/evmdata/v1/ListChainsRequest.ts';
import type { ListChainsResponse as _chaindata_evmdata_v1_ListChainsResponse, ListChainsResponse__Output as _chaindata_evmdata_v1_ListChainsResponse__Output } from '../../../chaindata/evmdata/v1/ListChainsResponse.ts';
import type { ListCollectibleBalancesRequest as _chaindata_evmdata_v1_ListCollectibleBalancesRequest, ListCollectibleBalancesRequest__Output as _chaindata_evmdata_v1_ListCollectibleBalancesRequest__Output } from '../../../chaindata/evmdata/v1/ListCollectibleBalancesRequest.ts';
import type { ListCollectibleBalancesResponse as _chaindata_evmdata_v1_ListCollectibleBalancesResponse, ListCollectibleBalancesResponse__Output as _chaindata_evmdata_v1_ListCollectibleBalancesResponse__Output } from '../../../chaindata/evmdata/v1/ListCollectibleBalancesResponse.ts';
import type { ListContractDeploymentsRequest as _chaindata_evmdata_v1_ListContractDeploymentsRequest, ListContractDeploymentsRequest__Output as _chaindata_evmdata_v1_ListContractDeploymentsRequest__Output } from '../../../chaindata/evmdata/v1/ListContractDeploymentsRequest.ts';
import type { ListContractsResponse as _chaindata_evmdata_v1_ListContractsResponse, ListContractsResponse__Output as _chaindata_evmdata_v1_ListContractsResponse__Output } from '../../../chaindata/evmdata/v1/ListContractsResponse.ts';
import type { ListErc1155BalancesRequest as _chaindata_evmdata_v1_ListErc1155BalancesRequest, ListErc1155BalancesRequest__Output as _chaindata_evmdata_v1_ListErc1155BalancesRequest__Output } from '../../../chaindata/evmdata/v1/ListErc1155BalancesRequest.ts';
import type { ListErc1155BalancesResponse as _chaindata_evmdata_v1_ListErc1155BalancesResponse, ListErc1155BalancesResponse__Output as _chaindata_evmdata_v1_ListErc1155BalancesResponse__Output } from '../../../chaindata/evmdata/v1/ListErc1155BalancesResponse.ts';
import type { ListErc20BalancesRequest as _chaindata_evmdata_v1_ListErc20BalancesRequest, ListErc20BalancesRequest__Output as _chaindata_evmdata_v1_ListErc20BalancesRequest__Output } from '../../../chaindata/evmdata/v1/ListErc20BalancesRequest.ts';
import type { ListErc20BalancesResponse as _chaindata_evmdata_v1_ListErc20BalancesResponse, ListErc20BalancesResponse__Output as _chaindata_evmdata_v1_ListErc20BalancesResponse__Output } from '../../../chaindata/evmdata/v1/ListErc20BalancesResponse.ts';
import type { ListErc20HoldersOverTimeRequest as _chaindata_evmdata_v1_ListErc20HoldersOverTimeRequest, ListErc20HoldersOverTimeRequest__Output as _chaindata_evmdata_v1_ListErc20HoldersOverTimeRequest__Output } from '../../../chaindata/evmdata/v1/ListErc20HoldersOverTimeRequest.ts';
import type { ListErc20HoldersOverTimeResponse as _chaindata_evmdata_v1_ListErc20HoldersOverTimeResponse, ListErc20HoldersOverTimeResponse__Output as _chaindata_evmdata_v1_ListErc20HoldersOverTimeResponse__Output } from '../../../chaindata/evmdata/v1/ListErc20HoldersOverTimeResponse.ts';
import type { ListErc721BalancesRequest as _chaindata_evmdata_v1_ListErc721BalancesRequest, ListErc721BalancesRequest__Output as _chaindata_evmdata_v1_ListErc721BalancesRequest__Output } from '../../../chaindata/evmdata/v1/ListErc721BalancesRequest.ts';
import type { ListErc721BalancesResponse as _chaindata_evmdata_v1_ListErc721BalancesResponse, ListErc721BalancesResponse__Output as _chaindata_evmdata_v1_ListErc721BalancesResponse__Output } from '../../../chaindata/evmdata/v1/ListErc721BalancesResponse.ts';
import type { ListEvmBlocksResponse as _chaindata_evmdata_v1_ListEvmBlocksResponse, ListEvmBlocksResponse__Output as _chaindata_evmdata_v1_ListEvmBlocksResponse__Output } from '../../../chaindata/evmdata/v1/ListEvmBlocksResponse.ts';
import type { ListIcmMessagesByAddressRequest as _chaindata_evmdata_v1_ListIcmMessagesByAddressRequest, ListIcmMessagesByAddressRequest__Output as _chaindata_evmdata_v1_ListIcmMessagesByAddressRequest__Output } from '../../../chaindata/evmdata/v1/ListIcmMessagesByAddressRequest.ts';
import type { ListIcmMessagesRequest as _chaindata_evmdata_v1_ListIcmMessagesRequest, ListIcmMessagesRequest__Output as _chaindata_evmdata_v1_ListIcmMessagesRequest__Output } from '../../../chaindata/evmdata/v1/ListIcmMessagesRequest.ts';
import type { ListIcmMessagesResponse as _chaindata_evmdata_v1_ListIcmMessagesResponse, ListIcmMessagesResponse__Output as _chaindata_evmdata_v1_ListIcmMessagesResponse__Output } from '../../../chaindata/evmdata/v1/ListIcmMessagesResponse.ts';
import type { ListInternalTransactionsResponse as _chaindata_evmdata_v1_ListInternalTransactionsResponse, ListInternalTransactionsResponse__Output as _chaindata_evmdata_v1_ListInternalTransactionsResponse__Output } from '../../../chaindata/evmdata/v1/ListInternalTransactionsResponse.ts';
import type { ListLatestBlocksAllChainsRequest as _chaindata_evmdata_v1_ListLatestBlocksAllChainsRequest, ListLatestBlocksAllChainsRequest__Output as _chaindata_evmdata_v1_ListLatestBlocksAllChainsRequest__Output } from '../../../chaindata/evmdata/v1/ListLatestBlocksAllChainsRequest.ts';
import type { ListLatestBlocksRequest as _chaindata_evmdata_v1_ListLatestBlocksRequest, ListLatestBlocksRequest__Output as _chaindata_evmdata_v1_ListLatestBlocksRequest__Output } from '../../../chaindata/evmdata/v1/ListLatestBlocksRequest.ts';
import type { ListLatestTransactionsAllChainsRequest as _chaindata_evmdata_v1_ListLatestTransactionsAllChainsRequest, ListLatestTransactionsAllChainsRequest__Output as _chaindata_evmdata_v1_ListLatestTransactionsAllChainsRequest__Output } from '../../../chaindata/evmdata/v1/ListLatestTransactionsAllChainsRequest.ts';
import type { ListLatestTransactionsRequest as _chaindata_evmdata_v1_ListLatestTransactionsRequest, ListLatestTransactionsRequest__Output as _chaindata_evmdata_v1_ListLatestTransactionsRequest__Output } from '../../../chaindata/evmdata/v1/ListLatestTransactionsRequest.ts';
import type { ListNativeTransactionsResponse as _chaindata_evmdata_v1_ListNativeTransactionsResponse, ListNativeTransactionsResponse__Output as _chaindata_evmdata_v1_ListNativeTransactionsResponse__Output } from '../../../chaindata/evmdata/v1/ListNativeTransactionsResponse.ts';
import type { ListNftHoldersRequest as _chaindata_evmdata_v1_ListNftHoldersRequest, ListNftHoldersRequest__Output as _chaindata_evmdata_v1_ListNftHoldersRequest__Output } from '../../../chaindata/evmdata/v1/ListNftHoldersRequest.ts';
import type { ListNftHoldersResponse as _chaindata_evmdata_v1_ListNftHoldersResponse, ListNftHoldersResponse__Output as _chaindata_evmdata_v1_ListNftHoldersResponse__Output } from '../../../chaindata/evmdata/v1/ListNftHoldersResponse.ts';
import type { ListNftTokensRequest as _chaindata_evmdata_v1_ListNftTokensRequest, ListNftTokensRequest__Output as _chaindata_evmdata_v1_ListNftTokensRequest__Output } from '../../../chaindata/evmdata/v1/ListNftTokensRequest.ts';
import type { ListNftTokensResponse as _chaindata_evmdata_v1_ListNftTokensResponse, ListNftTokensResponse__Output as _chaindata_evmdata_v1_ListNftTokensResponse__Output } from '../../../chaindata/evmdata/v1/ListNftTokensResponse.ts';
import type { ListTokenTransfersRequest as _chaindata_evmdata_v1_ListTokenTransfersRequest, ListTokenTransfersRequest__Output as _chaindata_evmdata_v1_ListTokenTransfersRequest__Output } from '../../../chaindata/evmdata/v1/ListTokenTransfersRequest.ts';
import type { ListTokenTransfersResponse as _chaindata_evmdata_v1_ListTokenTransfersResponse, ListTokenTransfersResponse__Output as _chaindata_evmdata_v1_ListTokenTransfersResponse__Output } from '../../../chaindata/evmdata/v1/ListTokenTransfersResponse.ts';
import type { NftToken as _chaindata_evmdata_v1_NftToken, NftToken__Output as _chaindata_evmdata_v1_NftToken__Output } from '../../../chaindata/evmdata/v1/NftToken.ts';
import type { ReindexNftTokenRequest as _chaindata_evmdata_v1_ReindexNftTokenRequest, ReindexNftTokenRequest__Output as _chaindata_evmdata_v1_ReindexNftTokenRequest__Output } from '../../../chaindata/evmdata/v1/ReindexNftTokenRequest.ts';
import type { ReindexNftTokenResponse as _chaindata_evmdata_v1_ReindexNftTokenResponse, ReindexNftTokenResponse__Output as _chaindata_evmdata_v1_ReindexNftTokenResponse__Output } from '../../../chaindata/evmdata/v1/ReindexNftTokenResponse.ts';
import type { StreamAddressTransactionsRequest as _chaindata_evmdata_v1_StreamAddressTransactionsRequest, StreamAddressTransactionsRequest__Output as _chaindata_evmdata_v1_StreamAddressTransactionsRequest__Output } from '../../../chaindata/evmdata/v1/StreamAddressTransactionsRequest.ts';
import type { StreamBlockActivityRequest as _chaindata_evmdata_v1_StreamBlockActivityRequest, StreamBlockActivityRequest__Output as _chaindata_evmdata_v1_StreamBlockActivityRequest__Output } from '../../../chaindata/evmdata/v1/StreamBlockActivityRequest.ts';

export interface EvmDataServiceClient extends grpc.Client {
  GetBlock(argument: _chaindata_evmdata_v1_GetBlockRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_EvmBlock__Output>): grpc.ClientUnaryCall;
  GetBlock(argument: _chaindata_evmdata_v1_GetBlockRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_evmdata_v1_EvmBlock__Output>): grpc.ClientUnaryCall;
  GetBlock(argument: _chaindata_evmdata_v1_GetBlockRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_EvmBlock__Output>): grpc.ClientUnaryCall;
  GetBlock(argument: _chaindata_evmdata_v1_GetBlockRequest, callback: grpc.requestCallback<_chaindata_evmdata_v1_EvmBlock__Output>): grpc.ClientUnaryCall;
  getBlock(argument: _chaindata_evmdata_v1_GetBlockRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_EvmBlock__Output>): grpc.ClientUnaryCall;
  getBlock(argument: _chaindata_evmdata_v1_GetBlockRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_evmdata_v1_EvmBlock__Output>): grpc.ClientUnaryCall;
  getBlock(argument: _chaindata_evmdata_v1_GetBlockRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_EvmBlock__Output>): grpc.ClientUnaryCall;
  getBlock(argument: _chaindata_evmdata_v1_GetBlockRequest, callback: grpc.requestCallback<_chaindata_evmdata_v1_EvmBlock__Output>): grpc.ClientUnaryCall;
  
  GetChain(argument: _chaindata_evmdata_v1_GetChainRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ChainInfo__Output>): grpc.ClientUnaryCall;
  GetChain(argument: _chaindata_evmdata_v1_GetChainRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_evmdata_v1_ChainInfo__Output>): grpc.ClientUnaryCall;
  GetChain(argument: _chaindata_evmdata_v1_GetChainRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ChainInfo__Output>): grpc.ClientUnaryCall;
  GetChain(argument: _chaindata_evmdata_v1_GetChainRequest, callback: grpc.requestCallback<_chaindata_evmdata_v1_ChainInfo__Output>): grpc.ClientUnaryCall;
  getChain(argument: _chaindata_evmdata_v1_GetChainRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ChainInfo__Output>): grpc.ClientUnaryCall;
  getChain(argument: _chaindata_evmdata_v1_GetChainRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_evmdata_v1_ChainInfo__Output>): grpc.ClientUnaryCall;
  getChain(argument: _chaindata_evmdata_v1_GetChainRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ChainInfo__Output>): grpc.ClientUnaryCall;
  getChain(argument: _chaindata_evmdata_v1_GetChainRequest, callback: grpc.requestCallback<_chaindata_evmdata_v1_ChainInfo__Output>): grpc.ClientUnaryCall;
  
  GetContractMetadata(argument: _chaindata_evmdata_v1_GetContractMetadataRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ContractMetadata__Output>): grpc.ClientUnaryCall;
  GetContractMetadata(argument: _chaindata_evmdata_v1_GetContractMetadataRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_evmdata_v1_ContractMetadata__Output>): grpc.ClientUnaryCall;
  GetContractMetadata(argument: _chaindata_evmdata_v1_GetContractMetadataRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ContractMetadata__Output>): grpc.ClientUnaryCall;
  GetContractMetadata(argument: _chaindata_evmdata_v1_GetContractMetadataRequest, callback: grpc.requestCallback<_chaindata_evmdata_v1_ContractMetadata__Output>): grpc.ClientUnaryCall;
  getContractMetadata(argument: _chaindata_evmdata_v1_GetContractMetadataRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ContractMetadata__Output>): grpc.ClientUnaryCall;
  getContractMetadata(argument: _chaindata_evmdata_v1_GetContractMetadataRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_evmdata_v1_ContractMetadata__Output>): grpc.ClientUnaryCall;
  getContractMetadata(argument: _chaindata_evmdata_v1_GetContractMetadataRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ContractMetadata__Output>): grpc.ClientUnaryCall;
  getContractMetadata(argument: _chaindata_evmdata_v1_GetContractMetadataRequest, callback: grpc.requestCallback<_chaindata_evmdata_v1_ContractMetadata__Output>): grpc.ClientUnaryCall;
  
  GetDeploymentTransaction(argument: _chaindata_evmdata_v1_GetDeploymentTransactionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_GetTransactionResponse__Output>): grpc.ClientUnaryCall;
  GetDeploymentTransaction(argument: _chaindata_evmdata_v1_GetDeploymentTransactionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_evmdata_v1_GetTransactionResponse__Output>): grpc.ClientUnaryCall;
  GetDeploymentTransaction(argument: _chaindata_evmdata_v1_GetDeploymentTransactionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_GetTransactionResponse__Output>): grpc.ClientUnaryCall;
  GetDeploymentTransaction(argument: _chaindata_evmdata_v1_GetDeploymentTransactionRequest, callback: grpc.requestCallback<_chaindata_evmdata_v1_GetTransactionResponse__Output>): grpc.ClientUnaryCall;
  getDeploymentTransaction(argument: _chaindata_evmdata_v1_GetDeploymentTransactionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_GetTransactionResponse__Output>): grpc.ClientUnaryCall;
  getDeploymentTransaction(argument: _chaindata_evmdata_v1_GetDeploymentTransactionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_evmdata_v1_GetTransactionResponse__Output>): grpc.ClientUnaryCall;
  getDeploymentTransaction(argument: _chaindata_evmdata_v1_GetDeploymentTransactionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_GetTransactionResponse__Output>): grpc.ClientUnaryCall;
  getDeploymentTransaction(argument: _chaindata_evmdata_v1_GetDeploymentTransactionRequest, callback: grpc.requestCallback<_chaindata_evmdata_v1_GetTransactionResponse__Output>): grpc.ClientUnaryCall;
  
  GetIcmMessage(argument: _chaindata_evmdata_v1_GetIcmMessageRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_IcmMessage__Output>): grpc.ClientUnaryCall;
  GetIcmMessage(argument: _chaindata_evmdata_v1_GetIcmMessageRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_evmdata_v1_IcmMessage__Output>): grpc.ClientUnaryCall;
  GetIcmMessage(argument: _chaindata_evmdata_v1_GetIcmMessageRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_IcmMessage__Output>): grpc.ClientUnaryCall;
  GetIcmMessage(argument: _chaindata_evmdata_v1_GetIcmMessageRequest, callback: grpc.requestCallback<_chaindata_evmdata_v1_IcmMessage__Output>): grpc.ClientUnaryCall;
  getIcmMessage(argument: _chaindata_evmdata_v1_GetIcmMessageRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_IcmMessage__Output>): grpc.ClientUnaryCall;
  getIcmMessage(argument: _chaindata_evmdata_v1_GetIcmMessageRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_evmdata_v1_IcmMessage__Output>): grpc.ClientUnaryCall;
  getIcmMessage(argument: _chaindata_evmdata_v1_GetIcmMessageRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_IcmMessage__Output>): grpc.ClientUnaryCall;
  getIcmMessage(argument: _chaindata_evmdata_v1_GetIcmMessageRequest, callback: grpc.requestCallback<_chaindata_evmdata_v1_IcmMessage__Output>): grpc.ClientUnaryCall;
  
  GetIngestionStatus(argument: _chaindata_evmdata_v1_GetIngestionStatusRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_IngestionStatus__Output>): grpc.ClientUnaryCall;
  GetIngestionStatus(argument: _chaindata_evmdata_v1_GetIngestionStatusRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_evmdata_v1_IngestionStatus__Output>): grpc.ClientUnaryCall;
  GetIngestionStatus(argument: _chaindata_evmdata_v1_GetIngestionStatusRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_IngestionStatus__Output>): grpc.ClientUnaryCall;
  GetIngestionStatus(argument: _chaindata_evmdata_v1_GetIngestionStatusRequest, callback: grpc.requestCallback<_chaindata_evmdata_v1_IngestionStatus__Output>): grpc.ClientUnaryCall;
  getIngestionStatus(argument: _chaindata_evmdata_v1_GetIngestionStatusRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_IngestionStatus__Output>): grpc.ClientUnaryCall;
  getIngestionStatus(argument: _chaindata_evmdata_v1_GetIngestionStatusRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_evmdata_v1_IngestionStatus__Output>): grpc.ClientUnaryCall;
  getIngestionStatus(argument: _chaindata_evmdata_v1_GetIngestionStatusRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_IngestionStatus__Output>): grpc.ClientUnaryCall;
  getIngestionStatus(argument: _chaindata_evmdata_v1_GetIngestionStatusRequest, callback: grpc.requestCallback<_chaindata_evmdata_v1_IngestionStatus__Output>): grpc.ClientUnaryCall;
  
  GetNativeBalance(argument: _chaindata_evmdata_v1_GetNativeBalanceRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_GetNativeBalanceResponse__Output>): grpc.ClientUnaryCall;
  GetNativeBalance(argument: _chaindata_evmdata_v1_GetNativeBalanceRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_evmdata_v1_GetNativeBalanceResponse__Output>): grpc.ClientUnaryCall;
  GetNativeBalance(argument: _chaindata_evmdata_v1_GetNativeBalanceRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_GetNativeBalanceResponse__Output>): grpc.ClientUnaryCall;
  GetNativeBalance(argument: _chaindata_evmdata_v1_GetNativeBalanceRequest, callback: grpc.requestCallback<_chaindata_evmdata_v1_GetNativeBalanceResponse__Output>): grpc.ClientUnaryCall;
  getNativeBalance(argument: _chaindata_evmdata_v1_GetNativeBalanceRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_GetNativeBalanceResponse__Output>): grpc.ClientUnaryCall;
  getNativeBalance(argument: _chaindata_evmdata_v1_GetNativeBalanceRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_evmdata_v1_GetNativeBalanceResponse__Output>): grpc.ClientUnaryCall;
  getNativeBalance(argument: _chaindata_evmdata_v1_GetNativeBalanceRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_GetNativeBalanceResponse__Output>): grpc.ClientUnaryCall;
  getNativeBalance(argument: _chaindata_evmdata_v1_GetNativeBalanceRequest, callback: grpc.requestCallback<_chaindata_evmdata_v1_GetNativeBalanceResponse__Output>): grpc.ClientUnaryCall;
  
  GetNftToken(argument: _chaindata_evmdata_v1_GetNftTokenRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_NftToken__Output>): grpc.ClientUnaryCall;
  GetNftToken(argument: _chaindata_evmdata_v1_GetNftTokenRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_evmdata_v1_NftToken__Output>): grpc.ClientUnaryCall;
  GetNftToken(argument: _chaindata_evmdata_v1_GetNftTokenRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_NftToken__Output>): grpc.ClientUnaryCall;
  GetNftToken(argument: _chaindata_evmdata_v1_GetNftTokenRequest, callback: grpc.requestCallback<_chaindata_evmdata_v1_NftToken__Output>): grpc.ClientUnaryCall;
  getNftToken(argument: _chaindata_evmdata_v1_GetNftTokenRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_NftToken__Output>): grpc.ClientUnaryCall;
  getNftToken(argument: _chaindata_evmdata_v1_GetNftTokenRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_evmdata_v1_NftToken__Output>): grpc.ClientUnaryCall;
  getNftToken(argument: _chaindata_evmdata_v1_GetNftTokenRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_NftToken__Output>): grpc.ClientUnaryCall;
  getNftToken(argument: _chaindata_evmdata_v1_GetNftTokenRequest, callback: grpc.requestCallback<_chaindata_evmdata_v1_NftToken__Output>): grpc.ClientUnaryCall;
  
  GetTransaction(argument: _chaindata_evmdata_v1_GetTransactionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_GetTransactionResponse__Output>): grpc.ClientUnaryCall;
  GetTransaction(argument: _chaindata_evmdata_v1_GetTransactionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_evmdata_v1_GetTransactionResponse__Output>): grpc.ClientUnaryCall;
  GetTransaction(argument: _chaindata_evmdata_v1_GetTransactionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_GetTransactionResponse__Output>): grpc.ClientUnaryCall;
  GetTransaction(argument: _chaindata_evmdata_v1_GetTransactionRequest, callback: grpc.requestCallback<_chaindata_evmdata_v1_GetTransactionResponse__Output>): grpc.ClientUnaryCall;
  getTransaction(argument: _chaindata_evmdata_v1_GetTransactionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_GetTransactionResponse__Output>): grpc.ClientUnaryCall;
  getTransaction(argument: _chaindata_evmdata_v1_GetTransactionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_evmdata_v1_GetTransactionResponse__Output>): grpc.ClientUnaryCall;
  getTransaction(argument: _chaindata_evmdata_v1_GetTransactionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_GetTransactionResponse__Output>): grpc.ClientUnaryCall;
  getTransaction(argument: _chaindata_evmdata_v1_GetTransactionRequest, callback: grpc.requestCallback<_chaindata_evmdata_v1_GetTransactionResponse__Output>): grpc.ClientUnaryCall;
  
  ListAddressChains(argument: _chaindata_evmdata_v1_ListAddressChainsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListAddressChainsResponse__Output>): grpc.ClientUnaryCall;
  ListAddressChains(argument: _chaindata_evmdata_v1_ListAddressChainsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListAddressChainsResponse__Output>): grpc.ClientUnaryCall;
  ListAddressChains(argument: _chaindata_evmdata_v1_ListAddressChainsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListAddressChainsResponse__Output>): grpc.ClientUnaryCall;
  ListAddressChains(argument: _chaindata_evmdata_v1_ListAddressChainsRequest, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListAddressChainsResponse__Output>): grpc.ClientUnaryCall;
  listAddressChains(argument: _chaindata_evmdata_v1_ListAddressChainsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListAddressChainsResponse__Output>): grpc.ClientUnaryCall;
  listAddressChains(argument: _chaindata_evmdata_v1_ListAddressChainsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListAddressChainsResponse__Output>): grpc.ClientUnaryCall;
  listAddressChains(argument: _chaindata_evmdata_v1_ListAddressChainsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListAddressChainsResponse__Output>): grpc.ClientUnaryCall;
  listAddressChains(argument: _chaindata_evmdata_v1_ListAddressChainsRequest, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListAddressChainsResponse__Output>): grpc.ClientUnaryCall;
  
  ListAddressInternalTransactions(argument: _chaindata_evmdata_v1_ListAddressActivityRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListInternalTransactionsResponse__Output>): grpc.ClientUnaryCall;
  ListAddressInternalTransactions(argument: _chaindata_evmdata_v1_ListAddressActivityRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListInternalTransactionsResponse__Output>): grpc.ClientUnaryCall;
  ListAddressInternalTransactions(argument: _chaindata_evmdata_v1_ListAddressActivityRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListInternalTransactionsResponse__Output>): grpc.ClientUnaryCall;
  ListAddressInternalTransactions(argument: _chaindata_evmdata_v1_ListAddressActivityRequest, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListInternalTransactionsResponse__Output>): grpc.ClientUnaryCall;
  listAddressInternalTransactions(argument: _chaindata_evmdata_v1_ListAddressActivityRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListInternalTransactionsResponse__Output>): grpc.ClientUnaryCall;
  listAddressInternalTransactions(argument: _chaindata_evmdata_v1_ListAddressActivityRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListInternalTransactionsResponse__Output>): grpc.ClientUnaryCall;
  listAddressInternalTransactions(argument: _chaindata_evmdata_v1_ListAddressActivityRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListInternalTransactionsResponse__Output>): grpc.ClientUnaryCall;
  listAddressInternalTransactions(argument: _chaindata_evmdata_v1_ListAddressActivityRequest, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListInternalTransactionsResponse__Output>): grpc.ClientUnaryCall;
  
  ListAddressNativeTransactions(argument: _chaindata_evmdata_v1_ListAddressActivityRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListNativeTransactionsResponse__Output>): grpc.ClientUnaryCall;
  ListAddressNativeTransactions(argument: _chaindata_evmdata_v1_ListAddressActivityRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListNativeTransactionsResponse__Output>): grpc.ClientUnaryCall;
  ListAddressNativeTransactions(argument: _chaindata_evmdata_v1_ListAddressActivityRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListNativeTransactionsResponse__Output>): grpc.ClientUnaryCall;
  ListAddressNativeTransactions(argument: _chaindata_evmdata_v1_ListAddressActivityRequest, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListNativeTransactionsResponse__Output>): grpc.ClientUnaryCall;
  listAddressNativeTransactions(argument: _chaindata_evmdata_v1_ListAddressActivityRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListNativeTransactionsResponse__Output>): grpc.ClientUnaryCall;
  listAddressNativeTransactions(argument: _chaindata_evmdata_v1_ListAddressActivityRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListNativeTransactionsResponse__Output>): grpc.ClientUnaryCall;
  listAddressNativeTransactions(argument: _chaindata_evmdata_v1_ListAddressActivityRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListNativeTransactionsResponse__Output>): grpc.ClientUnaryCall;
  listAddressNativeTransactions(argument: _chaindata_evmdata_v1_ListAddressActivityRequest, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListNativeTransactionsResponse__Output>): grpc.ClientUnaryCall;
  
  ListAddressTokenTransfers(argument: _chaindata_evmdata_v1_ListAddressTokenTransfersRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListTokenTransfersResponse__Output>): grpc.ClientUnaryCall;
  ListAddressTokenTransfers(argument: _chaindata_evmdata_v1_ListAddressTokenTransfersRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListTokenTransfersResponse__Output>): grpc.ClientUnaryCall;
  ListAddressTokenTransfers(argument: _chaindata_evmdata_v1_ListAddressTokenTransfersRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListTokenTransfersResponse__Output>): grpc.ClientUnaryCall;
  ListAddressTokenTransfers(argument: _chaindata_evmdata_v1_ListAddressTokenTransfersRequest, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListTokenTransfersResponse__Output>): grpc.ClientUnaryCall;
  listAddressTokenTransfers(argument: _chaindata_evmdata_v1_ListAddressTokenTransfersRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListTokenTransfersResponse__Output>): grpc.ClientUnaryCall;
  listAddressTokenTransfers(argument: _chaindata_evmdata_v1_ListAddressTokenTransfersRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListTokenTransfersResponse__Output>): grpc.ClientUnaryCall;
  listAddressTokenTransfers(argument: _chaindata_evmdata_v1_ListAddressTokenTransfersRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListTokenTransfersResponse__Output>): grpc.ClientUnaryCall;
  listAddressTokenTransfers(argument: _chaindata_evmdata_v1_ListAddressTokenTransfersRequest, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListTokenTransfersResponse__Output>): grpc.ClientUnaryCall;
  
  ListAddressTransactions(argument: _chaindata_evmdata_v1_ListAddressTransactionsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListAddressTransactionsResponse__Output>): grpc.ClientUnaryCall;
  ListAddressTransactions(argument: _chaindata_evmdata_v1_ListAddressTransactionsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListAddressTransactionsResponse__Output>): grpc.ClientUnaryCall;
  ListAddressTransactions(argument: _chaindata_evmdata_v1_ListAddressTransactionsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListAddressTransactionsResponse__Output>): grpc.ClientUnaryCall;
  ListAddressTransactions(argument: _chaindata_evmdata_v1_ListAddressTransactionsRequest, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListAddressTransactionsResponse__Output>): grpc.ClientUnaryCall;
  listAddressTransactions(argument: _chaindata_evmdata_v1_ListAddressTransactionsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListAddressTransactionsResponse__Output>): grpc.ClientUnaryCall;
  listAddressTransactions(argument: _chaindata_evmdata_v1_ListAddressTransactionsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListAddressTransactionsResponse__Output>): grpc.ClientUnaryCall;
  listAddressTransactions(argument: _chaindata_evmdata_v1_ListAddressTransactionsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListAddressTransactionsResponse__Output>): grpc.ClientUnaryCall;
  listAddressTransactions(argument: _chaindata_evmdata_v1_ListAddressTransactionsRequest, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListAddressTransactionsResponse__Output>): grpc.ClientUnaryCall;
  
  ListBlockTransactions(argument: _chaindata_evmdata_v1_ListBlockTransactionsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListNativeTransactionsResponse__Output>): grpc.ClientUnaryCall;
  ListBlockTransactions(argument: _chaindata_evmdata_v1_ListBlockTransactionsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListNativeTransactionsResponse__Output>): grpc.ClientUnaryCall;
  ListBlockTransactions(argument: _chaindata_evmdata_v1_ListBlockTransactionsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListNativeTransactionsResponse__Output>): grpc.ClientUnaryCall;
  ListBlockTransactions(argument: _chaindata_evmdata_v1_ListBlockTransactionsRequest, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListNativeTransactionsResponse__Output>): grpc.ClientUnaryCall;
  listBlockTransactions(argument: _chaindata_evmdata_v1_ListBlockTransactionsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListNativeTransactionsResponse__Output>): grpc.ClientUnaryCall;
  listBlockTransactions(argument: _chaindata_evmdata_v1_ListBlockTransactionsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListNativeTransactionsResponse__Output>): grpc.ClientUnaryCall;
  listBlockTransactions(argument: _chaindata_evmdata_v1_ListBlockTransactionsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListNativeTransactionsResponse__Output>): grpc.ClientUnaryCall;
  listBlockTransactions(argument: _chaindata_evmdata_v1_ListBlockTransactionsRequest, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListNativeTransactionsResponse__Output>): grpc.ClientUnaryCall;
  
  ListChains(argument: _chaindata_evmdata_v1_ListChainsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListChainsResponse__Output>): grpc.ClientUnaryCall;
  ListChains(argument: _chaindata_evmdata_v1_ListChainsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListChainsResponse__Output>): grpc.ClientUnaryCall;
  ListChains(argument: _chaindata_evmdata_v1_ListChainsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListChainsResponse__Output>): grpc.ClientUnaryCall;
  ListChains(argument: _chaindata_evmdata_v1_ListChainsRequest, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListChainsResponse__Output>): grpc.ClientUnaryCall;
  listChains(argument: _chaindata_evmdata_v1_ListChainsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListChainsResponse__Output>): grpc.ClientUnaryCall;
  listChains(argument: _chaindata_evmdata_v1_ListChainsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListChainsResponse__Output>): grpc.ClientUnaryCall;
  listChains(argument: _chaindata_evmdata_v1_ListChainsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListChainsResponse__Output>): grpc.ClientUnaryCall;
  listChains(argument: _chaindata_evmdata_v1_ListChainsRequest, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListChainsResponse__Output>): grpc.ClientUnaryCall;
  
  ListCollectibleBalances(argument: _chaindata_evmdata_v1_ListCollectibleBalancesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListCollectibleBalancesResponse__Output>): grpc.ClientUnaryCall;
  ListCollectibleBalances(argument: _chaindata_evmdata_v1_ListCollectibleBalancesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListCollectibleBalancesResponse__Output>): grpc.ClientUnaryCall;
  ListCollectibleBalances(argument: _chaindata_evmdata_v1_ListCollectibleBalancesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListCollectibleBalancesResponse__Output>): grpc.ClientUnaryCall;
  ListCollectibleBalances(argument: _chaindata_evmdata_v1_ListCollectibleBalancesRequest, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListCollectibleBalancesResponse__Output>): grpc.ClientUnaryCall;
  listCollectibleBalances(argument: _chaindata_evmdata_v1_ListCollectibleBalancesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListCollectibleBalancesResponse__Output>): grpc.ClientUnaryCall;
  listCollectibleBalances(argument: _chaindata_evmdata_v1_ListCollectibleBalancesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListCollectibleBalancesResponse__Output>): grpc.ClientUnaryCall;
  listCollectibleBalances(argument: _chaindata_evmdata_v1_ListCollectibleBalancesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListCollectibleBalancesResponse__Output>): grpc.ClientUnaryCall;
  listCollectibleBalances(argument: _chaindata_evmdata_v1_ListCollectibleBalancesRequest, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListCollectibleBalancesResponse__Output>): grpc.ClientUnaryCall;
  
  ListContractDeployments(argument: _chaindata_evmdata_v1_ListContractDeploymentsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListContractsResponse__Output>): grpc.ClientUnaryCall;
  ListContractDeployments(argument: _chaindata_evmdata_v1_ListContractDeploymentsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListContractsResponse__Output>): grpc.ClientUnaryCall;
  ListContractDeployments(argument: _chaindata_evmdata_v1_ListContractDeploymentsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListContractsResponse__Output>): grpc.ClientUnaryCall;
  ListContractDeployments(argument: _chaindata_evmdata_v1_ListContractDeploymentsRequest, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListContractsResponse__Output>): grpc.ClientUnaryCall;
  listContractDeployments(argument: _chaindata_evmdata_v1_ListContractDeploymentsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListContractsResponse__Output>): grpc.ClientUnaryCall;
  listContractDeployments(argument: _chaindata_evmdata_v1_ListContractDeploymentsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListContractsResponse__Output>): grpc.ClientUnaryCall;
  listContractDeployments(argument: _chaindata_evmdata_v1_ListContractDeploymentsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListContractsResponse__Output>): grpc.ClientUnaryCall;
  listContractDeployments(argument: _chaindata_evmdata_v1_ListContractDeploymentsRequest, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListContractsResponse__Output>): grpc.ClientUnaryCall;
  
  ListErc1155Balances(argument: _chaindata_evmdata_v1_ListErc1155BalancesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListErc1155BalancesResponse__Output>): grpc.ClientUnaryCall;
  ListErc1155Balances(argument: _chaindata_evmdata_v1_ListErc1155BalancesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListErc1155BalancesResponse__Output>): grpc.ClientUnaryCall;
  ListErc1155Balances(argument: _chaindata_evmdata_v1_ListErc1155BalancesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListErc1155BalancesResponse__Output>): grpc.ClientUnaryCall;
  ListErc1155Balances(argument: _chaindata_evmdata_v1_ListErc1155BalancesRequest, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListErc1155BalancesResponse__Output>): grpc.ClientUnaryCall;
  listErc1155Balances(argument: _chaindata_evmdata_v1_ListErc1155BalancesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListErc1155BalancesResponse__Output>): grpc.ClientUnaryCall;
  listErc1155Balances(argument: _chaindata_evmdata_v1_ListErc1155BalancesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListErc1155BalancesResponse__Output>): grpc.ClientUnaryCall;
  listErc1155Balances(argument: _chaindata_evmdata_v1_ListErc1155BalancesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListErc1155BalancesResponse__Output>): grpc.ClientUnaryCall;
  listErc1155Balances(argument: _chaindata_evmdata_v1_ListErc1155BalancesRequest, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListErc1155BalancesResponse__Output>): grpc.ClientUnaryCall;
  
  ListErc20Balances(argument: _chaindata_evmdata_v1_ListErc20BalancesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListErc20BalancesResponse__Output>): grpc.ClientUnaryCall;
  ListErc20Balances(argument: _chaindata_evmdata_v1_ListErc20BalancesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListErc20BalancesResponse__Output>): grpc.ClientUnaryCall;
  ListErc20Balances(argument: _chaindata_evmdata_v1_ListErc20BalancesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListErc20BalancesResponse__Output>): grpc.ClientUnaryCall;
  ListErc20Balances(argument: _chaindata_evmdata_v1_ListErc20BalancesRequest, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListErc20BalancesResponse__Output>): grpc.ClientUnaryCall;
  listErc20Balances(argument: _chaindata_evmdata_v1_ListErc20BalancesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListErc20BalancesResponse__Output>): grpc.ClientUnaryCall;
  listErc20Balances(argument: _chaindata_evmdata_v1_ListErc20BalancesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListErc20BalancesResponse__Output>): grpc.ClientUnaryCall;
  listErc20Balances(argument: _chaindata_evmdata_v1_ListErc20BalancesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListErc20BalancesResponse__Output>): grpc.ClientUnaryCall;
  listErc20Balances(argument: _chaindata_evmdata_v1_ListErc20BalancesRequest, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListErc20BalancesResponse__Output>): grpc.ClientUnaryCall;
  
  ListErc20HoldersOverTime(argument: _chaindata_evmdata_v1_ListErc20HoldersOverTimeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListErc20HoldersOverTimeResponse__Output>): grpc.ClientUnaryCall;
  ListErc20HoldersOverTime(argument: _chaindata_evmdata_v1_ListErc20HoldersOverTimeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListErc20HoldersOverTimeResponse__Output>): grpc.ClientUnaryCall;
  ListErc20HoldersOverTime(argument: _chaindata_evmdata_v1_ListErc20HoldersOverTimeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListErc20HoldersOverTimeResponse__Output>): grpc.ClientUnaryCall;
  ListErc20HoldersOverTime(argument: _chaindata_evmdata_v1_ListErc20HoldersOverTimeRequest, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListErc20HoldersOverTimeResponse__Output>): grpc.ClientUnaryCall;
  listErc20HoldersOverTime(argument: _chaindata_evmdata_v1_ListErc20HoldersOverTimeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListErc20HoldersOverTimeResponse__Output>): grpc.ClientUnaryCall;
  listErc20HoldersOverTime(argument: _chaindata_evmdata_v1_ListErc20HoldersOverTimeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListErc20HoldersOverTimeResponse__Output>): grpc.ClientUnaryCall;
  listErc20HoldersOverTime(argument: _chaindata_evmdata_v1_ListErc20HoldersOverTimeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListErc20HoldersOverTimeResponse__Output>): grpc.ClientUnaryCall;
  listErc20HoldersOverTime(argument: _chaindata_evmdata_v1_ListErc20HoldersOverTimeRequest, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListErc20HoldersOverTimeResponse__Output>): grpc.ClientUnaryCall;
  
  ListErc721Balances(argument: _chaindata_evmdata_v1_ListErc721BalancesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListErc721BalancesResponse__Output>): grpc.ClientUnaryCall;
  ListErc721Balances(argument: _chaindata_evmdata_v1_ListErc721BalancesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListErc721BalancesResponse__Output>): grpc.ClientUnaryCall;
  ListErc721Balances(argument: _chaindata_evmdata_v1_ListErc721BalancesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListErc721BalancesResponse__Output>): grpc.ClientUnaryCall;
  ListErc721Balances(argument: _chaindata_evmdata_v1_ListErc721BalancesRequest, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListErc721BalancesResponse__Output>): grpc.ClientUnaryCall;
  listErc721Balances(argument: _chaindata_evmdata_v1_ListErc721BalancesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListErc721BalancesResponse__Output>): grpc.ClientUnaryCall;
  listErc721Balances(argument: _chaindata_evmdata_v1_ListErc721BalancesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListErc721BalancesResponse__Output>): grpc.ClientUnaryCall;
  listErc721Balances(argument: _chaindata_evmdata_v1_ListErc721BalancesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListErc721BalancesResponse__Output>): grpc.ClientUnaryCall;
  listErc721Balances(argument: _chaindata_evmdata_v1_ListErc721BalancesRequest, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListErc721BalancesResponse__Output>): grpc.ClientUnaryCall;
  
  ListIcmMessages(argument: _chaindata_evmdata_v1_ListIcmMessagesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListIcmMessagesResponse__Output>): grpc.ClientUnaryCall;
  ListIcmMessages(argument: _chaindata_evmdata_v1_ListIcmMessagesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListIcmMessagesResponse__Output>): grpc.ClientUnaryCall;
  ListIcmMessages(argument: _chaindata_evmdata_v1_ListIcmMessagesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListIcmMessagesResponse__Output>): grpc.ClientUnaryCall;
  ListIcmMessages(argument: _chaindata_evmdata_v1_ListIcmMessagesRequest, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListIcmMessagesResponse__Output>): grpc.ClientUnaryCall;
  listIcmMessages(argument: _chaindata_evmdata_v1_ListIcmMessagesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListIcmMessagesResponse__Output>): grpc.ClientUnaryCall;
  listIcmMessages(argument: _chaindata_evmdata_v1_ListIcmMessagesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListIcmMessagesResponse__Output>): grpc.ClientUnaryCall;
  listIcmMessages(argument: _chaindata_evmdata_v1_ListIcmMessagesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListIcmMessagesResponse__Output>): grpc.ClientUnaryCall;
  listIcmMessages(argument: _chaindata_evmdata_v1_ListIcmMessagesRequest, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListIcmMessagesResponse__Output>): grpc.ClientUnaryCall;
  
  ListIcmMessagesByAddress(argument: _chaindata_evmdata_v1_ListIcmMessagesByAddressRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListIcmMessagesResponse__Output>): grpc.ClientUnaryCall;
  ListIcmMessagesByAddress(argument: _chaindata_evmdata_v1_ListIcmMessagesByAddressRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListIcmMessagesResponse__Output>): grpc.ClientUnaryCall;
  ListIcmMessagesByAddress(argument: _chaindata_evmdata_v1_ListIcmMessagesByAddressRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListIcmMessagesResponse__Output>): grpc.ClientUnaryCall;
  ListIcmMessagesByAddress(argument: _chaindata_evmdata_v1_ListIcmMessagesByAddressRequest, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListIcmMessagesResponse__Output>): grpc.ClientUnaryCall;
  listIcmMessagesByAddress(argument: _chaindata_evmdata_v1_ListIcmMessagesByAddressRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListIcmMessagesResponse__Output>): grpc.ClientUnaryCall;
  listIcmMessagesByAddress(argument: _chaindata_evmdata_v1_ListIcmMessagesByAddressRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListIcmMessagesResponse__Output>): grpc.ClientUnaryCall;
  listIcmMessagesByAddress(argument: _chaindata_evmdata_v1_ListIcmMessagesByAddressRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListIcmMessagesResponse__Output>): grpc.ClientUnaryCall;
  listIcmMessagesByAddress(argument: _chaindata_evmdata_v1_ListIcmMessagesByAddressRequest, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListIcmMessagesResponse__Output>): grpc.ClientUnaryCall;
  
  ListLatestBlocks(argument: _chaindata_evmdata_v1_ListLatestBlocksRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListEvmBlocksResponse__Output>): grpc.ClientUnaryCall;
  ListLatestBlocks(argument: _chaindata_evmdata_v1_ListLatestBlocksRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListEvmBlocksResponse__Output>): grpc.ClientUnaryCall;
  ListLatestBlocks(argument: _chaindata_evmdata_v1_ListLatestBlocksRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListEvmBlocksResponse__Output>): grpc.ClientUnaryCall;
  ListLatestBlocks(argument: _chaindata_evmdata_v1_ListLatestBlocksRequest, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListEvmBlocksResponse__Output>): grpc.ClientUnaryCall;
  listLatestBlocks(argument: _chaindata_evmdata_v1_ListLatestBlocksRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListEvmBlocksResponse__Output>): grpc.ClientUnaryCall;
  listLatestBlocks(argument: _chaindata_evmdata_v1_ListLatestBlocksRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListEvmBlocksResponse__Output>): grpc.ClientUnaryCall;
  listLatestBlocks(argument: _chaindata_evmdata_v1_ListLatestBlocksRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListEvmBlocksResponse__Output>): grpc.ClientUnaryCall;
  listLatestBlocks(argument: _chaindata_evmdata_v1_ListLatestBlocksRequest, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListEvmBlocksResponse__Output>): grpc.ClientUnaryCall;
  
  ListLatestBlocksAllChains(argument: _chaindata_evmdata_v1_ListLatestBlocksAllChainsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListEvmBlocksResponse__Output>): grpc.ClientUnaryCall;
  ListLatestBlocksAllChains(argument: _chaindata_evmdata_v1_ListLatestBlocksAllChainsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListEvmBlocksResponse__Output>): grpc.ClientUnaryCall;
  ListLatestBlocksAllChains(argument: _chaindata_evmdata_v1_ListLatestBlocksAllChainsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListEvmBlocksResponse__Output>): grpc.ClientUnaryCall;
  ListLatestBlocksAllChains(argument: _chaindata_evmdata_v1_ListLatestBlocksAllChainsRequest, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListEvmBlocksResponse__Output>): grpc.ClientUnaryCall;
  listLatestBlocksAllChains(argument: _chaindata_evmdata_v1_ListLatestBlocksAllChainsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListEvmBlocksResponse__Output>): grpc.ClientUnaryCall;
  listLatestBlocksAllChains(argument: _chaindata_evmdata_v1_ListLatestBlocksAllChainsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListEvmBlocksResponse__Output>): grpc.ClientUnaryCall;
  listLatestBlocksAllChains(argument: _chaindata_evmdata_v1_ListLatestBlocksAllChainsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListEvmBlocksResponse__Output>): grpc.ClientUnaryCall;
  listLatestBlocksAllChains(argument: _chaindata_evmdata_v1_ListLatestBlocksAllChainsRequest, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListEvmBlocksResponse__Output>): grpc.ClientUnaryCall;
  
  ListLatestTransactions(argument: _chaindata_evmdata_v1_ListLatestTransactionsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListNativeTransactionsResponse__Output>): grpc.ClientUnaryCall;
  ListLatestTransactions(argument: _chaindata_evmdata_v1_ListLatestTransactionsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListNativeTransactionsResponse__Output>): grpc.ClientUnaryCall;
  ListLatestTransactions(argument: _chaindata_evmdata_v1_ListLatestTransactionsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListNativeTransactionsResponse__Output>): grpc.ClientUnaryCall;
  ListLatestTransactions(argument: _chaindata_evmdata_v1_ListLatestTransactionsRequest, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListNativeTransactionsResponse__Output>): grpc.ClientUnaryCall;
  listLatestTransactions(argument: _chaindata_evmdata_v1_ListLatestTransactionsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListNativeTransactionsResponse__Output>): grpc.ClientUnaryCall;
  listLatestTransactions(argument: _chaindata_evmdata_v1_ListLatestTransactionsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListNativeTransactionsResponse__Output>): grpc.ClientUnaryCall;
  listLatestTransactions(argument: _chaindata_evmdata_v1_ListLatestTransactionsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListNativeTransactionsResponse__Output>): grpc.ClientUnaryCall;
  listLatestTransactions(argument: _chaindata_evmdata_v1_ListLatestTransactionsRequest, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListNativeTransactionsResponse__Output>): grpc.ClientUnaryCall;
  
  ListLatestTransactionsAllChains(argument: _chaindata_evmdata_v1_ListLatestTransactionsAllChainsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListNativeTransactionsResponse__Output>): grpc.ClientUnaryCall;
  ListLatestTransactionsAllChains(argument: _chaindata_evmdata_v1_ListLatestTransactionsAllChainsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListNativeTransactionsResponse__Output>): grpc.ClientUnaryCall;
  ListLatestTransactionsAllChains(argument: _chaindata_evmdata_v1_ListLatestTransactionsAllChainsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListNativeTransactionsResponse__Output>): grpc.ClientUnaryCall;
  ListLatestTransactionsAllChains(argument: _chaindata_evmdata_v1_ListLatestTransactionsAllChainsRequest, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListNativeTransactionsResponse__Output>): grpc.ClientUnaryCall;
  listLatestTransactionsAllChains(argument: _chaindata_evmdata_v1_ListLatestTransactionsAllChainsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListNativeTransactionsResponse__Output>): grpc.ClientUnaryCall;
  listLatestTransactionsAllChains(argument: _chaindata_evmdata_v1_ListLatestTransactionsAllChainsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListNativeTransactionsResponse__Output>): grpc.ClientUnaryCall;
  listLatestTransactionsAllChains(argument: _chaindata_evmdata_v1_ListLatestTransactionsAllChainsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListNativeTransactionsResponse__Output>): grpc.ClientUnaryCall;
  listLatestTransactionsAllChains(argument: _chaindata_evmdata_v1_ListLatestTransactionsAllChainsRequest, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListNativeTransactionsResponse__Output>): grpc.ClientUnaryCall;
  
  ListNftHolders(argument: _chaindata_evmdata_v1_ListNftHoldersRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListNftHoldersResponse__Output>): grpc.ClientUnaryCall;
  ListNftHolders(argument: _chaindata_evmdata_v1_ListNftHoldersRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListNftHoldersResponse__Output>): grpc.ClientUnaryCall;
  ListNftHolders(argument: _chaindata_evmdata_v1_ListNftHoldersRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListNftHoldersResponse__Output>): grpc.ClientUnaryCall;
  ListNftHolders(argument: _chaindata_evmdata_v1_ListNftHoldersRequest, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListNftHoldersResponse__Output>): grpc.ClientUnaryCall;
  listNftHolders(argument: _chaindata_evmdata_v1_ListNftHoldersRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListNftHoldersResponse__Output>): grpc.ClientUnaryCall;
  listNftHolders(argument: _chaindata_evmdata_v1_ListNftHoldersRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListNftHoldersResponse__Output>): grpc.ClientUnaryCall;
  listNftHolders(argument: _chaindata_evmdata_v1_ListNftHoldersRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListNftHoldersResponse__Output>): grpc.ClientUnaryCall;
  listNftHolders(argument: _chaindata_evmdata_v1_ListNftHoldersRequest, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListNftHoldersResponse__Output>): grpc.ClientUnaryCall;
  
  ListNftTokens(argument: _chaindata_evmdata_v1_ListNftTokensRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListNftTokensResponse__Output>): grpc.ClientUnaryCall;
  ListNftTokens(argument: _chaindata_evmdata_v1_ListNftTokensRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListNftTokensResponse__Output>): grpc.ClientUnaryCall;
  ListNftTokens(argument: _chaindata_evmdata_v1_ListNftTokensRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListNftTokensResponse__Output>): grpc.ClientUnaryCall;
  ListNftTokens(argument: _chaindata_evmdata_v1_ListNftTokensRequest, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListNftTokensResponse__Output>): grpc.ClientUnaryCall;
  listNftTokens(argument: _chaindata_evmdata_v1_ListNftTokensRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListNftTokensResponse__Output>): grpc.ClientUnaryCall;
  listNftTokens(argument: _chaindata_evmdata_v1_ListNftTokensRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListNftTokensResponse__Output>): grpc.ClientUnaryCall;
  listNftTokens(argument: _chaindata_evmdata_v1_ListNftTokensRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListNftTokensResponse__Output>): grpc.ClientUnaryCall;
  listNftTokens(argument: _chaindata_evmdata_v1_ListNftTokensRequest, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListNftTokensResponse__Output>): grpc.ClientUnaryCall;
  
  ListTokenTransfers(argument: _chaindata_evmdata_v1_ListTokenTransfersRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListTokenTransfersResponse__Output>): grpc.ClientUnaryCall;
  ListTokenTransfers(argument: _chaindata_evmdata_v1_ListTokenTransfersRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListTokenTransfersResponse__Output>): grpc.ClientUnaryCall;
  ListTokenTransfers(argument: _chaindata_evmdata_v1_ListTokenTransfersRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListTokenTransfersResponse__Output>): grpc.ClientUnaryCall;
  ListTokenTransfers(argument: _chaindata_evmdata_v1_ListTokenTransfersRequest, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListTokenTransfersResponse__Output>): grpc.ClientUnaryCall;
  listTokenTransfers(argument: _chaindata_evmdata_v1_ListTokenTransfersRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListTokenTransfersResponse__Output>): grpc.ClientUnaryCall;
  listTokenTransfers(argument: _chaindata_evmdata_v1_ListTokenTransfersRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListTokenTransfersResponse__Output>): grpc.ClientUnaryCall;
  listTokenTransfers(argument: _chaindata_evmdata_v1_ListTokenTransfersRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListTokenTransfersResponse__Output>): grpc.ClientUnaryCall;
  listTokenTransfers(argument: _chaindata_evmdata_v1_ListTokenTransfersRequest, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListTokenTransfersResponse__Output>): grpc.ClientUnaryCall;
  
  ReindexNftToken(argument: _chaindata_evmdata_v1_ReindexNftTokenRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ReindexNftTokenResponse__Output>): grpc.ClientUnaryCall;
  ReindexNftToken(argument: _chaindata_evmdata_v1_ReindexNftTokenRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_evmdata_v1_ReindexNftTokenResponse__Output>): grpc.ClientUnaryCall;
  ReindexNftToken(argument: _chaindata_evmdata_v1_ReindexNftTokenRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ReindexNftTokenResponse__Output>): grpc.ClientUnaryCall;
  ReindexNftToken(argument: _chaindata_evmdata_v1_ReindexNftTokenRequest, callback: grpc.requestCallback<_chaindata_evmdata_v1_ReindexNftTokenResponse__Output>): grpc.ClientUnaryCall;
  reindexNftToken(argument: _chaindata_evmdata_v1_ReindexNftTokenRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ReindexNftTokenResponse__Output>): grpc.ClientUnaryCall;
  reindexNftToken(argument: _chaindata_evmdata_v1_ReindexNftTokenRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_evmdata_v1_ReindexNftTokenResponse__Output>): grpc.ClientUnaryCall;
  reindexNftToken(argument: _chaindata_evmdata_v1_ReindexNftTokenRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ReindexNftTokenResponse__Output>): grpc.ClientUnaryCall;
  reindexNftToken(argument: _chaindata_evmdata_v1_ReindexNftTokenRequest, callback: grpc.requestCallback<_chaindata_evmdata_v1_ReindexNftTokenResponse__Output>): grpc.ClientUnaryCall;
  
  StreamAddressTransactions(argument: _chaindata_evmdata_v1_StreamAddressTransactionsRequest, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_chaindata_evmdata_v1_ListAddressTransactionsResponse__Output>;
  StreamAddressTransactions(argument: _chaindata_evmdata_v1_StreamAddressTransactionsRequest, options?: grpc.CallOptions): grpc.ClientReadableStream<_chaindata_evmdata_v1_ListAddressTransactionsResponse__Output>;
  streamAddressTransactions(argument: _chaindata_evmdata_v1_StreamAddressTransactionsRequest, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_chaindata_evmdata_v1_ListAddressTransactionsResponse__Output>;
  streamAddressTransactions(argument: _chaindata_evmdata_v1_StreamAddressTransactionsRequest, options?: grpc.CallOptions): grpc.ClientReadableStream<_chaindata_evmdata_v1_ListAddressTransactionsResponse__Output>;
  
  StreamBlockActivity(argument: _chaindata_evmdata_v1_StreamBlockActivityRequest, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_chaindata_evmdata_v1_BlockActivity__Output>;
  StreamBlockActivity(argument: _chaindata_evmdata_v1_StreamBlockActivityRequest, options?: grpc.CallOptions): grpc.ClientReadableStream<_chaindata_evmdata_v1_BlockActivity__Output>;
  streamBlockActivity(argument: _chaindata_evmdata_v1_StreamBlockActivityRequest, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_chaindata_evmdata_v1_BlockActivity__Output>;
  streamBlockActivity(argument: _chaindata_evmdata_v1_StreamBlockActivityRequest, options?: grpc.CallOptions): grpc.ClientReadableStream<_chaindata_evmdata_v1_BlockActivity__Output>;
  
}

export interface EvmDataServiceHandlers extends grpc.UntypedServiceImplementation {
  GetBlock: grpc.handleUnaryCall<_chaindata_evmdata_v1_GetBlockRequest__Output, _chaindata_evmdata_v1_EvmBlock>;
  
  GetChain: grpc.handleUnaryCall<_chaindata_evmdata_v1_GetChainRequest__Output, _chaindata_evmdata_v1_ChainInfo>;
  
  GetContractMetadata: grpc.handleUnaryCall<_chaindata_evmdata_v1_GetContractMetadataRequest__Output, _chaindata_evmdata_v1_ContractMetadata>;
  
  GetDeploymentTransaction: grpc.handleUnaryCall<_chaindata_evmdata_v1_GetDeploymentTransactionRequest__Output, _chaindata_evmdata_v1_GetTransactionResponse>;
  
  GetIcmMessage: grpc.handleUnaryCall<_chaindata_evmdata_v1_GetIcmMessageRequest__Output, _chaindata_evmdata_v1_IcmMessage>;
  
  GetIngestionStatus: grpc.handleUnaryCall<_chaindata_evmdata_v1_GetIngestionStatusRequest__Output, _chaindata_evmdata_v1_IngestionStatus>;
  
  GetNativeBalance: grpc.handleUnaryCall<_chaindata_evmdata_v1_GetNativeBalanceRequest__Output, _chaindata_evmdata_v1_GetNativeBalanceResponse>;
  
  GetNftToken: grpc.handleUnaryCall<_chaindata_evmdata_v1_GetNftTokenRequest__Output, _chaindata_evmdata_v1_NftToken>;
  
  GetTransaction: grpc.handleUnaryCall<_chaindata_evmdata_v1_GetTransactionRequest__Output, _chaindata_evmdata_v1_GetTransactionResponse>;
  
  ListAddressChains: grpc.handleUnaryCall<_chaindata_evmdata_v1_ListAddressChainsRequest__Output, _chaindata_evmdata_v1_ListAddressChainsResponse>;
  
  ListAddressInternalTransactions: grpc.handleUnaryCall<_chaindata_evmdata_v1_ListAddressActivityRequest__Output, _chaindata_evmdata_v1_ListInternalTransactionsResponse>;
  
  ListAddressNativeTransactions: grpc.handleUnaryCall<_chaindata_evmdata_v1_ListAddressActivityRequest__Output, _chaindata_evmdata_v1_ListNativeTransactionsResponse>;
  
  ListAddressTokenTransfers: grpc.handleUnaryCall<_chaindata_evmdata_v1_ListAddressTokenTransfersRequest__Output, _chaindata_evmdata_v1_ListTokenTransfersResponse>;
  
  ListAddressTransactions: grpc.handleUnaryCall<_chaindata_evmdata_v1_ListAddressTransactionsRequest__Output, _chaindata_evmdata_v1_ListAddressTransactionsResponse>;
  
  ListBlockTransactions: grpc.handleUnaryCall<_chaindata_evmdata_v1_ListBlockTransactionsRequest__Output, _chaindata_evmdata_v1_ListNativeTransactionsResponse>;
  
  ListChains: grpc.handleUnaryCall<_chaindata_evmdata_v1_ListChainsRequest__Output, _chaindata_evmdata_v1_ListChainsResponse>;
  
  ListCollectibleBalances: grpc.handleUnaryCall<_chaindata_evmdata_v1_ListCollectibleBalancesRequest__Output, _chaindata_evmdata_v1_ListCollectibleBalancesResponse>;
  
  ListContractDeployments: grpc.handleUnaryCall<_chaindata_evmdata_v1_ListContractDeploymentsRequest__Output, _chaindata_evmdata_v1_ListContractsResponse>;
  
  ListErc1155Balances: grpc.handleUnaryCall<_chaindata_evmdata_v1_ListErc1155BalancesRequest__Output, _chaindata_evmdata_v1_ListErc1155BalancesResponse>;
  
  ListErc20Balances: grpc.handleUnaryCall<_chaindata_evmdata_v1_ListErc20BalancesRequest__Output, _chaindata_evmdata_v1_ListErc20BalancesResponse>;
  
  ListErc20HoldersOverTime: grpc.handleUnaryCall<_chaindata_evmdata_v1_ListErc20HoldersOverTimeRequest__Output, _chaindata_evmdata_v1_ListErc20HoldersOverTimeResponse>;
  
  ListErc721Balances: grpc.handleUnaryCall<_chaindata_evmdata_v1_ListErc721BalancesRequest__Output, _chaindata_evmdata_v1_ListErc721BalancesResponse>;
  
  ListIcmMessages: grpc.handleUnaryCall<_chaindata_evmdata_v1_ListIcmMessagesRequest__Output, _chaindata_evmdata_v1_ListIcmMessagesResponse>;
  
  ListIcmMessagesByAddress: grpc.handleUnaryCall<_chaindata_evmdata_v1_ListIcmMessagesByAddressRequest__Output, _chaindata_evmdata_v1_ListIcmMessagesResponse>;
  
  ListLatestBlocks: grpc.handleUnaryCall<_chaindata_evmdata_v1_ListLatestBlocksRequest__Output, _chaindata_evmdata_v1_ListEvmBlocksResponse>;
  
  ListLatestBlocksAllChains: grpc.handleUnaryCall<_chaindata_evmdata_v1_ListLatestBlocksAllChainsRequest__Output, _chaindata_evmdata_v1_ListEvmBlocksResponse>;
  
  ListLatestTransactions: grpc.handleUnaryCall<_chaindata_evmdata_v1_ListLatestTransactionsRequest__Output, _chaindata_evmdata_v1_ListNativeTransactionsResponse>;
  
  ListLatestTransactionsAllChains: grpc.handleUnaryCall<_chaindata_evmdata_v1_ListLatestTransactionsAllChainsRequest__Output, _chaindata_evmdata_v1_ListNativeTransactionsResponse>;
  
  ListNftHolders: grpc.handleUnaryCall<_chaindata_evmdata_v1_ListNftHoldersRequest__Output, _chaindata_evmdata_v1_ListNftHoldersResponse>;
  
  ListNftTokens: grpc.handleUnaryCall<_chaindata_evmdata_v1_ListNftTokensRequest__Output, _chaindata_evmdata_v1_ListNftTokensResponse>;
  
  ListTokenTransfers: grpc.handleUnaryCall<_chaindata_evmdata_v1_ListTokenTransfersRequest__Output, _chaindata_evmdata_v1_ListTokenTransfersResponse>;
  
  ReindexNftToken: grpc.handleUnaryCall<_chaindata_evmdata_v1_ReindexNftTokenRequest__Output, _chaindata_evmdata_v1_ReindexNftTokenResponse>;
  
  StreamAddressTransactions: grpc.handleServerStreamingCall<_chaindata_evmdata_v1_StreamAddressTransactionsRequest__Output, _chaindata_evmdata_v1_ListAddressTransactionsResponse>;
  
  StreamBlockActivity: grpc.handleServerStreamingCall<_chaindata_evmdata_v1_StreamBlockActivityRequest__Output, _chaindata_evmdata_v1_BlockActivity>;
  
}

export interface EvmDataServiceDefinition extends grpc.ServiceDefinition {
  GetBlock: MethodDefinition<_chaindata_evmdata_v1_GetBlockRequest, _chaindata_evmdata_v1_EvmBlock, _chaindata_evmdata_v1_GetBlockRequest__Output, _chaindata_evmdata_v1_EvmBlock__Output>
  GetChain: MethodDefinition<_chaindata_evmdata_v1_GetChainRequest, _chaindata_evmdata_v1_ChainInfo, _chaindata_evmdata_v1_GetChainRequest__Output, _chaindata_evmdata_v1_ChainInfo__Output>
  GetContractMetadata: MethodDefinition<_chaindata_evmdata_v1_GetContractMetadataRequest, _chaindata_evmdata_v1_ContractMetadata, _chaindata_evmdata_v1_GetContractMetadataRequest__Output, _chaindata_evmdata_v1_ContractMetadata__Output>
  GetDeploymentTransaction: MethodDefinition<_chaindata_evmdata_v1_GetDeploymentTransactionRequest, _chaindata_evmdata_v1_GetTransactionResponse, _chaindata_evmdata_v1_GetDeploymentTransactionRequest__Output, _chaindata_evmdata_v1_GetTransactionResponse__Output>
  GetIcmMessage: MethodDefinition<_chaindata_evmdata_v1_GetIcmMessageRequest, _chaindata_evmdata_v1_IcmMessage, _chaindata_evmdata_v1_GetIcmMessageRequest__Output, _chaindata_evmdata_v1_IcmMessage__Output>
  GetIngestionStatus: MethodDefinition<_chaindata_evmdata_v1_GetIngestionStatusRequest, _chaindata_evmdata_v1_IngestionStatus, _chaindata_evmdata_v1_GetIngestionStatusRequest__Output, _chaindata_evmdata_v1_IngestionStatus__Output>
  GetNativeBalance: MethodDefinition<_chaindata_evmdata_v1_GetNativeBalanceRequest, _chaindata_evmdata_v1_GetNativeBalanceResponse, _chaindata_evmdata_v1_GetNativeBalanceRequest__Output, _chaindata_evmdata_v1_GetNativeBalanceResponse__Output>
  GetNftToken: MethodDefinition<_chaindata_evmdata_v1_GetNftTokenRequest, _chaindata_evmdata_v1_NftToken, _chaindata_evmdata_v1_GetNftTokenRequest__Output, _chaindata_evmdata_v1_NftToken__Output>
  GetTransaction: MethodDefinition<_chaindata_evmdata_v1_GetTransactionRequest, _chaindata_evmdata_v1_GetTransactionResponse, _chaindata_evmdata_v1_GetTransactionRequest__Output, _chaindata_evmdata_v1_GetTransactionResponse__Output>
  ListAddressChains: MethodDefinition<_chaindata_evmdata_v1_ListAddressChainsRequest, _chaindata_evmdata_v1_ListAddressChainsResponse, _chaindata_evmdata_v1_ListAddressChainsRequest__Output, _chaindata_evmdata_v1_ListAddressChainsResponse__Output>
  ListAddressInternalTransactions: MethodDefinition<_chaindata_evmdata_v1_ListAddressActivityRequest, _chaindata_evmdata_v1_ListInternalTransactionsResponse, _chaindata_evmdata_v1_ListAddressActivityRequest__Output, _chaindata_evmdata_v1_ListInternalTransactionsResponse__Output>
  ListAddressNativeTransactions: MethodDefinition<_chaindata_evmdata_v1_ListAddressActivityRequest, _chaindata_evmdata_v1_ListNativeTransactionsResponse, _chaindata_evmdata_v1_ListAddressActivityRequest__Output, _chaindata_evmdata_v1_ListNativeTransactionsResponse__Output>
  ListAddressTokenTransfers: MethodDefinition<_chaindata_evmdata_v1_ListAddressTokenTransfersRequest, _chaindata_evmdata_v1_ListTokenTransfersResponse, _chaindata_evmdata_v1_ListAddressTokenTransfersRequest__Output, _chaindata_evmdata_v1_ListTokenTransfersResponse__Output>
  ListAddressTransactions: MethodDefinition<_chaindata_evmdata_v1_ListAddressTransactionsRequest, _chaindata_evmdata_v1_ListAddressTransactionsResponse, _chaindata_evmdata_v1_ListAddressTransactionsRequest__Output, _chaindata_evmdata_v1_ListAddressTransactionsResponse__Output>
  ListBlockTransactions: MethodDefinition<_chaindata_evmdata_v1_ListBlockTransactionsRequest, _chaindata_evmdata_v1_ListNativeTransactionsResponse, _chaindata_evmdata_v1_ListBlockTransactionsRequest__Output, _chaindata_evmdata_v1_ListNativeTransactionsResponse__Output>
  ListChains: MethodDefinition<_chaindata_evmdata_v1_ListChainsRequest, _chaindata_evmdata_v1_ListChainsResponse, _chaindata_evmdata_v1_ListChainsRequest__Output, _chaindata_evmdata_v1_ListChainsResponse__Output>
  ListCollectibleBalances: MethodDefinition<_chaindata_evmdata_v1_ListCollectibleBalancesRequest, _chaindata_evmdata_v1_ListCollectibleBalancesResponse, _chaindata_evmdata_v1_ListCollectibleBalancesRequest__Output, _chaindata_evmdata_v1_ListCollectibleBalancesResponse__Output>
  ListContractDeployments: MethodDefinition<_chaindata_evmdata_v1_ListContractDeploymentsRequest, _chaindata_evmdata_v1_ListContractsResponse, _chaindata_evmdata_v1_ListContractDeploymentsRequest__Output, _chaindata_evmdata_v1_ListContractsResponse__Output>
  ListErc1155Balances: MethodDefinition<_chaindata_evmdata_v1_ListErc1155BalancesRequest, _chaindata_evmdata_v1_ListErc1155BalancesResponse, _chaindata_evmdata_v1_ListErc1155BalancesRequest__Output, _chaindata_evmdata_v1_ListErc1155BalancesResponse__Output>
  ListErc20Balances: MethodDefinition<_chaindata_evmdata_v1_ListErc20BalancesRequest, _chaindata_evmdata_v1_ListErc20BalancesResponse, _chaindata_evmdata_v1_ListErc20BalancesRequest__Output, _chaindata_evmdata_v1_ListErc20BalancesResponse__Output>
  ListErc20HoldersOverTime: MethodDefinition<_chaindata_evmdata_v1_ListErc20HoldersOverTimeRequest, _chaindata_evmdata_v1_ListErc20HoldersOverTimeResponse, _chaindata_evmdata_v1_ListErc20HoldersOverTimeRequest__Output, _chaindata_evmdata_v1_ListErc20HoldersOverTimeResponse__Output>
  ListErc721Balances: MethodDefinition<_chaindata_evmdata_v1_ListErc721BalancesRequest, _chaindata_evmdata_v1_ListErc721BalancesResponse, _chaindata_evmdata_v1_ListErc721BalancesRequest__Output, _chaindata_evmdata_v1_ListErc721BalancesResponse__Output>
  ListIcmMessages: MethodDefinition<_chaindata_evmdata_v1_ListIcmMessagesRequest, _chaindata_evmdata_v1_ListIcmMessagesResponse, _chaindata_evmdata_v1_ListIcmMessagesRequest__Output, _chaindata_evmdata_v1_ListIcmMessagesResponse__Output>
  ListIcmMessagesByAddress: MethodDefinition<_chaindata_evmdata_v1_ListIcmMessagesByAddressRequest, _chaindata_evmdata_v1_ListIcmMessagesResponse, _chaindata_evmdata_v1_ListIcmMessagesByAddressRequest__Output, _chaindata_evmdata_v1_ListIcmMessagesResponse__Output>
  ListLatestBlocks: MethodDefinition<_chaindata_evmdata_v1_ListLatestBlocksRequest, _chaindata_evmdata_v1_ListEvmBlocksResponse, _chaindata_evmdata_v1_ListLatestBlocksRequest__Output, _chaindata_evmdata_v1_ListEvmBlocksResponse__Output>
  ListLatestBlocksAllChains: MethodDefinition<_chaindata_evmdata_v1_ListLatestBlocksAllChainsRequest, _chaindata_evmdata_v1_ListEvmBlocksResponse, _chaindata_evmdata_v1_ListLatestBlocksAllChainsRequest__Output, _chaindata_evmdata_v1_ListEvmBlocksResponse__Output>
  ListLatestTransactions: MethodDefinition<_chaindata_evmdata_v1_ListLatestTransactionsRequest, _chaindata_evmdata_v1_ListNativeTransactionsResponse, _chaindata_evmdata_v1_ListLatestTransactionsRequest__Output, _chaindata_evmdata_v1_ListNativeTransactionsResponse__Output>
  ListLatestTransactionsAllChains: MethodDefinition<_chaindata_evmdata_v1_ListLatestTransactionsAllChainsRequest, _chaindata_evmdata_v1_ListNativeTransactionsResponse, _chaindata_evmdata_v1_ListLatestTransactionsAllChainsRequest__Output, _chaindata_evmdata_v1_ListNativeTransactionsResponse__Output>
  ListNftHolders: MethodDefinition<_chaindata_evmdata_v1_ListNftHoldersRequest, _chaindata_evmdata_v1_ListNftHoldersResponse, _chaindata_evmdata_v1_ListNftHoldersRequest__Output, _chaindata_evmdata_v1_ListNftHoldersResponse__Output>
  ListNftTokens: MethodDefinition<_chaindata_evmdata_v1_ListNftTokensRequest, _chaindata_evmdata_v1_ListNftTokensResponse, _chaindata_evmdata_v1_ListNftTokensRequest__Output, _chaindata_evmdata_v1_ListNftTokensResponse__Output>
  ListTokenTransfers: MethodDefinition<_chaindata_evmdata_v1_ListTokenTransfersRequest, _chaindata_evmdata_v1_ListTokenTransfersResponse, _chaindata_evmdata_v1_ListTokenTransfersRequest__Output, _chaindata_evmdata_v1_ListTokenTransfersResponse__Output>
  ReindexNftToken: MethodDefinition<_chaindata_evmdata_v1_ReindexNftTokenRequest, _chaindata_evmdata_v1_ReindexNftTokenResponse, _chaindata_evmdata_v1_ReindexNftTokenRequest__Output, _chaindata_evmdata_v1_ReindexNftTokenResponse__Output>
  StreamAddressTransactions: MethodDefinition<_chaindata_evmdata_v1_StreamAddressTransactionsRequest, _chaindata_evmdata_v1_ListAddressTransactionsResponse, _chaindata_evmdata_v1_StreamAddressTransactionsRequest__Output, _chaindata_evmdata_v1_ListAddressTransactionsResponse__Output>
  StreamBlockActivity: MethodDefinition<_chaindata_evmdata_v1_StreamBlockActivityRequest, _chaindata_evmdata_v1_BlockActivity, _chaindata_evmdata_v1_StreamBlockActivityRequest__Output, _chaindata_evmdata_v1_BlockActivity__Output>
}
