// Original file: proto/chaindata/evmdata/v1/evm_data.proto


export interface ContractCreation {
  'address'?: (Buffer | Uint8Array | string);
  'deployer'?: (Buffer | Uint8Array | string);
}

export interface ContractCreation__Output {
  'address': (Buffer);
  'deployer': (Buffer);
}
