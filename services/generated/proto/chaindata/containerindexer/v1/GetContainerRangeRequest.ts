// Original file: proto/chaindata/containerindexer/v1/container_indexer.proto

import type { Long } from '@grpc/proto-loader';

export interface GetContainerRangeRequest {
  'index_name'?: (string);
  'start_index'?: (number | string | Long);
  'num_to_fetch'?: (number | string | Long);
}

export interface GetContainerRangeRequest__Output {
  'index_name': (string);
  'start_index': (string);
  'num_to_fetch': (string);
}
