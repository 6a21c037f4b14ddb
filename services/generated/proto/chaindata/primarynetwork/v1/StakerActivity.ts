// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto

import type { Long } from '@grpc/proto-loader';

export interface StakerActivity {
  'tx_id'?: (Buffer | Uint8Array | string);
  'subnet_id'?: (Buffer | Uint8Array | string);
  'node_id'?: (Buffer | Uint8Array | string);
  'is_delegator'?: (boolean);
  'weight'?: (number | string | Long);
  'start_time'?: (number | string | Long);
  'end_time'?: (number | string | Long);
}

export interface StakerActivity__Output {
  'tx_id': (Buffer);
  'subnet_id': (Buffer);
  'node_id': (Buffer);
  'is_delegator': (boolean);
  'weight': (string);
  'start_time': (string);
  'end_time': (string);
}
