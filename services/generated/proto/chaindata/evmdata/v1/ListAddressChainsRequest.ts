// Original file: proto/chaindata/evmdata/v1/evm_data.proto


export interface ListAddressChainsRequest {
  'address'?: (Buffer | Uint8Array | string);
}

export interface ListAddressChainsRequest__Output {
  'address': (Buffer);
}
