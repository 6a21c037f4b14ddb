// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto

import type { ChainRef as _chaindata_primarynetwork_v1_ChainRef, ChainRef__Output as _chaindata_primarynetwork_v1_ChainRef__Output } from '../../../chaindata/primarynetwork/v1/ChainRef.ts';
import type { Long } from '@grpc/proto-loader';

export interface ListAssetTransactionsRequest {
  'chain'?: (_chaindata_primarynetwork_v1_ChainRef | null);
  'asset_id'?: (Buffer | Uint8Array | string);
  'tx_types'?: (string)[];
  'start_timestamp'?: (number | string | Long);
  'end_timestamp'?: (number | string | Long);
  'page_size'?: (number);
  'cursor'?: (string);
  '_start_timestamp'?: "start_timestamp";
  '_end_timestamp'?: "end_timestamp";
}

export interface ListAssetTransactionsRequest__Output {
  'chain': (_chaindata_primarynetwork_v1_ChainRef__Output | null);
  'asset_id': (Buffer);
  'tx_types': (string)[];
  'start_timestamp'?: (string);
  'end_timestamp'?: (string);
  'page_size': (number);
  'cursor': (string);
  '_start_timestamp'?: "start_timestamp";
  '_end_timestamp'?: "end_timestamp";
}
