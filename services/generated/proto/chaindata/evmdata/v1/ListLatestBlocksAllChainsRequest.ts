// Original file: proto/chaindata/evmdata/v1/evm_data.proto


export interface ListLatestBlocksAllChainsRequest {
  'network'?: (string);
  'page_size'?: (number);
  'cursor'?: (string);
}

export interface ListLatestBlocksAllChainsRequest__Output {
  'network': (string);
  'page_size': (number);
  'cursor': (string);
}
