// Original file: proto/chaindata/containerindexer/v1/container_indexer.proto


export interface IsAcceptedRequest {
  'index_name'?: (string);
  'id'?: (string);
}

export interface IsAcceptedRequest__Output {
  'index_name': (string);
  'id': (string);
}
