// Original file: proto/chaindata/evmdata/v1/evm_data.proto

import type { NativeTransaction as _chaindata_evmdata_v1_NativeTransaction, NativeTransaction__Output as _chaindata_evmdata_v1_NativeTransaction__Output } from '../../../chaindata/evmdata/v1/NativeTransaction.ts';

export interface ListNativeTransactionsResponse {
  'transactions'?: (_chaindata_evmdata_v1_NativeTransaction)[];
  'next_cursor'?: (string);
}

export interface ListNativeTransactionsResponse__Output {
  'transactions': (_chaindata_evmdata_v1_NativeTransaction__Output)[];
  'next_cursor': (string);
}
