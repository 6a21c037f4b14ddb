// Original file: proto/chaindata/evmdata/v1/evm_data.proto

import type { LookingGlassHolder as _chaindata_evmdata_v1_LookingGlassHolder, LookingGlassHolder__Output as _chaindata_evmdata_v1_LookingGlassHolder__Output } from '../../../chaindata/evmdata/v1/LookingGlassHolder.ts';

export interface ListErc20HoldersOverTimeResponse {
  'holders'?: (_chaindata_evmdata_v1_LookingGlassHolder)[];
  'next_cursor'?: (string);
}

export interface ListErc20HoldersOverTimeResponse__Output {
  'holders': (_chaindata_evmdata_v1_LookingGlassHolder__Output)[];
  'next_cursor': (string);
}
