// Original file: proto/chaindata/evmdata/v1/evm_data.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { ChainInfo as _chaindata_evmdata_v1_ChainInfo, ChainInfo__Output as _chaindata_evmdata_v1_ChainInfo__Output } from '../../../chaindata/evmdata/v1/ChainInfo.ts';
import type { ContractMetadata as _chaindata_evmdata_v1_ContractMetadata, ContractMetadata__Output as _chaindata_evmdata_v1_ContractMetadata__Output } from '../../../chaindata/evmdata/v1/ContractMetadata.ts';
import type { EvmBlock as _chaindata_evmdata_v1_EvmBlock, EvmBlock__Output as _chaindata_evmdata_v1_EvmBlock__Output } from '../../../chaindata/evmdata/v1/EvmBlock.ts';
import type { GetBlockRequest as _chaindata_evmdata_v1_GetBlockRequest, GetBlockRequest__Output as _chaindata_evmdata_v1_GetBlockRequest__Output } from '../../../chaindata/evmdata/v1/GetBlockRequest.ts';
import type { GetChainRequest as _chaindata_evmdata_v1_GetChainRequest, GetChainRequest__Output as _chaindata_evmdata_v1_GetChainRequest__Output } from '../../../chaindata/evmdata/v1/GetChainRequest.ts';
import type { GetContractMetadataRequest as _chaindata_evmdata_v1_GetContractMetadataRequest, GetContractMetadataRequest__Output as _chaindata_evmdata_v1_GetContractMetadataRequest__Output } from '../../../chaindata/evmdata/v1/GetContractMetadataRequest.ts';
import type { GetIngestionStatusRequest as _chaindata_evmdata_v1_GetIngestionStatusRequest, GetIngestionStatusRequest__Output as _chaindata_evmdata_v1_GetIngestionStatusRequest__Output } from '../../../chaindata/evmdata/v1/GetIngestionStatusRequest.ts';
import type { GetNativeBalanceRequest as _chaindata_evmdata_v1_GetNativeBalanceRequest, GetNativeBalanceRequest__Output as _chaindata_evmdata_v1_GetNativeBalanceRequest__Output } from '../../../chaindata/evmdata/v1/GetNativeBalanceRequest.ts';
import type { GetNativeBalanceResponse as _chaindata_evmdata_v1_GetNativeBalanceResponse, GetNativeBalanceResponse__Output as _chaindata_evmdata_v1_GetNativeBalanceResponse__Output } from '../../../chaindata/evmdata/v1/GetNativeBalanceResponse.ts';
import type { GetTransactionRequest as _chaindata_evmdata_v1_GetTransactionRequest, GetTransactionRequest__Output as _chaindata_evmdata_v1_GetTransactionRequest__Output } from '../../../chaindata/evmdata/v1/GetTransactionRequest.ts';
import type { GetTransactionResponse as _chaindata_evmdata_v1_GetTransactionResponse, GetTransactionResponse__Output as _chaindata_evmdata_v1_GetTransactionResponse__Output } from '../../../chaindata/evmdata/v1/GetTransactionResponse.ts';
import type { IngestionStatus as _chaindata_evmdata_v1_IngestionStatus, IngestionStatus__Output as _chaindata_evmdata_v1_IngestionStatus__Output } from '../../../chaindata/evmdata/v1/IngestionStatus.ts';
import type { ListAddressTransactionsRequest as _chaindata_evmdata_v1_ListAddressTransactionsRequest, ListAddressTransactionsRequest__Output as _chaindata_evmdata_v1_ListAddressTransactionsRequest__Output } from '../../../chaindata/evmdata/v1/ListAddressTransactionsRequest.ts';
import type { ListAddressTransactionsResponse as _chaindata_evmdata_v1_ListAddressTransactionsResponse, ListAddressTransactionsResponse__Output as _chaindata_evmdata_v1_ListAddressTransactionsResponse__Output } from '../../../chaindata/evmdata/v1/ListAddressTransactionsResponse.ts';
import type { ListBlockTransactionsRequest as _chaindata_evmdata_v1_ListBlockTransactionsRequest, ListBlockTransactionsRequest__Output as _chaindata_evmdata_v1_ListBlockTransactionsRequest__Output } from '../../../chaindata/evmdata/v1/ListBlockTransactionsRequest.ts';
import type { ListChainsRequest as _chaindata_evmdata_v1_ListChainsRequest, ListChainsRequest__Output as _chaindata_evmdata_v1_ListChainsRequest__Output } from '../../../chaindata/evmdata/v1/ListChainsRequest.ts';
import type { ListChainsResponse as _chaindata_evmdata_v1_ListChainsResponse, ListChainsResponse__Output as _chaindata_evmdata_v1_ListChainsResponse__Output } from '../../../chaindata/evmdata/v1/ListChainsResponse.ts';
import type { ListCollectibleBalancesRequest as _chaindata_evmdata_v1_ListCollectibleBalancesRequest, ListCollectibleBalancesRequest__Output as _chaindata_evmdata_v1_ListCollectibleBalancesRequest__Output } from '../../../chaindata/evmdata/v1/ListCollectibleBalancesRequest.ts';
import type { ListCollectibleBalancesResponse as _chaindata_evmdata_v1_ListCollectibleBalancesResponse, ListCollectibleBalancesResponse__Output as _chaindata_evmdata_v1_ListCollectibleBalancesResponse__Output } from '../../../chaindata/evmdata/v1/ListCollectibleBalancesResponse.ts';
import type { ListEvmBlocksResponse as _chaindata_evmdata_v1_ListEvmBlocksResponse, ListEvmBlocksResponse__Output as _chaindata_evmdata_v1_ListEvmBlocksResponse__Output } from '../../../chaindata/evmdata/v1/ListEvmBlocksResponse.ts';
import type { ListIcmMessagesByAddressRequest as _chaindata_evmdata_v1_ListIcmMessagesByAddressRequest, ListIcmMessagesByAddressRequest__Output as _chaindata_evmdata_v1_ListIcmMessagesByAddressRequest__Output } from '../../../chaindata/evmdata/v1/ListIcmMessagesByAddressRequest.ts';
import type { ListIcmMessagesResponse as _chaindata_evmdata_v1_ListIcmMessagesResponse, ListIcmMessagesResponse__Output as _chaindata_evmdata_v1_ListIcmMessagesResponse__Output } from '../../../chaindata/evmdata/v1/ListIcmMessagesResponse.ts';
import type { ListLatestBlocksAllChainsRequest as _chaindata_evmdata_v1_ListLatestBlocksAllChainsRequest, ListLatestBlocksAllChainsRequest__Output as _chaindata_evmdata_v1_ListLatestBlocksAllChainsRequest__Output } from '../../../chaindata/evmdata/v1/ListLatestBlocksAllChainsRequest.ts';
import type { ListLatestBlocksRequest as _chaindata_evmdata_v1_ListLatestBlocksRequest, ListLatestBlocksRequest__Output as _chaindata_evmdata_v1_ListLatestBlocksRequest__Output } from '../../../chaindata/evmdata/v1/ListLatestBlocksRequest.ts';
import type { ListLatestTransactionsAllChainsRequest as _chaindata_evmdata_v1_ListLatestTransactionsAllChainsRequest, ListLatestTransactionsAllChainsRequest__Output as _chaindata_evmdata_v1_ListLatestTransactionsAllChainsRequest__Output } from '../../../chaindata/evmdata/v1/ListLatestTransactionsAllChainsRequest.ts';
import type { ListLatestTransactionsRequest as _chaindata_evmdata_v1_ListLatestTransactionsRequest, ListLatestTransactionsRequest__Output as _chaindata_evmdata_v1_ListLatestTransactionsRequest__Output } from '../../../chaindata/evmdata/v1/ListLatestTransactionsRequest.ts';
import type { ListNativeTransactionsResponse as _chaindata_evmdata_v1_ListNativeTransactionsResponse, ListNativeTransactionsResponse__Output as _chaindata_evmdata_v1_ListNativeTransactionsResponse__Output } from '../../../chaindata/evmdata/v1/ListNativeTransactionsResponse.ts';
import type { ListNftTokensRequest as _chaindata_evmdata_v1_ListNftTokensRequest, ListNftTokensRequest__Output as _chaindata_evmdata_v1_ListNftTokensRequest__Output } from '../../../chaindata/evmdata/v1/ListNftTokensRequest.ts';
import type { ListNftTokensResponse as _chaindata_evmdata_v1_ListNftTokensResponse, ListNftTokensResponse__Output as _chaindata_evmdata_v1_ListNftTokensResponse__Output } from '../../../chaindata/evmdata/v1/ListNftTokensResponse.ts';
import type { ReindexNftTokenRequest as _chaindata_evmdata_v1_ReindexNftTokenRequest, ReindexNftTokenRequest__Output as _chaindata_evmdata_v1_ReindexNftTokenRequest__Output } from '../../../chaindata/evmdata/v1/ReindexNftTokenRequest.ts';
import type { ReindexNftTokenResponse as _chaindata_evmdata_v1_ReindexNftTokenResponse, ReindexNftTokenResponse__Output as _chaindata_evmdata_v1_ReindexNftTokenResponse__Output } from '../../../chaindata/evmdata/v1/ReindexNftTokenResponse.ts';

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
  
  GetTransaction(argument: _chaindata_evmdata_v1_GetTransactionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_GetTransactionResponse__Output>): grpc.ClientUnaryCall;
  GetTransaction(argument: _chaindata_evmdata_v1_GetTransactionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_evmdata_v1_GetTransactionResponse__Output>): grpc.ClientUnaryCall;
  GetTransaction(argument: _chaindata_evmdata_v1_GetTransactionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_GetTransactionResponse__Output>): grpc.ClientUnaryCall;
  GetTransaction(argument: _chaindata_evmdata_v1_GetTransactionRequest, callback: grpc.requestCallback<_chaindata_evmdata_v1_GetTransactionResponse__Output>): grpc.ClientUnaryCall;
  getTransaction(argument: _chaindata_evmdata_v1_GetTransactionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_GetTransactionResponse__Output>): grpc.ClientUnaryCall;
  getTransaction(argument: _chaindata_evmdata_v1_GetTransactionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_evmdata_v1_GetTransactionResponse__Output>): grpc.ClientUnaryCall;
  getTransaction(argument: _chaindata_evmdata_v1_GetTransactionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_GetTransactionResponse__Output>): grpc.ClientUnaryCall;
  getTransaction(argument: _chaindata_evmdata_v1_GetTransactionRequest, callback: grpc.requestCallback<_chaindata_evmdata_v1_GetTransactionResponse__Output>): grpc.ClientUnaryCall;
  
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
  
  ListNftTokens(argument: _chaindata_evmdata_v1_ListNftTokensRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListNftTokensResponse__Output>): grpc.ClientUnaryCall;
  ListNftTokens(argument: _chaindata_evmdata_v1_ListNftTokensRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListNftTokensResponse__Output>): grpc.ClientUnaryCall;
  ListNftTokens(argument: _chaindata_evmdata_v1_ListNftTokensRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListNftTokensResponse__Output>): grpc.ClientUnaryCall;
  ListNftTokens(argument: _chaindata_evmdata_v1_ListNftTokensRequest, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListNftTokensResponse__Output>): grpc.ClientUnaryCall;
  listNftTokens(argument: _chaindata_evmdata_v1_ListNftTokensRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListNftTokensResponse__Output>): grpc.ClientUnaryCall;
  listNftTokens(argument: _chaindata_evmdata_v1_ListNftTokensRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListNftTokensResponse__Output>): grpc.ClientUnaryCall;
  listNftTokens(argument: _chaindata_evmdata_v1_ListNftTokensRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListNftTokensResponse__Output>): grpc.ClientUnaryCall;
  listNftTokens(argument: _chaindata_evmdata_v1_ListNftTokensRequest, callback: grpc.requestCallback<_chaindata_evmdata_v1_ListNftTokensResponse__Output>): grpc.ClientUnaryCall;
  
  ReindexNftToken(argument: _chaindata_evmdata_v1_ReindexNftTokenRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ReindexNftTokenResponse__Output>): grpc.ClientUnaryCall;
  ReindexNftToken(argument: _chaindata_evmdata_v1_ReindexNftTokenRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_evmdata_v1_ReindexNftTokenResponse__Output>): grpc.ClientUnaryCall;
  ReindexNftToken(argument: _chaindata_evmdata_v1_ReindexNftTokenRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ReindexNftTokenResponse__Output>): grpc.ClientUnaryCall;
  ReindexNftToken(argument: _chaindata_evmdata_v1_ReindexNftTokenRequest, callback: grpc.requestCallback<_chaindata_evmdata_v1_ReindexNftTokenResponse__Output>): grpc.ClientUnaryCall;
  reindexNftToken(argument: _chaindata_evmdata_v1_ReindexNftTokenRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ReindexNftTokenResponse__Output>): grpc.ClientUnaryCall;
  reindexNftToken(argument: _chaindata_evmdata_v1_ReindexNftTokenRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_evmdata_v1_ReindexNftTokenResponse__Output>): grpc.ClientUnaryCall;
  reindexNftToken(argument: _chaindata_evmdata_v1_ReindexNftTokenRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_evmdata_v1_ReindexNftTokenResponse__Output>): grpc.ClientUnaryCall;
  reindexNftToken(argument: _chaindata_evmdata_v1_ReindexNftTokenRequest, callback: grpc.requestCallback<_chaindata_evmdata_v1_ReindexNftTokenResponse__Output>): grpc.ClientUnaryCall;
  
}

