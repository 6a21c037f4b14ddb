// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto

import type { SharedAssetAmount as _chaindata_primarynetwork_v1_SharedAssetAmount, SharedAssetAmount__Output as _chaindata_primarynetwork_v1_SharedAssetAmount__Output } from '../../../chaindata/primarynetwork/v1/SharedAssetAmount.ts';

export interface CChainAtomicBalances {
  'atomicMemoryUnlocked'?: (_chaindata_primarynetwork_v1_SharedAssetAmount)[];
  'atomicMemoryLocked'?: (_chaindata_primarynetwork_v1_SharedAssetAmount)[];
}

export interface CChainAtomicBalances__Output {
  'atomicMemoryUnlocked': (_chaindata_primarynetwork_v1_SharedAssetAmount__Output)[];
  'atomicMemoryLocked': (_chaindata_primarynetwork_v1_SharedAssetAmount__Output)[];
}
