// Original file: proto/chaindata/evmdata/v1/evm_data.proto


export interface IcmSourceTransaction {
  'txHash'?: (string);
  'timestamp'?: (number | string);
  'gasSpent'?: (string);
}

export interface IcmSourceTransaction__Output {
  'txHash': (string);
  'timestamp': (number);
  'gasSpent': (string);
}
