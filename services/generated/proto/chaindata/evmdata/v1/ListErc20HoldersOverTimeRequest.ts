// Original file: proto/chaindata/evmdata/v1/evm_data.proto

import type { Long } from '@grpc/proto-loader';

export interface ListErc20HoldersOverTimeRequest {
  'chain_id'?: (string);
  'contract'?: (Buffer | Uint8Array | string);
  'min_balance'?: (string);
  'start_timestamp'?: (number | string | Long);
  'end_timestamp'?: (number | string | Long);
  'page_size'?: (number);
  'cursor'?: (string);
  '_start_timestamp'?: "start_timestamp";
  '_end_timestamp'?: "end_timestamp";
}

export interface ListErc20HoldersOverTimeRequest__Output {
  'chain_id': (string);
  'contract': (Buffer);
  'min_balance': (string);
  'start_timestamp'?: (string);
  'end_timestamp'?: (string);
  'page_size': (number);
  'cursor': (string);
  '_start_timestamp'?: "start_timestamp";
  '_end_timestamp'?: "end_timestamp";
}
