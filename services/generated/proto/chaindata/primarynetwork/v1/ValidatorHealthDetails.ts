// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto


export interface ValidatorHealthDetails {
  'reachabilityPercent'?: (number | string);
  'benchedPChainRequestsPercent'?: (number | string);
  'benchedXChainRequestsPercent'?: (number | string);
  'benchedCChainRequestsPercent'?: (number | string);
}

export interface ValidatorHealthDetails__Output {
  'reachabilityPercent': (number);
  'benchedPChainRequestsPercent': (number);
  'benchedXChainRequestsPercent': (number);
  'benchedCChainRequestsPercent': (number);
}
