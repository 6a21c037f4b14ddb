// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto

import type { AggregatedAssetAmount as _chaindata_primarynetwork_v1_AggregatedAssetAmount, AggregatedAssetAmount__Output as _chaindata_primarynetwork_v1_AggregatedAssetAmount__Output } from '../../../chaindata/primarynetwork/v1/AggregatedAssetAmount.ts';
import type { SharedAssetAmount as _chaindata_primarynetwork_v1_SharedAssetAmount, SharedAssetAmount__Output as _chaindata_primarynetwork_v1_SharedAssetAmount__Output } from '../../../chaindata/primarynetwork/v1/SharedAssetAmount.ts';

export interface PChainBalance {
  'unlockedUnstaked'?: (_chaindata_primarynetwork_v1_AggregatedAssetAmount)[];
  'unlockedStaked'?: (_chaindata_primarynetwork_v1_AggregatedAssetAmount)[];
  'lockedPlatform'?: (_chaindata_primarynetwork_v1_AggregatedAssetAmount)[];
  'lockedStakeable'?: (_chaindata_primarynetwork_v1_AggregatedAssetAmount)[];
  'lockedStaked'?: (_chaindata_primarynetwork_v1_AggregatedAssetAmount)[];
  'pendingStaked'?: (_chaindata_primarynetwork_v1_AggregatedAssetAmount)[];
  'atomicMemoryUnlocked'?: (_chaindata_primarynetwork_v1_SharedAssetAmount)[];
  'atomicMemoryLocked'?: (_chaindata_primarynetwork_v1_SharedAssetAmount)[];
}

export interface PChainBalance__Output {
  'unlockedUnstaked': (_chaindata_primarynetwork_v1_AggregatedAssetAmount__Output)[];
  'unlockedStaked': (_chaindata_primarynetwork_v1_AggregatedAssetAmount__Output)[];
  'lockedPlatform': (_chaindata_primarynetwork_v1_AggregatedAssetAmount__Output)[];
  'lockedStakeable': (_chaindata_primarynetwork_v1_AggregatedAssetAmount__Output)[];
  'lockedStaked': (_chaindata_primarynetwork_v1_AggregatedAssetAmount__Output)[];
  'pendingStaked': (_chaindata_primarynetwork_v1_AggregatedAssetAmount__Output)[];
  'atomicMemoryUnlocked': (_chaindata_primarynetwork_v1_SharedAssetAmount__Output)[];
  'atomicMemoryLocked': (_chaindata_primarynetwork_v1_SharedAssetAmount__Output)[];
}
