// Original file: proto/chaindata/metrics/v1/metrics.proto


export interface MetricsValue {
  'value'?: (number | string);
  'timestamp'?: (number | string);
}

export interface MetricsValue__Output {
  'value': (number);
  'timestamp': (number);
}
