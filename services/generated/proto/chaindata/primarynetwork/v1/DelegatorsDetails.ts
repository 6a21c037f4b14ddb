// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto


export interface DelegatorsDetails {
  'delegatorCount'?: (number | string);
  'totalAmountStaked'?: (string);
}

export interface DelegatorsDetails__Output {
  'delegatorCount': (number);
  'totalAmountStaked': (string);
}
