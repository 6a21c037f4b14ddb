// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto

import type { Long } from '@grpc/proto-loader';

export interface Validator {
  'node_id'?: (Buffer | Uint8Array | string);
  'weight'?: (number | string | Long);
  'bls_public_key'?: (Buffer | Uint8Array | string);
  'validation_id'?: (Buffer | Uint8Array | string);
}

export interface Validator__Output {
  'node_id': (Buffer);
  'weight': (string);
  'bls_public_key': (Buffer);
  'validation_id': (Buffer);
}
