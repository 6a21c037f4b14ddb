// Original file: proto/chaindata/evmdata/v1/evm_data.proto


export interface Money {
  'currencyCode'?: (string);
  'value'?: (number | string);
}

export interface Money__Output {
  'currencyCode': (string);
  'value': (number);
}
