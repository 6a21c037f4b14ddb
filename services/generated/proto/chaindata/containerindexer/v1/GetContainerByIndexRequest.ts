// Original file: proto/chaindata/containerindexer/v1/container_indexer.proto

import type { Long } from '@grpc/proto-loader';

export interface GetContainerByIndexRequest {
  'index_name'?: (string);
  'index'?: (number | string | Long);
}

export interface GetContainerByIndexRequest__Output {
  'index_name': (string);
  'index': (string);
}
