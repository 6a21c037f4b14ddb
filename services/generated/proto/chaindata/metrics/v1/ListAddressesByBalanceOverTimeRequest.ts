// Original file: proto/chaindata/metrics/v1/metrics.proto

import type { Long } from '@grpc/proto-loader';

export interface ListAddressesByBalanceOverTimeRequest {
  'chain_id'?: (string);
  'address'?: (string);
  'threshold'?: (string);
  'start_timestamp'?: (number | string | Long);
  'end_timestamp'?: (number | string | Long);
  'page_size'?: (number);
  'cursor'?: (string);
  '_start_timestamp'?: "start_timestamp";
  '_end_timestamp'?: "end_timestamp";
}

export interface ListAddressesByBalanceOverTimeRequest__Output {
  'chain_id': (string);
  'address': (string);
  'threshold': (string);
  'start_timestamp'?: (string);
  'end_timestamp'?: (string);
  'page_size': (number);
  'cursor': (string);
  '_start_timestamp'?: "start_timestamp";
  '_end_timestamp'?: "end_timestamp";
}
