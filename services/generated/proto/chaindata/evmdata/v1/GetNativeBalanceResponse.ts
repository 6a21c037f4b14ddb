// Original file: proto/chaindata/evmdata/v1/evm_data.proto

import type { NativeTokenBalance as _chaindata_evmdata_v1_NativeTokenBalance, NativeTokenBalance__Output as _chaindata_evmdata_v1_NativeTokenBalance__Output } from '../../../chaindata/evmdata/v1/NativeTokenBalance.ts';

export interface GetNativeBalanceResponse {
  'nativeTokenBalance'?: (_chaindata_evmdata_v1_NativeTokenBalance | null);
}

export interface GetNativeBalanceResponse__Output {
  'nativeTokenBalance': (_chaindata_evmdata_v1_NativeTokenBalance__Output | null);
}
