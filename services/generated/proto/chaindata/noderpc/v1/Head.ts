// Original file: proto/chaindata/noderpc/v1/node_rpc.proto

import type { Long } from '@grpc/proto-loader';

export interface Head {
  'number'?: (number | string | Long);
  'header_json'?: (string);
  'logs_json'?: (string)[];
}

export interface Head__Output {
  'number': (string);
  'header_json': (string);
  'logs_json': (string)[];
}