export interface EvmDataServiceHandlers extends grpc.UntypedServiceImplementation {
  GetBlock: grpc.handleUnaryCall<_chaindata_evmdata_v1_GetBlockRequest__Output, _chaindata_evmdata_v1_EvmBlock>;
  
  GetChain: grpc.handleUnaryCall<_chaindata_evmdata_v1_GetChainRequest__Output, _chaindata_evmdata_v1_ChainInfo>;
  
  GetContractMetadata: grpc.handleUnaryCall<_chaindata_evmdata_v1_GetContractMetadataRequest__Output, _chaindata_evmdata_v1_ContractMetadata>;
  
  GetIngestionStatus: grpc.handleUnaryCall<_chaindata_evmdata_v1_GetIngestionStatusRequest__Output, _chaindata_evmdata_v1_IngestionStatus>;
  
  GetNativeBalance: grpc.handleUnaryCall<_chaindata_evmdata_v1_GetNativeBalanceRequest__Output, _chaindata_evmdata_v1_GetNativeBalanceResponse>;
  
  GetTransaction: grpc.handleUnaryCall<_chaindata_evmdata_v1_GetTransactionRequest__Output, _chaindata_evmdata_v1_GetTransactionResponse>;
  
  ListAddressTransactions: grpc.handleUnaryCall<_chaindata_evmdata_v1_ListAddressTransactionsRequest__Output, _chaindata_evmdata_v1_ListAddressTransactionsResponse>;
  
