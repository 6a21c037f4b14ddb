// Original file: proto/chaindata/evmdata/v1/evm_data.proto


export interface LookingGlassHolder {
  'address'?: (Buffer | Uint8Array | string);
  'amount'?: (string);
}

export interface LookingGlassHolder__Output {
  'address': (Buffer);
  'amount': (string);
}
