// Original file: proto/chaindata/metrics/v1/metrics.proto


export interface GetAvgTpsRequest {
  'chain_id'?: (string);
  'page_token'?: (string);
  'page_size'?: (number);
  '_page_size'?: "page_size";
}

export interface GetAvgTpsRequest__Output {
  'chain_id': (string);
  'page_token': (string);
  'page_size'?: (number);
  '_page_size'?: "page_size";
}
