// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto

import type { Long } from '@grpc/proto-loader';

export interface L1ValidatorWeightChange {
  'validation_id'?: (Buffer | Uint8Array | string);
  'subnet_id'?: (Buffer | Uint8Array | string);
  'nonce'?: (number | string | Long);
  'weight'?: (number | string | Long);
}

export interface L1ValidatorWeightChange__Output {
  'validation_id': (Buffer);
  'subnet_id': (Buffer);
  'nonce': (string);
  'weight': (string);
}
