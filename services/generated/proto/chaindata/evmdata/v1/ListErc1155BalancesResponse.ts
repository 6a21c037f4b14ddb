// Original file: proto/chaindata/evmdata/v1/evm_data.proto

import type { NativeTokenBalance as _chaindata_evmdata_v1_NativeTokenBalance, NativeTokenBalance__Output as _chaindata_evmdata_v1_NativeTokenBalance__Output } from '../../../chaindata/evmdata/v1/NativeTokenBalance.ts';
import type { Erc1155TokenBalance as _chaindata_evmdata_v1_Erc1155TokenBalance, Erc1155TokenBalance__Output as _chaindata_evmdata_v1_Erc1155TokenBalance__Output } from '../../../chaindata/evmdata/v1/Erc1155TokenBalance.ts';

export interface ListErc1155BalancesResponse {
  'nativeTokenBalance'?: (_chaindata_evmdata_v1_NativeTokenBalance | null);
  'erc1155TokenBalances'?: (_chaindata_evmdata_v1_Erc1155TokenBalance)[];
  'next_cursor'?: (string);
}

export interface ListErc1155BalancesResponse__Output {
  'nativeTokenBalance': (_chaindata_evmdata_v1_NativeTokenBalance__Output | null);
  'erc1155TokenBalances': (_chaindata_evmdata_v1_Erc1155TokenBalance__Output)[];
  'next_cursor': (string);
}
