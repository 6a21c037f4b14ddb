// Original file: proto/chaindata/evmdata/v1/evm_data.proto

import type { Long } from '@grpc/proto-loader';

export interface ListBlockTransactionsRequest {
  'chain_id'?: (string);
  'block_number'?: (number | string | Long);
  'block_hash'?: (Buffer | Uint8Array | string);
  'page_size'?: (number);
  'cursor'?: (string);
  'block'?: "block_number"|"block_hash";
}

export interface ListBlockTransactionsRequest__Output {
  'chain_id': (string);
  'block_number'?: (string);
  'block_hash'?: (Buffer);
  'page_size': (number);
  'cursor': (string);
  'block'?: "block_number"|"block_hash";
}
