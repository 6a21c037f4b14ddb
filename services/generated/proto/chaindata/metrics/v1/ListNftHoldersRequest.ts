// Original file: proto/chaindata/metrics/v1/metrics.proto


export interface ListNftHoldersRequest {
  'chain_id'?: (string);
  'address'?: (string);
  'page_size'?: (number);
  'cursor'?: (string);
}

export interface ListNftHoldersRequest__Output {
  'chain_id': (string);
  'address': (string);
  'page_size': (number);
  'cursor': (string);
}
