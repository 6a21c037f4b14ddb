// Original file: proto/chaindata/evmdata/v1/evm_data.proto


export interface GetDeploymentTransactionRequest {
  'chain_id'?: (string);
  'address'?: (Buffer | Uint8Array | string);
  'currency'?: (string);
}

export interface GetDeploymentTransactionRequest__Output {
  'chain_id': (string);
  'address': (Buffer);
  'currency': (string);
}
