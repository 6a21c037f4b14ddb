// Original file: proto/chaindata/evmdata/v1/evm_data.proto


export interface NetworkToken {
  'name'?: (string);
  'symbol'?: (string);
  'decimals'?: (number);
  'logoUri'?: (string);
  'description'?: (string);
  '_logoUri'?: "logoUri";
  '_description'?: "description";
}

export interface NetworkToken__Output {
  'name': (string);
  'symbol': (string);
  'decimals': (number);
  'logoUri'?: (string);
  'description'?: (string);
  '_logoUri'?: "logoUri";
  '_description'?: "description";
}
