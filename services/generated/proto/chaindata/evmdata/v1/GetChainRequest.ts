// Original file: proto/chaindata/evmdata/v1/evm_data.proto


export interface GetChainRequest {
  'chain_id'?: (string);
}

export interface GetChainRequest__Output {
  'chain_id': (string);
}
