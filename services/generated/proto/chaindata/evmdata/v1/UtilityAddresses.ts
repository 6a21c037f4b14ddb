// Original file: proto/chaindata/evmdata/v1/evm_data.proto


export interface UtilityAddresses {
  'multicall'?: (string);
  '_multicall'?: "multicall";
}

export interface UtilityAddresses__Output {
  'multicall'?: (string);
  '_multicall'?: "multicall";
}
