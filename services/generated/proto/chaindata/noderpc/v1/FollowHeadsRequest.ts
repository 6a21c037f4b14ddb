// Original file: proto/chaindata/noderpc/v1/node_rpc.proto

import type { Long } from '@grpc/proto-loader';

export interface FollowHeadsRequest {
  'chain'?: (string);
  'after_number'?: (number | string | Long);
  '_after_number'?: "after_number";
}

export interface FollowHeadsRequest__Output {
  'chain': (string);
  'after_number'?: (string);
  '_after_number'?: "after_number";
}
