// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto

import type { Long } from '@grpc/proto-loader';

export interface GetValidatorSetRequest {
  'network'?: (string);
  'subnet_id'?: (Buffer | Uint8Array | string);
  'p_chain_height'?: (number | string | Long);
}

export interface GetValidatorSetRequest__Output {
  'network': (string);
  'subnet_id': (Buffer);
  'p_chain_height': (string);
}
