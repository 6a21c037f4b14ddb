// Original file: proto/chaindata/evmdata/v1/evm_data.proto


export interface GetContractMetadataRequest {
  'chain_id'?: (string);
  'address'?: (Buffer | Uint8Array | string);
}

export interface GetContractMetadataRequest__Output {
  'chain_id': (string);
  'address': (Buffer);
}
