// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto

import type { Transaction as _chaindata_primarynetwork_v1_Transaction, Transaction__Output as _chaindata_primarynetwork_v1_Transaction__Output } from '../../../chaindata/primarynetwork/v1/Transaction.ts';
import type { ChainInfo as _chaindata_primarynetwork_v1_ChainInfo, ChainInfo__Output as _chaindata_primarynetwork_v1_ChainInfo__Output } from '../../../chaindata/primarynetwork/v1/ChainInfo.ts';

export interface ListTransactionsResponse {
  'transactions'?: (_chaindata_primarynetwork_v1_Transaction)[];
  'chainInfo'?: (_chaindata_primarynetwork_v1_ChainInfo | null);
  'next_cursor'?: (string);
}

export interface ListTransactionsResponse__Output {
  'transactions': (_chaindata_primarynetwork_v1_Transaction__Output)[];
  'chainInfo': (_chaindata_primarynetwork_v1_ChainInfo__Output | null);
  'next_cursor': (string);
}
