// Original file: proto/chaindata/evmdata/v1/evm_data.proto

import type { LookingGlassHolder as _chaindata_evmdata_v1_LookingGlassHolder, LookingGlassHolder__Output as _chaindata_evmdata_v1_LookingGlassHolder__Output } from '../../../chaindata/evmdata/v1/LookingGlassHolder.ts';
import type { Long } from '@grpc/proto-loader';

export interface ListNftHoldersResponse {
  'holders'?: (_chaindata_evmdata_v1_LookingGlassHolder)[];
  'next_cursor'?: (string);
  'total_holders'?: (number | string | Long);
  'total_tokens'?: (number | string | Long);
  'name'?: (string);
  'symbol'?: (string);
  '_name'?: "name";
  '_symbol'?: "symbol";
}

export interface ListNftHoldersResponse__Output {
  'holders': (_chaindata_evmdata_v1_LookingGlassHolder__Output)[];
  'next_cursor': (string);
  'total_holders': (string);
  'total_tokens': (string);
  'name'?: (string);
  'symbol'?: (string);
  '_name'?: "name";
  '_symbol'?: "symbol";
}
