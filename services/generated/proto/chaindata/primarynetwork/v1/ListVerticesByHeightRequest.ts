// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto

import type { ChainRef as _chaindata_primarynetwork_v1_ChainRef, ChainRef__Output as _chaindata_primarynetwork_v1_ChainRef__Output } from '../../../chaindata/primarynetwork/v1/ChainRef.ts';
import type { SortOrder as _chaindata_primarynetwork_v1_SortOrder, SortOrder__Output as _chaindata_primarynetwork_v1_SortOrder__Output } from '../../../chaindata/primarynetwork/v1/SortOrder.ts';
import type { Long } from '@grpc/proto-loader';

export interface ListVerticesByHeightRequest {
  'chain'?: (_chaindata_primarynetwork_v1_ChainRef | null);
  'vertex_height'?: (number | string | Long);
  'sort_order'?: (_chaindata_primarynetwork_v1_SortOrder);
  'page_size'?: (number);
  'cursor'?: (string);
}

export interface ListVerticesByHeightRequest__Output {
  'chain': (_chaindata_primarynetwork_v1_ChainRef__Output | null);
  'vertex_height': (string);
  'sort_order': (_chaindata_primarynetwork_v1_SortOrder__Output);
  'page_size': (number);
  'cursor': (string);
}
