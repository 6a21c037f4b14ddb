// Original file: proto/chaindata/evmdata/v1/evm_data.proto


export interface EvmBlock {
  'chainId'?: (string);
  'blockNumber'?: (string);
  'blockTimestamp'?: (number | string);
  'blockTimestampMilliseconds'?: (number | string);
  'blockMinDelayExcess'?: (number | string);
  'blockHash'?: (string);
  'txCount'?: (number);
  'baseFee'?: (string);
  'gasUsed'?: (string);
  'gasLimit'?: (string);
  'gasCost'?: (string);
  'parentHash'?: (string);
  'feesSpent'?: (string);
  'cumulativeTransactions'?: (string);
  '_blockTimestampMilliseconds'?: "blockTimestampMilliseconds";
  '_blockMinDelayExcess'?: "blockMinDelayExcess";
}

export interface EvmBlock__Output {
  'chainId': (string);
  'blockNumber': (string);
  'blockTimestamp': (number);
  'blockTimestampMilliseconds'?: (number);
  'blockMinDelayExcess'?: (number);
  'blockHash': (string);
  'txCount': (number);
  'baseFee': (string);
  'gasUsed': (string);
  'gasLimit': (string);
  'gasCost': (string);
  'parentHash': (string);
  'feesSpent': (string);
  'cumulativeTransactions': (string);
  '_blockTimestampMilliseconds'?: "blockTimestampMilliseconds";
  '_blockMinDelayExcess'?: "blockMinDelayExcess";
}
