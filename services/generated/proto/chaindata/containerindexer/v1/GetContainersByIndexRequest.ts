// Original file: proto/chaindata/containerindexer/v1/container_indexer.proto

import type { Long } from '@grpc/proto-loader';

export interface GetContainersByIndexRequest {
  'index_name'?: (string);
  'indexes'?: (number | string | Long)[];
}

export interface GetContainersByIndexRequest__Output {
  'index_name': (string);
  'indexes': (string)[];
}
