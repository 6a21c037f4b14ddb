// Original file: proto/chaindata/evmdata/v1/evm_data.proto


export interface ListContractDeploymentsRequest {
  'chain_id'?: (string);
  'address'?: (Buffer | Uint8Array | string);
  'page_size'?: (number);
  'cursor'?: (string);
}

export interface ListContractDeploymentsRequest__Output {
  'chain_id': (string);
  'address': (Buffer);
  'page_size': (number);
  'cursor': (string);
}
