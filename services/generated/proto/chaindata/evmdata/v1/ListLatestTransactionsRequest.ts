// Original file: proto/chaindata/evmdata/v1/evm_data.proto

import type { TransactionStatusFilter as _chaindata_evmdata_v1_TransactionStatusFilter, TransactionStatusFilter__Output as _chaindata_evmdata_v1_TransactionStatusFilter__Output } from '../../../chaindata/evmdata/v1/TransactionStatusFilter.ts';

export interface ListLatestTransactionsRequest {
  'chain_id'?: (string);
  'status'?: (_chaindata_evmdata_v1_TransactionStatusFilter);
  'page_size'?: (number);
  'cursor'?: (string);
}

export interface ListLatestTransactionsRequest__Output {
  'chain_id': (string);
  'status': (_chaindata_evmdata_v1_TransactionStatusFilter__Output);
  'page_size': (number);
  'cursor': (string);
}
