// Original file: proto/chaindata/evmdata/v1/evm_data.proto

import type { NativeTokenBalance as _chaindata_evmdata_v1_NativeTokenBalance, NativeTokenBalance__Output as _chaindata_evmdata_v1_NativeTokenBalance__Output } from '../../../chaindata/evmdata/v1/NativeTokenBalance.ts';
import type { Erc721TokenBalance as _chaindata_evmdata_v1_Erc721TokenBalance, Erc721TokenBalance__Output as _chaindata_evmdata_v1_Erc721TokenBalance__Output } from '../../../chaindata/evmdata/v1/Erc721TokenBalance.ts';

export interface ListErc721BalancesResponse {
  'nativeTokenBalance'?: (_chaindata_evmdata_v1_NativeTokenBalance | null);
  'erc721TokenBalances'?: (_chaindata_evmdata_v1_Erc721TokenBalance)[];
  'next_cursor'?: (string);
}

export interface ListErc721BalancesResponse__Output {
  'nativeTokenBalance': (_chaindata_evmdata_v1_NativeTokenBalance__Output | null);
  'erc721TokenBalances': (_chaindata_evmdata_v1_Erc721TokenBalance__Output)[];
  'next_cursor': (string);
}
