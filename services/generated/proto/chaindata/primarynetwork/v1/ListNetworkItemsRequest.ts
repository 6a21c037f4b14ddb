// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto

import type { SortOrder as _chaindata_primarynetwork_v1_SortOrder, SortOrder__Output as _chaindata_primarynetwork_v1_SortOrder__Output } from '../../../chaindata/primarynetwork/v1/SortOrder.ts';

export interface ListNetworkItemsRequest {
  'network'?: (string);
  'sort_order'?: (_chaindata_primarynetwork_v1_SortOrder);
  'page_size'?: (number);
  'cursor'?: (string);
}

export interface ListNetworkItemsRequest__Output {
  'network': (string);
  'sort_order': (_chaindata_primarynetwork_v1_SortOrder__Output);
  'page_size': (number);
  'cursor': (string);
}
