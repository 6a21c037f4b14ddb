// Original file: proto/chaindata/evmdata/v1/evm_data.proto


export interface RichAddress {
  'name'?: (string);
  'symbol'?: (string);
  'decimals'?: (number);
  'logoUri'?: (string);
  'address'?: (string);
  '_name'?: "name";
  '_symbol'?: "symbol";
  '_decimals'?: "decimals";
  '_logoUri'?: "logoUri";
}

export interface RichAddress__Output {
  'name'?: (string);
  'symbol'?: (string);
  'decimals'?: (number);
  'logoUri'?: (string);
  'address': (string);
  '_name'?: "name";
  '_symbol'?: "symbol";
  '_decimals'?: "decimals";
  '_logoUri'?: "logoUri";
}
