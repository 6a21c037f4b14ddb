// Original file: proto/chaindata/evmdata/v1/evm_data.proto

import type { ChainInfo as _chaindata_evmdata_v1_ChainInfo, ChainInfo__Output as _chaindata_evmdata_v1_ChainInfo__Output } from '../../../chaindata/evmdata/v1/ChainInfo.ts';

export interface ListChainsResponse {
  'chains'?: (_chaindata_evmdata_v1_ChainInfo)[];
}

export interface ListChainsResponse__Output {
  'chains': (_chaindata_evmdata_v1_ChainInfo__Output)[];
}
