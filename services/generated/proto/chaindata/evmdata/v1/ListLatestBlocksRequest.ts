// Original file: proto/chaindata/evmdata/v1/evm_data.proto


export interface ListLatestBlocksRequest {
  'chain_id'?: (string);
  'page_size'?: (number);
  'cursor'?: (string);
}

export interface ListLatestBlocksRequest__Output {
  'chain_id': (string);
  'page_size': (number);
  'cursor': (string);
}
