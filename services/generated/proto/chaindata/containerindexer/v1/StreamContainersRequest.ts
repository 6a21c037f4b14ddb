// Original file: proto/chaindata/containerindexer/v1/container_indexer.proto

import type { Long } from '@grpc/proto-loader';

export interface StreamContainersRequest {
  'index_name'?: (string);
  'after_index'?: (number | string | Long);
  '_after_index'?: "after_index";
}

export interface StreamContainersRequest__Output {
  'index_name': (string);
  'after_index'?: (string);
  '_after_index'?: "after_index";
}
