// Original file: proto/chaindata/evmdata/v1/evm_data.proto

import type { IcmReceipt as _chaindata_evmdata_v1_IcmReceipt, IcmReceipt__Output as _chaindata_evmdata_v1_IcmReceipt__Output } from '../../../chaindata/evmdata/v1/IcmReceipt.ts';
import type { IcmRewardDetails as _chaindata_evmdata_v1_IcmRewardDetails, IcmRewardDetails__Output as _chaindata_evmdata_v1_IcmRewardDetails__Output } from '../../../chaindata/evmdata/v1/IcmRewardDetails.ts';
import type { IcmSourceTransaction as _chaindata_evmdata_v1_IcmSourceTransaction, IcmSourceTransaction__Output as _chaindata_evmdata_v1_IcmSourceTransaction__Output } from '../../../chaindata/evmdata/v1/IcmSourceTransaction.ts';
import type { IcmDestinationTransaction as _chaindata_evmdata_v1_IcmDestinationTransaction, IcmDestinationTransaction__Output as _chaindata_evmdata_v1_IcmDestinationTransaction__Output } from '../../../chaindata/evmdata/v1/IcmDestinationTransaction.ts';

export interface IcmMessage {
  'messageId'?: (string);
  'icmContractAddress'?: (string);
  'sourceBlockchainId'?: (string);
  'destinationBlockchainId'?: (string);
  'sourceEvmChainId'?: (string);
  'destinationEvmChainId'?: (string);
  'messageNonce'?: (string);
  'from'?: (string);
  'to'?: (string);
  'data'?: (string);
  'messageExecuted'?: (boolean);
  'receipts'?: (_chaindata_evmdata_v1_IcmReceipt)[];
  'receiptDelivered'?: (boolean);
  'rewardDetails'?: (_chaindata_evmdata_v1_IcmRewardDetails | null);
  'sourceTransaction'?: (_chaindata_evmdata_v1_IcmSourceTransaction | null);
  'destinationTransaction'?: (_chaindata_evmdata_v1_IcmDestinationTransaction | null);
  'status'?: (string);
  '_data'?: "data";
  '_sourceTransaction'?: "sourceTransaction";
  '_destinationTransaction'?: "destinationTransaction";
}

export interface IcmMessage__Output {
  'messageId': (string);
  'icmContractAddress': (string);
  'sourceBlockchainId': (string);
  'destinationBlockchainId': (string);
  'sourceEvmChainId': (string);
  'destinationEvmChainId': (string);
  'messageNonce': (string);
  'from': (string);
  'to': (string);
  'data'?: (string);
  'messageExecuted': (boolean);
  'receipts': (_chaindata_evmdata_v1_IcmReceipt__Output)[];
  'receiptDelivered': (boolean);
  'rewardDetails': (_chaindata_evmdata_v1_IcmRewardDetails__Output | null);
  'sourceTransaction'?: (_chaindata_evmdata_v1_IcmSourceTransaction__Output | null);
  'destinationTransaction'?: (_chaindata_evmdata_v1_IcmDestinationTransaction__Output | null);
  'status': (string);
  '_data'?: "data";
  '_sourceTransaction'?: "sourceTransaction";
  '_destinationTransaction'?: "destinationTransaction";
}
