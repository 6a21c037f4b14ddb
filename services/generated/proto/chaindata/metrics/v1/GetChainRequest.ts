// Original file: proto/chaindata/metrics/v1/metrics.proto


export interface GetChainRequest {
  'chain_id'?: (string);
}

export interface GetChainRequest__Output {
  'chain_id': (string);
}