  ListBlockTransactions: grpc.handleUnaryCall<_chaindata_evmdata_v1_ListBlockTransactionsRequest__Output, _chaindata_evmdata_v1_ListNativeTransactionsResponse>;
  
  ListChains: grpc.handleUnaryCall<_chaindata_evmdata_v1_ListChainsRequest__Output, _chaindata_evmdata_v1_ListChainsResponse>;
  
  ListCollectibleBalances: grpc.handleUnaryCall<_chaindata_evmdata_v1_ListCollectibleBalancesRequest__Output, _chaindata_evmdata_v1_ListCollectibleBalancesResponse>;
  
  ListIcmMessagesByAddress: grpc.handleUnaryCall<_chaindata_evmdata_v1_ListIcmMessagesByAddressRequest__Output, _chaindata_evmdata_v1_ListIcmMessagesResponse>;
  
  ListLatestBlocks: grpc.handleUnaryCall<_chaindata_evmdata_v1_ListLatestBlocksRequest__Output, _chaindata_evmdata_v1_ListEvmBlocksResponse>;
  
  ListLatestBlocksAllChains: grpc.handleUnaryCall<_chaindata_evmdata_v1_ListLatestBlocksAllChainsRequest__Output, _chaindata_evmdata_v1_ListEvmBlocksResponse>;
  
