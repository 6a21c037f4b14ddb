// Original file: proto/chaindata/evmdata/v1/evm_data.proto

import type { InternalTransactionEntry as _chaindata_evmdata_v1_InternalTransactionEntry, InternalTransactionEntry__Output as _chaindata_evmdata_v1_InternalTransactionEntry__Output } from '../../../chaindata/evmdata/v1/InternalTransactionEntry.ts';

export interface ListInternalTransactionsResponse {
  'transactions'?: (_chaindata_evmdata_v1_InternalTransactionEntry)[];
  'next_cursor'?: (string);
}

export interface ListInternalTransactionsResponse__Output {
  'transactions': (_chaindata_evmdata_v1_InternalTransactionEntry__Output)[];
  'next_cursor': (string);
}
