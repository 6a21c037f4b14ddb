// Original file: proto/chaindata/metrics/v1/metrics.proto


export interface ICMMetricsValue {
  'value'?: (number | string);
  'timestamp'?: (number | string);
  'srcBlockchainId'?: (string);
  'destBlockchainId'?: (string);
}

export interface ICMMetricsValue__Output {
  'value': (number);
  'timestamp': (number);
  'srcBlockchainId': (string);
  'destBlockchainId': (string);
}
