// Original file: proto/chaindata/evmdata/v1/evm_data.proto

import type { Long } from '@grpc/proto-loader';

export interface StreamAddressTransactionsRequest {
  'chain_id'?: (string);
  'address'?: (Buffer | Uint8Array | string);
  'start_timestamp'?: (number | string | Long);
  'end_timestamp'?: (number | string | Long);
  'page_size'?: (number);
  'cursor'?: (string);
}

export interface StreamAddressTransactionsRequest__Output {
  'chain_id': (string);
  'address': (Buffer);
  'start_timestamp': (string);
  'end_timestamp': (string);
  'page_size': (number);
  'cursor': (string);
}
