// Original file: proto/chaindata/evmdata/v1/evm_data.proto

import type { CollectibleBalance as _chaindata_evmdata_v1_CollectibleBalance, CollectibleBalance__Output as _chaindata_evmdata_v1_CollectibleBalance__Output } from '../../../chaindata/evmdata/v1/CollectibleBalance.ts';

export interface ListCollectibleBalancesResponse {
  'collectibleBalances'?: (_chaindata_evmdata_v1_CollectibleBalance)[];
  'next_cursor'?: (string);
}

export interface ListCollectibleBalancesResponse__Output {
  'collectibleBalances': (_chaindata_evmdata_v1_CollectibleBalance__Output)[];
  'next_cursor': (string);
}
