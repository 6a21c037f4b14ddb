// Original file: proto/chaindata/metrics/v1/metrics.proto


export interface AddressDetails {
  'address'?: (string);
  'sortKey'?: (string);
}

export interface AddressDetails__Output {
  'address': (string);
  'sortKey': (string);
}
