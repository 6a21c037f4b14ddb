// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto

import type { AnyUtxo as _chaindata_primarynetwork_v1_AnyUtxo, AnyUtxo__Output as _chaindata_primarynetwork_v1_AnyUtxo__Output } from '../../../chaindata/primarynetwork/v1/AnyUtxo.ts';
import type { ChainInfo as _chaindata_primarynetwork_v1_ChainInfo, ChainInfo__Output as _chaindata_primarynetwork_v1_ChainInfo__Output } from '../../../chaindata/primarynetwork/v1/ChainInfo.ts';

export interface ListUtxosResponse {
  'utxos'?: (_chaindata_primarynetwork_v1_AnyUtxo)[];
  'chainInfo'?: (_chaindata_primarynetwork_v1_ChainInfo | null);
  'next_cursor'?: (string);
}

export interface ListUtxosResponse__Output {
  'utxos': (_chaindata_primarynetwork_v1_AnyUtxo__Output)[];
  'chainInfo': (_chaindata_primarynetwork_v1_ChainInfo__Output | null);
  'next_cursor': (string);
}
