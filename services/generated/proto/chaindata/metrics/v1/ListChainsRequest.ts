// Original file: proto/chaindata/metrics/v1/metrics.proto


export interface ListChainsRequest {
  'network'?: (string);
  'page_size'?: (number);
  'cursor'?: (string);
  '_page_size'?: "page_size";
}

export interface ListChainsRequest__Output {
  'network': (string);
  'page_size'?: (number);
  'cursor': (string);
  '_page_size'?: "page_size";
}
