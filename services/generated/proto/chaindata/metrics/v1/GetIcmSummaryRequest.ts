// Original file: proto/chaindata/metrics/v1/metrics.proto

import type { Long } from '@grpc/proto-loader';

export interface GetIcmSummaryRequest {
  'src_blockchain_id'?: (string);
  'dest_blockchain_id'?: (string);
  'group_by'?: (string);
  'network'?: (string);
  'at'?: (number | string | Long);
  '_at'?: "at";
}

export interface GetIcmSummaryRequest__Output {
  'src_blockchain_id': (string);
  'dest_blockchain_id': (string);
  'group_by': (string);
  'network': (string);
  'at'?: (string);
  '_at'?: "at";
}
