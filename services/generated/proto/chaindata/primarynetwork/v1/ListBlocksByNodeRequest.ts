// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto

import type { ChainRef as _chaindata_primarynetwork_v1_ChainRef, ChainRef__Output as _chaindata_primarynetwork_v1_ChainRef__Output } from '../../../chaindata/primarynetwork/v1/ChainRef.ts';
import type { Long } from '@grpc/proto-loader';

export interface ListBlocksByNodeRequest {
  'chain'?: (_chaindata_primarynetwork_v1_ChainRef | null);
  'node_id'?: (Buffer | Uint8Array | string);
  'start_timestamp'?: (number | string | Long);
  'end_timestamp'?: (number | string | Long);
  'page_size'?: (number);
  'cursor'?: (string);
  '_start_timestamp'?: "start_timestamp";
  '_end_timestamp'?: "end_timestamp";
}

export interface ListBlocksByNodeRequest__Output {
  'chain': (_chaindata_primarynetwork_v1_ChainRef__Output | null);
  'node_id': (Buffer);
  'start_timestamp'?: (string);
  'end_timestamp'?: (string);
  'page_size': (number);
  'cursor': (string);
  '_start_timestamp'?: "start_timestamp";
  '_end_timestamp'?: "end_timestamp";
}
