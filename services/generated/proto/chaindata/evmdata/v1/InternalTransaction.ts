// Original file: proto/chaindata/evmdata/v1/evm_data.proto

import type { RichAddress as _chaindata_evmdata_v1_RichAddress, RichAddress__Output as _chaindata_evmdata_v1_RichAddress__Output } from '../../../chaindata/evmdata/v1/RichAddress.ts';

export interface InternalTransaction {
  'from'?: (_chaindata_evmdata_v1_RichAddress | null);
  'to'?: (_chaindata_evmdata_v1_RichAddress | null);
  'internalTxType'?: (string);
  'value'?: (string);
  'isReverted'?: (boolean);
  'gasUsed'?: (string);
  'gasLimit'?: (string);
}

export interface InternalTransaction__Output {
  'from': (_chaindata_evmdata_v1_RichAddress__Output | null);
  'to': (_chaindata_evmdata_v1_RichAddress__Output | null);
  'internalTxType': (string);
  'value': (string);
  'isReverted': (boolean);
  'gasUsed': (string);
  'gasLimit': (string);
}
