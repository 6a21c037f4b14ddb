// Original file: proto/chaindata/evmdata/v1/evm_data.proto

import type { TransactionDetails as _chaindata_evmdata_v1_TransactionDetails, TransactionDetails__Output as _chaindata_evmdata_v1_TransactionDetails__Output } from '../../../chaindata/evmdata/v1/TransactionDetails.ts';

export interface ListAddressTransactionsResponse {
  'transactions'?: (_chaindata_evmdata_v1_TransactionDetails)[];
  'next_cursor'?: (string);
}

export interface ListAddressTransactionsResponse__Output {
  'transactions': (_chaindata_evmdata_v1_TransactionDetails__Output)[];
  'next_cursor': (string);
}
