// Original file: proto/chaindata/containerindexer/v1/container_indexer.proto

import type { Long } from '@grpc/proto-loader';

export interface Container {
  'id'?: (string);
  'bytes'?: (Buffer | Uint8Array | string);
  'timestamp_unix_nano'?: (number | string | Long);
  'index'?: (number | string | Long);
}

export interface Container__Output {
  'id': (string);
  'bytes': (Buffer);
  'timestamp_unix_nano': (string);
  'index': (string);
}
