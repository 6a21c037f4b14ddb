// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto

import type { Long } from '@grpc/proto-loader';

export interface IndexCursor {
  'index_name'?: (string);
  'next_index'?: (number | string | Long);
}

export interface IndexCursor__Output {
  'index_name': (string);
  'next_index': (string);
}
