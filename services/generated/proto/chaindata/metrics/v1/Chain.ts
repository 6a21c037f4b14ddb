// Original file: proto/chaindata/metrics/v1/metrics.proto


export interface Chain {
  'evmChainId'?: (number | string);
  'chainName'?: (string);
  'blockchainId'?: (string);
  'subnetId'?: (string);
  'network'?: (string);
}

export interface Chain__Output {
  'evmChainId': (number);
  'chainName': (string);
  'blockchainId': (string);
  'subnetId': (string);
  'network': (string);
}
