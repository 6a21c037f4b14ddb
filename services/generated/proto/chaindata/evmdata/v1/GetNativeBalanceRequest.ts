// Original file: proto/chaindata/evmdata/v1/evm_data.proto

import type { Long } from '@grpc/proto-loader';

export interface GetNativeBalanceRequest {
  'chain_id'?: (string);
  'address'?: (Buffer | Uint8Array | string);
  'block_number'?: (number | string | Long);
  'currency'?: (string);
  '_block_number'?: "block_number";
}

export interface GetNativeBalanceRequest__Output {
  'chain_id': (string);
  'address': (Buffer);
  'block_number'?: (string);
  'currency': (string);
  '_block_number'?: "block_number";
}
