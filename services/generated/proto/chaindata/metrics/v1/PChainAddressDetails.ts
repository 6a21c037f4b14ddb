// Original file: proto/chaindata/metrics/v1/metrics.proto


export interface PChainAddressDetails {
  'addresses'?: (string)[];
  'sortKey'?: (string);
}

export interface PChainAddressDetails__Output {
  'addresses': (string)[];
  'sortKey': (string);
}
