// Original file: proto/chaindata/metrics/v1/metrics.proto

import type { Long } from '@grpc/proto-loader';

export interface GetL1ValidatorFeeMetricsRequest {
  'metric'?: (string);
  'id'?: (string);
  'start_timestamp'?: (number | string | Long);
  'end_timestamp'?: (number | string | Long);
  '_start_timestamp'?: "start_timestamp";
  '_end_timestamp'?: "end_timestamp";
}

export interface GetL1ValidatorFeeMetricsRequest__Output {
  'metric': (string);
  'id': (string);
  'start_timestamp'?: (string);
  'end_timestamp'?: (string);
  '_start_timestamp'?: "start_timestamp";
  '_end_timestamp'?: "end_timestamp";
}
