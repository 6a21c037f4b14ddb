// Original file: proto/chaindata/containerindexer/v1/container_indexer.proto


export interface IsAcceptedResponse {
  'is_accepted'?: (boolean);
}

export interface IsAcceptedResponse__Output {
  'is_accepted': (boolean);
}
