// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto

import type { Long } from '@grpc/proto-loader';

export interface StreamStakingActivityRequest {
  'after_height'?: (number | string | Long);
  '_after_height'?: "after_height";
}

export interface StreamStakingActivityRequest__Output {
  'after_height'?: (string);
  '_after_height'?: "after_height";
}
