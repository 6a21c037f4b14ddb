// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto

import type { ChainRef as _chaindata_primarynetwork_v1_ChainRef, ChainRef__Output as _chaindata_primarynetwork_v1_ChainRef__Output } from '../../../chaindata/primarynetwork/v1/ChainRef.ts';
import type { SortOrder as _chaindata_primarynetwork_v1_SortOrder, SortOrder__Output as _chaindata_primarynetwork_v1_SortOrder__Output } from '../../../chaindata/primarynetwork/v1/SortOrder.ts';

export interface ListUtxosRequest {
  'chain'?: (_chaindata_primarynetwork_v1_ChainRef | null);
  'addresses'?: (Buffer | Uint8Array | string)[];
  'asset_id'?: (Buffer | Uint8Array | string);
  'min_utxo_amount'?: (string);
  'include_spent'?: (boolean);
  'sort_by'?: (string);
  'sort_order'?: (_chaindata_primarynetwork_v1_SortOrder);
  'page_size'?: (number);
  'cursor'?: (string);
  '_asset_id'?: "asset_id";
}

export interface ListUtxosRequest__Output {
  'chain': (_chaindata_primarynetwork_v1_ChainRef__Output | null);
  'addresses': (Buffer)[];
  'asset_id'?: (Buffer);
  'min_utxo_amount': (string);
  'include_spent': (boolean);
  'sort_by': (string);
  'sort_order': (_chaindata_primarynetwork_v1_SortOrder__Output);
  'page_size': (number);
  'cursor': (string);
  '_asset_id'?: "asset_id";
}
