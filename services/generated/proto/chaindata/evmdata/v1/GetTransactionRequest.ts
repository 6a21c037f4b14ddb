// Original file: proto/chaindata/evmdata/v1/evm_data.proto


export interface GetTransactionRequest {
  'chain_id'?: (string);
  'tx_hash'?: (Buffer | Uint8Array | string);
}

export interface GetTransactionRequest__Output {
  'chain_id': (string);
  'tx_hash': (Buffer);
}
