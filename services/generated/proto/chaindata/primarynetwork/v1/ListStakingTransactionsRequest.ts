// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto

import type { ChainRef as _chaindata_primarynetwork_v1_ChainRef, ChainRef__Output as _chaindata_primarynetwork_v1_ChainRef__Output } from '../../../chaindata/primarynetwork/v1/ChainRef.ts';
import type { SortOrder as _chaindata_primarynetwork_v1_SortOrder, SortOrder__Output as _chaindata_primarynetwork_v1_SortOrder__Output } from '../../../chaindata/primarynetwork/v1/SortOrder.ts';
import type { Long } from '@grpc/proto-loader';

export interface ListStakingTransactionsRequest {
  'chain'?: (_chaindata_primarynetwork_v1_ChainRef | null);
  'addresses'?: (Buffer | Uint8Array | string)[];
  'tx_types'?: (string)[];
  'start_timestamp'?: (number | string | Long);
  'end_timestamp'?: (number | string | Long);
  'sort_order'?: (_chaindata_primarynetwork_v1_SortOrder);
  'page_size'?: (number);
  'cursor'?: (string);
  '_start_timestamp'?: "start_timestamp";
  '_end_timestamp'?: "end_timestamp";
}

export interface ListStakingTransactionsRequest__Output {
  'chain': (_chaindata_primarynetwork_v1_ChainRef__Output | null);
  'addresses': (Buffer)[];
  'tx_types': (string)[];
  'start_timestamp'?: (string);
  'end_timestamp'?: (string);
  'sort_order': (_chaindata_primarynetwork_v1_SortOrder__Output);
  'page_size': (number);
  'cursor': (string);
  '_start_timestamp'?: "start_timestamp";
  '_end_timestamp'?: "end_timestamp";
}
