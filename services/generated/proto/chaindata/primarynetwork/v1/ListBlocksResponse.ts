// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto

import type { Block as _chaindata_primarynetwork_v1_Block, Block__Output as _chaindata_primarynetwork_v1_Block__Output } from '../../../chaindata/primarynetwork/v1/Block.ts';
import type { ChainInfo as _chaindata_primarynetwork_v1_ChainInfo, ChainInfo__Output as _chaindata_primarynetwork_v1_ChainInfo__Output } from '../../../chaindata/primarynetwork/v1/ChainInfo.ts';

export interface ListBlocksResponse {
  'blocks'?: (_chaindata_primarynetwork_v1_Block)[];
  'chainInfo'?: (_chaindata_primarynetwork_v1_ChainInfo | null);
  'next_cursor'?: (string);
}

export interface ListBlocksResponse__Output {
  'blocks': (_chaindata_primarynetwork_v1_Block__Output)[];
  'chainInfo': (_chaindata_primarynetwork_v1_ChainInfo__Output | null);
  'next_cursor': (string);
}
