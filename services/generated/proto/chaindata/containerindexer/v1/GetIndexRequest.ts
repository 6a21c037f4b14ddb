// Original file: proto/chaindata/containerindexer/v1/container_indexer.proto


export interface GetIndexRequest {
  'index_name'?: (string);
  'id'?: (string);
}

export interface GetIndexRequest__Output {
  'index_name': (string);
  'id': (string);
}
