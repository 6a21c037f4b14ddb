// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto

import type { IndexCursor as _chaindata_primarynetwork_v1_IndexCursor, IndexCursor__Output as _chaindata_primarynetwork_v1_IndexCursor__Output } from '../../../chaindata/primarynetwork/v1/IndexCursor.ts';

export interface ProjectionStatus {
  'indexes'?: (_chaindata_primarynetwork_v1_IndexCursor)[];
}

export interface ProjectionStatus__Output {
  'indexes': (_chaindata_primarynetwork_v1_IndexCursor__Output)[];
}
