// Original file: proto/chaindata/containerindexer/v1/container_indexer.proto

import type { Long } from '@grpc/proto-loader';

export interface GetIndexResponse {
  'index'?: (number | string | Long);
}

export interface GetIndexResponse__Output {
  'index': (string);
}
