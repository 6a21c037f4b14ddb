// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto

import type { AggregatedAssetAmount as _chaindata_primarynetwork_v1_AggregatedAssetAmount, AggregatedAssetAmount__Output as _chaindata_primarynetwork_v1_AggregatedAssetAmount__Output } from '../../../chaindata/primarynetwork/v1/AggregatedAssetAmount.ts';
import type { SharedAssetAmount as _chaindata_primarynetwork_v1_SharedAssetAmount, SharedAssetAmount__Output as _chaindata_primarynetwork_v1_SharedAssetAmount__Output } from '../../../chaindata/primarynetwork/v1/SharedAssetAmount.ts';

export interface XChainBalances {
  'locked'?: (_chaindata_primarynetwork_v1_AggregatedAssetAmount)[];
  'unlocked'?: (_chaindata_primarynetwork_v1_AggregatedAssetAmount)[];
  'atomicMemoryUnlocked'?: (_chaindata_primarynetwork_v1_SharedAssetAmount)[];
  'atomicMemoryLocked'?: (_chaindata_primarynetwork_v1_SharedAssetAmount)[];
}

export interface XChainBalances__Output {
  'locked': (_chaindata_primarynetwork_v1_AggregatedAssetAmount__Output)[];
  'unlocked': (_chaindata_primarynetwork_v1_AggregatedAssetAmount__Output)[];
  'atomicMemoryUnlocked': (_chaindata_primarynetwork_v1_SharedAssetAmount__Output)[];
  'atomicMemoryLocked': (_chaindata_primarynetwork_v1_SharedAssetAmount__Output)[];
}
