// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto

import type { Long } from '@grpc/proto-loader';

export interface ListValidatorsByTimeFrameRequest {
  'network'?: (string);
  'subnet_id'?: (Buffer | Uint8Array | string);
  'start_timestamp'?: (number | string | Long);
  'end_timestamp'?: (number | string | Long);
  'page_size'?: (number);
  'cursor'?: (string);
  '_start_timestamp'?: "start_timestamp";
  '_end_timestamp'?: "end_timestamp";
}

export interface ListValidatorsByTimeFrameRequest__Output {
  'network': (string);
  'subnet_id': (Buffer);
  'start_timestamp'?: (string);
  'end_timestamp'?: (string);
  'page_size': (number);
  'cursor': (string);
  '_start_timestamp'?: "start_timestamp";
  '_end_timestamp'?: "end_timestamp";
}
