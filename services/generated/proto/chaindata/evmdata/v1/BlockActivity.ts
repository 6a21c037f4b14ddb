// Original file: proto/chaindata/evmdata/v1/evm_data.proto

import type { TransactionActivity as _chaindata_evmdata_v1_TransactionActivity, TransactionActivity__Output as _chaindata_evmdata_v1_TransactionActivity__Output } from '../../../chaindata/evmdata/v1/TransactionActivity.ts';
import type { TransferActivity as _chaindata_evmdata_v1_TransferActivity, TransferActivity__Output as _chaindata_evmdata_v1_TransferActivity__Output } from '../../../chaindata/evmdata/v1/TransferActivity.ts';
import type { ContractCreation as _chaindata_evmdata_v1_ContractCreation, ContractCreation__Output as _chaindata_evmdata_v1_ContractCreation__Output } from '../../../chaindata/evmdata/v1/ContractCreation.ts';
import type { IcmMessageSent as _chaindata_evmdata_v1_IcmMessageSent, IcmMessageSent__Output as _chaindata_evmdata_v1_IcmMessageSent__Output } from '../../../chaindata/evmdata/v1/IcmMessageSent.ts';
import type { Long } from '@grpc/proto-loader';

export interface BlockActivity {
  'evm_chain_id'?: (string);
  'block_number'?: (number | string | Long);
  'block_hash'?: (Buffer | Uint8Array | string);
  'parent_hash'?: (Buffer | Uint8Array | string);
  'block_timestamp'?: (number | string | Long);
  'transactions'?: (_chaindata_evmdata_v1_TransactionActivity)[];
  'transfers'?: (_chaindata_evmdata_v1_TransferActivity)[];
  'contract_creations'?: (_chaindata_evmdata_v1_ContractCreation)[];
  'icm_messages_sent'?: (_chaindata_evmdata_v1_IcmMessageSent)[];
}

export interface BlockActivity__Output {
  'evm_chain_id': (string);
  'block_number': (string);
  'block_hash': (Buffer);
  'parent_hash': (Buffer);
  'block_timestamp': (string);
  'transactions': (_chaindata_evmdata_v1_TransactionActivity__Output)[];
  'transfers': (_chaindata_evmdata_v1_TransferActivity__Output)[];
  'contract_creations': (_chaindata_evmdata_v1_ContractCreation__Output)[];
  'icm_messages_sent': (_chaindata_evmdata_v1_IcmMessageSent__Output)[];
}
