// Original file: proto/chaindata/evmdata/v1/evm_data.proto


export interface GetNftTokenRequest {
  'chain_id'?: (string);
  'contract_address'?: (Buffer | Uint8Array | string);
  'token_id'?: (string);
}

export interface GetNftTokenRequest__Output {
  'chain_id': (string);
  'contract_address': (Buffer);
  'token_id': (string);
}
