// Original file: proto/chaindata/evmdata/v1/evm_data.proto

import type { ChainInfo as _chaindata_evmdata_v1_ChainInfo, ChainInfo__Output as _chaindata_evmdata_v1_ChainInfo__Output } from '../../../chaindata/evmdata/v1/ChainInfo.ts';

export interface ListAddressChainsResponse {
  'indexedChains'?: (_chaindata_evmdata_v1_ChainInfo)[];
  'unindexedChains'?: (string)[];
}

export interface ListAddressChainsResponse__Output {
  'indexedChains': (_chaindata_evmdata_v1_ChainInfo__Output)[];
  'unindexedChains': (string)[];
}
