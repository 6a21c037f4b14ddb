// Original file: proto/chaindata/evmdata/v1/evm_data.proto


export interface ListNftHoldersRequest {
  'chain_id'?: (string);
  'contract'?: (Buffer | Uint8Array | string);
  'page_size'?: (number);
  'cursor'?: (string);
}

export interface ListNftHoldersRequest__Output {
  'chain_id': (string);
  'contract': (Buffer);
  'page_size': (number);
  'cursor': (string);
}
