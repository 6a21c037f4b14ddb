// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto

import type { ChainRef as _chaindata_primarynetwork_v1_ChainRef, ChainRef__Output as _chaindata_primarynetwork_v1_ChainRef__Output } from '../../../chaindata/primarynetwork/v1/ChainRef.ts';

export interface GetVertexRequest {
  'chain'?: (_chaindata_primarynetwork_v1_ChainRef | null);
  'vertex_hash'?: (string);
}

export interface GetVertexRequest__Output {
  'chain': (_chaindata_primarynetwork_v1_ChainRef__Output | null);
  'vertex_hash': (string);
}
