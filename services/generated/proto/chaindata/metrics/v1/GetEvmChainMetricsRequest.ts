// Original file: proto/chaindata/metrics/v1/metrics.proto

import type { Long } from '@grpc/proto-loader';

export interface GetEvmChainMetricsRequest {
  'chain_id'?: (string);
  'metric'?: (string);
  'start_timestamp'?: (number | string | Long);
  'end_timestamp'?: (number | string | Long);
  'time_interval'?: (string);
  'page_size'?: (number);
  'cursor'?: (string);
  '_start_timestamp'?: "start_timestamp";
  '_end_timestamp'?: "end_timestamp";
}

export interface GetEvmChainMetricsRequest__Output {
  'chain_id': (string);
  'metric': (string);
  'start_timestamp'?: (string);
  'end_timestamp'?: (string);
  'time_interval': (string);
  'page_size': (number);
  'cursor': (string);
  '_start_timestamp'?: "start_timestamp";
  '_end_timestamp'?: "end_timestamp";
}