  ListLatestTransactions: grpc.handleUnaryCall<_chaindata_evmdata_v1_ListLatestTransactionsRequest__Output, _chaindata_evmdata_v1_ListNativeTransactionsResponse>;
  
  ListLatestTransactionsAllChains: grpc.handleUnaryCall<_chaindata_evmdata_v1_ListLatestTransactionsAllChainsRequest__Output, _chaindata_evmdata_v1_ListNativeTransactionsResponse>;
  
  ListNftTokens: grpc.handleUnaryCall<_chaindata_evmdata_v1_ListNftTokensRequest__Output, _chaindata_evmdata_v1_ListNftTokensResponse>;
  
  ReindexNftToken: grpc.handleUnaryCall<_chaindata_evmdata_v1_ReindexNftTokenRequest__Output, _chaindata_evmdata_v1_ReindexNftTokenResponse>;
  
}

export interface EvmDataServiceDefinition extends grpc.ServiceDefinition {
  GetBlock: MethodDefinition<_chaindata_evmdata_v1_GetBlockRequest, _chaindata_evmdata_v1_EvmBlock, _chaindata_evmdata_v1_GetBlockRequest__Output, _chaindata_evmdata_v1_EvmBlock__Output>
  GetChain: MethodDefinition<_chaindata_evmdata_v1_GetChainRequest, _chaindata_evmdata_v1_ChainInfo, _chaindata_evmdata_v1_GetChainRequest__Output, _chaindata_evmdata_v1_ChainInfo__Output>
  GetContractMetadata: MethodDefinition<_chaindata_evmdata_v1_GetContractMetadataRequest, _chaindata_evmdata_v1_ContractMetadata, _chaindata_evmdata_v1_GetContractMetadataRequest__Output, _chaindata_evmdata_v1_ContractMetadata__Output>
  GetIngestionStatus: MethodDefinition<_chaindata_evmdata_v1_GetIngestionStatusRequest, _chaindata_evmdata_v1_IngestionStatus, _chaindata_evmdata_v1_GetIngestionStatusRequest__Output, _chaindata_evmdata_v1_IngestionStatus__Output>
  GetNativeBalance: MethodDefinition<_chaindata_evmdata_v1_GetNativeBalanceRequest, _chaindata_evmdata_v1_GetNativeBalanceResponse, _chaindata_evmdata_v1_GetNativeBalanceRequest__Output, _chaindata_evmdata_v1_GetNativeBalanceResponse__Output>
  GetTransaction: MethodDefinition<_chaindata_evmdata_v1_GetTransactionRequest, _chaindata_evmdata_v1_GetTransactionResponse, _chaindata_evmdata_v1_GetTransactionRequest__Output, _chaindata_evmdata_v1_GetTransactionResponse__Output>
  ListAddressTransactions: MethodDefinition<_chaindata_evmdata_v1_ListAddressTransactionsRequest, _chaindata_evmdata_v1_ListAddressTransactionsResponse, _chaindata_evmdata_v1_ListAddressTransactionsRequest__Output, _chaindata_evmdata_v1_ListAddressTransactionsResponse__Output>
  ListBlockTransactions: MethodDefinition<_chaindata_evmdata_v1_ListBlockTransactionsRequest, _chaindata_evmdata_v1_ListNativeTransactionsResponse, _chaindata_evmdata_v1_ListBlockTransactionsRequest__Output, _chaindata_evmdata_v1_ListNativeTransactionsResponse__Output>
  ListChains: MethodDefinition<_chaindata_evmdata_v1_ListChainsRequest, _chaindata_evmdata_v1_ListChainsResponse, _chaindata_evmdata_v1_ListChainsRequest__Output, _chaindata_evmdata_v1_ListChainsResponse__Output>
  ListCollectibleBalances: MethodDefinition<_chaindata_evmdata_v1_ListCollectibleBalancesRequest, _chaindata_evmdata_v1_ListCollectibleBalancesResponse, _chaindata_evmdata_v1_ListCollectibleBalancesRequest__Output, _chaindata_evmdata_v1_ListCollectibleBalancesResponse__Output>
  ListIcmMessagesByAddress: MethodDefinition<_chaindata_evmdata_v1_ListIcmMessagesByAddressRequest, _chaindata_evmdata_v1_ListIcmMessagesResponse, _chaindata_evmdata_v1_ListIcmMessagesByAddressRequest__Output, _chaindata_evmdata_v1_ListIcmMessagesResponse__Output>
  ListLatestBlocks: MethodDefinition<_chaindata_evmdata_v1_ListLatestBlocksRequest, _chaindata_evmdata_v1_ListEvmBlocksResponse, _chaindata_evmdata_v1_ListLatestBlocksRequest__Output, _chaindata_evmdata_v1_ListEvmBlocksResponse__Output>
  ListLatestBlocksAllChains: MethodDefinition<_chaindata_evmdata_v1_ListLatestBlocksAllChainsRequest, _chaindata_evmdata_v1_ListEvmBlocksResponse, _chaindata_evmdata_v1_ListLatestBlocksAllChainsRequest__Output, _chaindata_evmdata_v1_ListEvmBlocksResponse__Output>
  ListLatestTransactions: MethodDefinition<_chaindata_evmdata_v1_ListLatestTransactionsRequest, _chaindata_evmdata_v1_ListNativeTransactionsResponse, _chaindata_evmdata_v1_ListLatestTransactionsRequest__Output, _chaindata_evmdata_v1_ListNativeTransactionsResponse__Output>
  ListLatestTransactionsAllChains: MethodDefinition<_chaindata_evmdata_v1_ListLatestTransactionsAllChainsRequest, _chaindata_evmdata_v1_ListNativeTransactionsResponse, _chaindata_evmdata_v1_ListLatestTransactionsAllChainsRequest__Output, _chaindata_evmdata_v1_ListNativeTransactionsResponse__Output>
  ListNftTokens: MethodDefinition<_chaindata_evmdata_v1_ListNftTokensRequest, _chaindata_evmdata_v1_ListNftTokensResponse, _chaindata_evmdata_v1_ListNftTokensRequest__Output, _chaindata_evmdata_v1_ListNftTokensResponse__Output>
  ReindexNftToken: MethodDefinition<_chaindata_evmdata_v1_ReindexNftTokenRequest, _chaindata_evmdata_v1_ReindexNftTokenResponse, _chaindata_evmdata_v1_ReindexNftTokenRequest__Output, _chaindata_evmdata_v1_ReindexNftTokenResponse__Output>
}
