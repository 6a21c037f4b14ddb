// Original file: proto/chaindata/evmdata/v1/evm_data.proto


export interface ListChainsRequest {
  'network'?: (string);
}

export interface ListChainsRequest__Output {
  'network': (string);
}
