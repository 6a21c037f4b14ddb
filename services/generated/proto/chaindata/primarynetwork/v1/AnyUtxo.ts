// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto

import type { PChainUtxo as _chaindata_primarynetwork_v1_PChainUtxo, PChainUtxo__Output as _chaindata_primarynetwork_v1_PChainUtxo__Output } from '../../../chaindata/primarynetwork/v1/PChainUtxo.ts';
import type { Utxo as _chaindata_primarynetwork_v1_Utxo, Utxo__Output as _chaindata_primarynetwork_v1_Utxo__Output } from '../../../chaindata/primarynetwork/v1/Utxo.ts';

export interface AnyUtxo {
  'pChain'?: (_chaindata_primarynetwork_v1_PChainUtxo | null);
  'other'?: (_chaindata_primarynetwork_v1_Utxo | null);
  'kind'?: "pChain"|"other";
}

export interface AnyUtxo__Output {
  'pChain'?: (_chaindata_primarynetwork_v1_PChainUtxo__Output | null);
  'other'?: (_chaindata_primarynetwork_v1_Utxo__Output | null);
  'kind'?: "pChain"|"other";
}
