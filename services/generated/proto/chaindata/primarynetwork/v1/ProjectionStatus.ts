// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto

import type { IndexCursor as _chaindata_primarynetwork_v1_IndexCursor, IndexCursor__Output as _chaindata_primarynetwork_v1_IndexCursor__Output } from '../../../chaindata/primarynetwork/v1/IndexCursor.ts';
import type { ChainProjection as _chaindata_primarynetwork_v1_ChainProjection, ChainProjection__Output as _chaindata_primarynetwork_v1_ChainProjection__Output } from '../../../chaindata/primarynetwork/v1/ChainProjection.ts';

export interface ProjectionStatus {
  'indexes'?: (_chaindata_primarynetwork_v1_IndexCursor)[];
  'chains'?: (_chaindata_primarynetwork_v1_ChainProjection)[];
}

export interface ProjectionStatus__Output {
  'indexes': (_chaindata_primarynetwork_v1_IndexCursor__Output)[];
  'chains': (_chaindata_primarynetwork_v1_ChainProjection__Output)[];
}
