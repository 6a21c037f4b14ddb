// Original file: proto/chaindata/evmdata/v1/evm_data.proto


export interface ListNftTokensRequest {
  'chain_id'?: (string);
  'contract_address'?: (Buffer | Uint8Array | string);
  'page_size'?: (number);
  'cursor'?: (string);
}

export interface ListNftTokensRequest__Output {
  'chain_id': (string);
  'contract_address': (Buffer);
  'page_size': (number);
  'cursor': (string);
}
