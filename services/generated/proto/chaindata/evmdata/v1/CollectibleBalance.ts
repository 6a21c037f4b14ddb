// Original file: proto/chaindata/evmdata/v1/evm_data.proto

import type { Erc721TokenBalance as _chaindata_evmdata_v1_Erc721TokenBalance, Erc721TokenBalance__Output as _chaindata_evmdata_v1_Erc721TokenBalance__Output } from '../../../chaindata/evmdata/v1/Erc721TokenBalance.ts';
import type { Erc1155TokenBalance as _chaindata_evmdata_v1_Erc1155TokenBalance, Erc1155TokenBalance__Output as _chaindata_evmdata_v1_Erc1155TokenBalance__Output } from '../../../chaindata/evmdata/v1/Erc1155TokenBalance.ts';

export interface CollectibleBalance {
  'erc721'?: (_chaindata_evmdata_v1_Erc721TokenBalance | null);
  'erc1155'?: (_chaindata_evmdata_v1_Erc1155TokenBalance | null);
  'kind'?: "erc721"|"erc1155";
}

export interface CollectibleBalance__Output {
  'erc721'?: (_chaindata_evmdata_v1_Erc721TokenBalance__Output | null);
  'erc1155'?: (_chaindata_evmdata_v1_Erc1155TokenBalance__Output | null);
  'kind'?: "erc721"|"erc1155";
}
