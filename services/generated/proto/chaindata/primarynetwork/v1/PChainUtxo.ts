// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto

import type { AssetAmount as _chaindata_primarynetwork_v1_AssetAmount, AssetAmount__Output as _chaindata_primarynetwork_v1_AssetAmount__Output } from '../../../chaindata/primarynetwork/v1/AssetAmount.ts';

export interface PChainUtxo {
  'addresses'?: (string)[];
  'asset'?: (_chaindata_primarynetwork_v1_AssetAmount | null);
  'consumedOnChainId'?: (string);
  'createdOnChainId'?: (string);
  'utxoId'?: (string);
  'amount'?: (string);
  'assetId'?: (string);
  'blockNumber'?: (string);
  'blockTimestamp'?: (number | string);
  'outputIndex'?: (number);
  'txHash'?: (string);
  'utxoType'?: (string);
  'consumingTxHash'?: (string);
  'utxoBytes'?: (string);
  'consumingBlockNumber'?: (string);
  'consumingBlockTimestamp'?: (number | string);
  'platformLocktime'?: (number | string);
  'rewardType'?: (string);
  'stakeableLocktime'?: (number | string);
  'staked'?: (boolean);
  'threshold'?: (number);
  'utxoEndTimestamp'?: (number | string);
  'utxoStartTimestamp'?: (number | string);
  '_consumingTxHash'?: "consumingTxHash";
  '_utxoBytes'?: "utxoBytes";
  '_consumingBlockNumber'?: "consumingBlockNumber";
  '_consumingBlockTimestamp'?: "consumingBlockTimestamp";
  '_platformLocktime'?: "platformLocktime";
  '_rewardType'?: "rewardType";
  '_stakeableLocktime'?: "stakeableLocktime";
  '_staked'?: "staked";
  '_threshold'?: "threshold";
  '_utxoEndTimestamp'?: "utxoEndTimestamp";
  '_utxoStartTimestamp'?: "utxoStartTimestamp";
}

export interface PChainUtxo__Output {
  'addresses': (string)[];
  'asset': (_chaindata_primarynetwork_v1_AssetAmount__Output | null);
  'consumedOnChainId': (string);
  'createdOnChainId': (string);
  'utxoId': (string);
  'amount': (string);
  'assetId': (string);
  'blockNumber': (string);
  'blockTimestamp': (number);
  'outputIndex': (number);
  'txHash': (string);
  'utxoType': (string);
  'consumingTxHash'?: (string);
  'utxoBytes'?: (string);
  'consumingBlockNumber'?: (string);
  'consumingBlockTimestamp'?: (number);
  'platformLocktime'?: (number);
  'rewardType'?: (string);
  'stakeableLocktime'?: (number);
  'staked'?: (boolean);
  'threshold'?: (number);
  'utxoEndTimestamp'?: (number);
  'utxoStartTimestamp'?: (number);
  '_consumingTxHash'?: "consumingTxHash";
  '_utxoBytes'?: "utxoBytes";
  '_consumingBlockNumber'?: "consumingBlockNumber";
  '_consumingBlockTimestamp'?: "consumingBlockTimestamp";
  '_platformLocktime'?: "platformLocktime";
  '_rewardType'?: "rewardType";
  '_stakeableLocktime'?: "stakeableLocktime";
  '_staked'?: "staked";
  '_threshold'?: "threshold";
  '_utxoEndTimestamp'?: "utxoEndTimestamp";
  '_utxoStartTimestamp'?: "utxoStartTimestamp";
}
