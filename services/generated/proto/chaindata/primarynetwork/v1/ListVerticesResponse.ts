// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto

import type { Vertex as _chaindata_primarynetwork_v1_Vertex, Vertex__Output as _chaindata_primarynetwork_v1_Vertex__Output } from '../../../chaindata/primarynetwork/v1/Vertex.ts';
import type { ChainInfo as _chaindata_primarynetwork_v1_ChainInfo, ChainInfo__Output as _chaindata_primarynetwork_v1_ChainInfo__Output } from '../../../chaindata/primarynetwork/v1/ChainInfo.ts';

export interface ListVerticesResponse {
  'vertices'?: (_chaindata_primarynetwork_v1_Vertex)[];
  'chainInfo'?: (_chaindata_primarynetwork_v1_ChainInfo | null);
  'next_cursor'?: (string);
}

export interface ListVerticesResponse__Output {
  'vertices': (_chaindata_primarynetwork_v1_Vertex__Output)[];
  'chainInfo': (_chaindata_primarynetwork_v1_ChainInfo__Output | null);
  'next_cursor': (string);
}
