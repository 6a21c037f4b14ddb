// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto

import type { Blockchain as _chaindata_primarynetwork_v1_Blockchain, Blockchain__Output as _chaindata_primarynetwork_v1_Blockchain__Output } from '../../../chaindata/primarynetwork/v1/Blockchain.ts';

export interface ListBlockchainsResponse {
  'blockchains'?: (_chaindata_primarynetwork_v1_Blockchain)[];
  'next_cursor'?: (string);
}

export interface ListBlockchainsResponse__Output {
  'blockchains': (_chaindata_primarynetwork_v1_Blockchain__Output)[];
  'next_cursor': (string);
}
