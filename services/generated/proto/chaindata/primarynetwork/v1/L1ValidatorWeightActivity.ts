// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto

import type { Long } from '@grpc/proto-loader';

export interface L1ValidatorWeightActivity {
  'validation_id'?: (Buffer | Uint8Array | string);
  'subnet_id'?: (Buffer | Uint8Array | string);
  'node_id'?: (Buffer | Uint8Array | string);
  'weight'?: (number | string | Long);
}

export interface L1ValidatorWeightActivity__Output {
  'validation_id': (Buffer);
  'subnet_id': (Buffer);
  'node_id': (Buffer);
  'weight': (string);
}
