// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto

import type { ChainRef as _chaindata_primarynetwork_v1_ChainRef, ChainRef__Output as _chaindata_primarynetwork_v1_ChainRef__Output } from '../../../chaindata/primarynetwork/v1/ChainRef.ts';

export interface GetAssetRequest {
  'chain'?: (_chaindata_primarynetwork_v1_ChainRef | null);
  'asset_id'?: (Buffer | Uint8Array | string);
}

export interface GetAssetRequest__Output {
  'chain': (_chaindata_primarynetwork_v1_ChainRef__Output | null);
  'asset_id': (Buffer);
}
