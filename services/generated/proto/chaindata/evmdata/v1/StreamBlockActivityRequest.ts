// Original file: proto/chaindata/evmdata/v1/evm_data.proto

import type { Long } from '@grpc/proto-loader';

export interface StreamBlockActivityRequest {
  'chain_id'?: (string);
  'after_block'?: (number | string | Long);
  '_after_block'?: "after_block";
}

export interface StreamBlockActivityRequest__Output {
  'chain_id': (string);
  'after_block'?: (string);
  '_after_block'?: "after_block";
}
