// Original file: proto/chaindata/metrics/v1/metrics.proto

import type { Long } from '@grpc/proto-loader';

export interface GetIcmTimeseriesRequest {
  'start_timestamp'?: (number | string | Long);
  'end_timestamp'?: (number | string | Long);
  'src_blockchain_id'?: (string);
  'dest_blockchain_id'?: (string);
  'time_interval'?: (string);
  'group_by'?: (string);
  'network'?: (string);
  'page_size'?: (number);
  'cursor'?: (string);
  '_start_timestamp'?: "start_timestamp";
  '_end_timestamp'?: "end_timestamp";
}

export interface GetIcmTimeseriesRequest__Output {
  'start_timestamp'?: (string);
  'end_timestamp'?: (string);
  'src_blockchain_id': (string);
  'dest_blockchain_id': (string);
  'time_interval': (string);
  'group_by': (string);
  'network': (string);
  'page_size': (number);
  'cursor': (string);
  '_start_timestamp'?: "start_timestamp";
  '_end_timestamp'?: "end_timestamp";
}
