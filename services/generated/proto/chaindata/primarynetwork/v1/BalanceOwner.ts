// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto


export interface BalanceOwner {
  'addresses'?: (string)[];
  'threshold'?: (number | string);
}

export interface BalanceOwner__Output {
  'addresses': (string)[];
  'threshold': (number);
}
