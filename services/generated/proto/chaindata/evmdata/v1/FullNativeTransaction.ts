// Original file: proto/chaindata/evmdata/v1/evm_data.proto

import type { RichAddress as _chaindata_evmdata_v1_RichAddress, RichAddress__Output as _chaindata_evmdata_v1_RichAddress__Output } from '../../../chaindata/evmdata/v1/RichAddress.ts';
import type { Method as _chaindata_evmdata_v1_Method, Method__Output as _chaindata_evmdata_v1_Method__Output } from '../../../chaindata/evmdata/v1/Method.ts';

export interface FullNativeTransaction {
  'blockNumber'?: (string);
  'blockTimestamp'?: (number | string);
  'blockTimestampMilliseconds'?: (number | string);
  'blockMinDelayExcess'?: (number | string);
  'blockHash'?: (string);
  'chainId'?: (string);
  'blockIndex'?: (number);
  'txHash'?: (string);
  'txStatus'?: (string);
  'txType'?: (number);
  'gasLimit'?: (string);
  'gasUsed'?: (string);
  'gasPrice'?: (string);
  'nonce'?: (string);
  'from'?: (_chaindata_evmdata_v1_RichAddress | null);
  'to'?: (_chaindata_evmdata_v1_RichAddress | null);
  'method'?: (_chaindata_evmdata_v1_Method | null);
  'value'?: (string);
  'input'?: (string);
  'baseFeePerGas'?: (string);
  'maxFeePerGas'?: (string);
  'maxPriorityFeePerGas'?: (string);
  '_blockTimestampMilliseconds'?: "blockTimestampMilliseconds";
  '_blockMinDelayExcess'?: "blockMinDelayExcess";
  '_maxFeePerGas'?: "maxFeePerGas";
  '_maxPriorityFeePerGas'?: "maxPriorityFeePerGas";
}

export interface FullNativeTransaction__Output {
  'blockNumber': (string);
  'blockTimestamp': (number);
  'blockTimestampMilliseconds'?: (number);
  'blockMinDelayExcess'?: (number);
  'blockHash': (string);
  'chainId': (string);
  'blockIndex': (number);
  'txHash': (string);
  'txStatus': (string);
  'txType': (number);
  'gasLimit': (string);
  'gasUsed': (string);
  'gasPrice': (string);
  'nonce': (string);
  'from': (_chaindata_evmdata_v1_RichAddress__Output | null);
  'to': (_chaindata_evmdata_v1_RichAddress__Output | null);
  'method': (_chaindata_evmdata_v1_Method__Output | null);
  'value': (string);
  'input': (string);
  'baseFeePerGas': (string);
  'maxFeePerGas'?: (string);
  'maxPriorityFeePerGas'?: (string);
  '_blockTimestampMilliseconds'?: "blockTimestampMilliseconds";
  '_blockMinDelayExcess'?: "blockMinDelayExcess";
  '_maxFeePerGas'?: "maxFeePerGas";
  '_maxPriorityFeePerGas'?: "maxPriorityFeePerGas";
}
