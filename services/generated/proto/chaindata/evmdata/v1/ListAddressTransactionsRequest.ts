// Original file: proto/chaindata/evmdata/v1/evm_data.proto

import type { SortOrder as _chaindata_evmdata_v1_SortOrder, SortOrder__Output as _chaindata_evmdata_v1_SortOrder__Output } from '../../../chaindata/evmdata/v1/SortOrder.ts';
import type { Long } from '@grpc/proto-loader';

export interface ListAddressTransactionsRequest {
  'chain_id'?: (string);
  'address'?: (Buffer | Uint8Array | string);
  'start_block'?: (number | string | Long);
  'end_block'?: (number | string | Long);
  'sort_order'?: (_chaindata_evmdata_v1_SortOrder);
  'page_size'?: (number);
  'cursor'?: (string);
  'filter_spam_tokens'?: (boolean);
  '_start_block'?: "start_block";
  '_end_block'?: "end_block";
}

export interface ListAddressTransactionsRequest__Output {
  'chain_id': (string);
  'address': (Buffer);
  'start_block'?: (string);
  'end_block'?: (string);
  'sort_order': (_chaindata_evmdata_v1_SortOrder__Output);
  'page_size': (number);
  'cursor': (string);
  'filter_spam_tokens': (boolean);
  '_start_block'?: "start_block";
  '_end_block'?: "end_block";
}
