// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto

import type { Long } from '@grpc/proto-loader';

export interface ChainProjection {
  'blockchain_id'?: (string);
  'projected_through_timestamp'?: (number | string | Long);
}

export interface ChainProjection__Output {
  'blockchain_id': (string);
  'projected_through_timestamp': (string);
}
