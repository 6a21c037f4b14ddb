// Original file: proto/chaindata/evmdata/v1/evm_data.proto

import type { Erc721Token as _chaindata_evmdata_v1_Erc721Token, Erc721Token__Output as _chaindata_evmdata_v1_Erc721Token__Output } from '../../../chaindata/evmdata/v1/Erc721Token.ts';
import type { Erc1155Token as _chaindata_evmdata_v1_Erc1155Token, Erc1155Token__Output as _chaindata_evmdata_v1_Erc1155Token__Output } from '../../../chaindata/evmdata/v1/Erc1155Token.ts';

export interface NftToken {
  'erc721'?: (_chaindata_evmdata_v1_Erc721Token | null);
  'erc1155'?: (_chaindata_evmdata_v1_Erc1155Token | null);
  'kind'?: "erc721"|"erc1155";
}

export interface NftToken__Output {
  'erc721'?: (_chaindata_evmdata_v1_Erc721Token__Output | null);
  'erc1155'?: (_chaindata_evmdata_v1_Erc1155Token__Output | null);
  'kind'?: "erc721"|"erc1155";
}
