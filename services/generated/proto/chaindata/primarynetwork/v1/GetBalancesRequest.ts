// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto

import type { ChainRef as _chaindata_primarynetwork_v1_ChainRef, ChainRef__Output as _chaindata_primarynetwork_v1_ChainRef__Output } from '../../../chaindata/primarynetwork/v1/ChainRef.ts';
import type { Long } from '@grpc/proto-loader';

export interface GetBalancesRequest {
  'chain'?: (_chaindata_primarynetwork_v1_ChainRef | null);
  'addresses'?: (Buffer | Uint8Array | string)[];
  'block_timestamp'?: (number | string | Long);
  '_block_timestamp'?: "block_timestamp";
}

export interface GetBalancesRequest__Output {
  'chain': (_chaindata_primarynetwork_v1_ChainRef__Output | null);
  'addresses': (Buffer)[];
  'block_timestamp'?: (string);
  '_block_timestamp'?: "block_timestamp";
}
