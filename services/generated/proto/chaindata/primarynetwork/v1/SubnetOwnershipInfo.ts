// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto


export interface SubnetOwnershipInfo {
  'locktime'?: (number | string);
  'threshold'?: (number | string);
  'addresses'?: (string)[];
}

export interface SubnetOwnershipInfo__Output {
  'locktime': (number);
  'threshold': (number);
  'addresses': (string)[];
}
