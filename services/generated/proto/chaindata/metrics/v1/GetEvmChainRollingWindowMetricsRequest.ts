// Original file: proto/chaindata/metrics/v1/metrics.proto

import type { Long } from '@grpc/proto-loader';

export interface GetEvmChainRollingWindowMetricsRequest {
  'chain_id'?: (string);
  'metric'?: (string);
  'at'?: (number | string | Long);
  '_at'?: "at";
}

export interface GetEvmChainRollingWindowMetricsRequest__Output {
  'chain_id': (string);
  'metric': (string);
  'at'?: (string);
  '_at'?: "at";
}
