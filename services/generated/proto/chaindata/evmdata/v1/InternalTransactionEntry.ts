// Original file: proto/chaindata/evmdata/v1/evm_data.proto

import type { RichAddress as _chaindata_evmdata_v1_RichAddress, RichAddress__Output as _chaindata_evmdata_v1_RichAddress__Output } from '../../../chaindata/evmdata/v1/RichAddress.ts';

export interface InternalTransactionEntry {
  'blockNumber'?: (string);
  'blockTimestamp'?: (number | string);
  'blockTimestampMilliseconds'?: (number | string);
  'blockHash'?: (string);
  'txHash'?: (string);
  'from'?: (_chaindata_evmdata_v1_RichAddress | null);
  'to'?: (_chaindata_evmdata_v1_RichAddress | null);
  'internalTxType'?: (string);
  'value'?: (string);
  'isReverted'?: (boolean);
  'gasUsed'?: (string);
  'gasLimit'?: (string);
  '_blockTimestampMilliseconds'?: "blockTimestampMilliseconds";
}

export interface InternalTransactionEntry__Output {
  'blockNumber': (string);
  'blockTimestamp': (number);
  'blockTimestampMilliseconds'?: (number);
  'blockHash': (string);
  'txHash': (string);
  'from': (_chaindata_evmdata_v1_RichAddress__Output | null);
  'to': (_chaindata_evmdata_v1_RichAddress__Output | null);
  'internalTxType': (string);
  'value': (string);
  'isReverted': (boolean);
  'gasUsed': (string);
  'gasLimit': (string);
  '_blockTimestampMilliseconds'?: "blockTimestampMilliseconds";
}
