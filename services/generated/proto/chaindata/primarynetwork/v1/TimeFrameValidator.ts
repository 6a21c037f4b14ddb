// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto

import type { Long } from '@grpc/proto-loader';

export interface TimeFrameValidator {
  'tx_id'?: (Buffer | Uint8Array | string);
  'reward_addresses'?: (string)[];
  'start_time'?: (number | string | Long);
  'end_time'?: (number | string | Long);
}

export interface TimeFrameValidator__Output {
  'tx_id': (Buffer);
  'reward_addresses': (string)[];
  'start_time': (string);
  'end_time': (string);
}
