// Original file: proto/chaindata/evmdata/v1/evm_data.proto

import type { NativeTokenBalance as _chaindata_evmdata_v1_NativeTokenBalance, NativeTokenBalance__Output as _chaindata_evmdata_v1_NativeTokenBalance__Output } from '../../../chaindata/evmdata/v1/NativeTokenBalance.ts';
import type { Erc20TokenBalance as _chaindata_evmdata_v1_Erc20TokenBalance, Erc20TokenBalance__Output as _chaindata_evmdata_v1_Erc20TokenBalance__Output } from '../../../chaindata/evmdata/v1/Erc20TokenBalance.ts';

export interface ListErc20BalancesResponse {
  'nativeTokenBalance'?: (_chaindata_evmdata_v1_NativeTokenBalance | null);
  'erc20TokenBalances'?: (_chaindata_evmdata_v1_Erc20TokenBalance)[];
  'next_cursor'?: (string);
}

export interface ListErc20BalancesResponse__Output {
  'nativeTokenBalance': (_chaindata_evmdata_v1_NativeTokenBalance__Output | null);
  'erc20TokenBalances': (_chaindata_evmdata_v1_Erc20TokenBalance__Output)[];
  'next_cursor': (string);
}
