// Original file: proto/chaindata/containerindexer/v1/container_indexer.proto


export interface GetLastAcceptedRequest {
  'index_name'?: (string);
}

export interface GetLastAcceptedRequest__Output {
  'index_name': (string);
}
