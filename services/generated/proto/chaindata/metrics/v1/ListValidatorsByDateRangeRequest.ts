// Original file: proto/chaindata/metrics/v1/metrics.proto

import type { Long } from '@grpc/proto-loader';

export interface ListValidatorsByDateRangeRequest {
  'subnet_id'?: (string);
  'network'?: (string);
  'start_timestamp'?: (number | string | Long);
  'end_timestamp'?: (number | string | Long);
  'page_size'?: (number);
  'cursor'?: (string);
  '_start_timestamp'?: "start_timestamp";
  '_end_timestamp'?: "end_timestamp";
}

export interface ListValidatorsByDateRangeRequest__Output {
  'subnet_id': (string);
  'network': (string);
  'start_timestamp'?: (string);
  'end_timestamp'?: (string);
  'page_size': (number);
  'cursor': (string);
  '_start_timestamp'?: "start_timestamp";
  '_end_timestamp'?: "end_timestamp";
}
