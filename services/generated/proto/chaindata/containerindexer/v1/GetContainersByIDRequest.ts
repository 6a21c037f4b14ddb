// Original file: proto/chaindata/containerindexer/v1/container_indexer.proto


export interface GetContainersByIDRequest {
  'index_name'?: (string);
  'ids'?: (string)[];
}

export interface GetContainersByIDRequest__Output {
  'index_name': (string);
  'ids': (string)[];
}
