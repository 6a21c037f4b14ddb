// Original file: proto/chaindata/evmdata/v1/evm_data.proto

import type { Long } from '@grpc/proto-loader';

export interface ListAddressActivityRequest {
  'chain_id'?: (string);
  'address'?: (Buffer | Uint8Array | string);
  'start_block'?: (number | string | Long);
  'end_block'?: (number | string | Long);
  'page_size'?: (number);
  'cursor'?: (string);
  '_start_block'?: "start_block";
  '_end_block'?: "end_block";
}

export interface ListAddressActivityRequest__Output {
  'chain_id': (string);
  'address': (Buffer);
  'start_block'?: (string);
  'end_block'?: (string);
  'page_size': (number);
  'cursor': (string);
  '_start_block'?: "start_block";
  '_end_block'?: "end_block";
}
