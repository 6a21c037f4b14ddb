// Original file: proto/chaindata/containerindexer/v1/container_indexer.proto


export interface GetContainerByIDRequest {
  'index_name'?: (string);
  'id'?: (string);
}

export interface GetContainerByIDRequest__Output {
  'index_name': (string);
  'id': (string);
}
