// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto

import type { SortOrder as _chaindata_primarynetwork_v1_SortOrder, SortOrder__Output as _chaindata_primarynetwork_v1_SortOrder__Output } from '../../../chaindata/primarynetwork/v1/SortOrder.ts';

export interface ListRewardsRequest {
  'network'?: (string);
  'addresses'?: (Buffer | Uint8Array | string)[];
  'node_ids'?: (Buffer | Uint8Array | string)[];
  'sort_order'?: (_chaindata_primarynetwork_v1_SortOrder);
  'page_size'?: (number);
  'cursor'?: (string);
  'currency'?: (string);
}

export interface ListRewardsRequest__Output {
  'network': (string);
  'addresses': (Buffer)[];
  'node_ids': (Buffer)[];
  'sort_order': (_chaindata_primarynetwork_v1_SortOrder__Output);
  'page_size': (number);
  'cursor': (string);
  'currency': (string);
}
