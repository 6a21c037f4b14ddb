// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto


export interface Money {
  'currencyCode'?: (string);
  'value'?: (number | string);
}

export interface Money__Output {
  'currencyCode': (string);
  'value': (number);
}
