// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto

import type { SortOrder as _chaindata_primarynetwork_v1_SortOrder, SortOrder__Output as _chaindata_primarynetwork_v1_SortOrder__Output } from '../../../chaindata/primarynetwork/v1/SortOrder.ts';

export interface ListDelegatorsRequest {
  'network'?: (string);
  'node_ids'?: (Buffer | Uint8Array | string)[];
  'reward_addresses'?: (Buffer | Uint8Array | string)[];
  'delegation_status'?: (string);
  'sort_order'?: (_chaindata_primarynetwork_v1_SortOrder);
  'page_size'?: (number);
  'cursor'?: (string);
}

export interface ListDelegatorsRequest__Output {
  'network': (string);
  'node_ids': (Buffer)[];
  'reward_addresses': (Buffer)[];
  'delegation_status': (string);
  'sort_order': (_chaindata_primarynetwork_v1_SortOrder__Output);
  'page_size': (number);
  'cursor': (string);
}
