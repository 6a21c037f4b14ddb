// Original file: proto/chaindata/evmdata/v1/evm_data.proto

import type { ChainIngestion as _chaindata_evmdata_v1_ChainIngestion, ChainIngestion__Output as _chaindata_evmdata_v1_ChainIngestion__Output } from '../../../chaindata/evmdata/v1/ChainIngestion.ts';

export interface IngestionStatus {
  'chains'?: (_chaindata_evmdata_v1_ChainIngestion)[];
}

export interface IngestionStatus__Output {
  'chains': (_chaindata_evmdata_v1_ChainIngestion__Output)[];
}
