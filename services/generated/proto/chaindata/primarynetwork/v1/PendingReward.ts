// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto

import type { AssetAmount as _chaindata_primarynetwork_v1_AssetAmount, AssetAmount__Output as _chaindata_primarynetwork_v1_AssetAmount__Output } from '../../../chaindata/primarynetwork/v1/AssetAmount.ts';

export interface PendingReward {
  'addresses'?: (string)[];
  'txHash'?: (string);
  'amountStaked'?: (string);
  'nodeId'?: (string);
  'startTimestamp'?: (number | string);
  'endTimestamp'?: (number | string);
  'rewardType'?: (string);
  'progress'?: (number | string);
  'estimatedReward'?: (_chaindata_primarynetwork_v1_AssetAmount | null);
}

export interface PendingReward__Output {
  'addresses': (string)[];
  'txHash': (string);
  'amountStaked': (string);
  'nodeId': (string);
  'startTimestamp': (number);
  'endTimestamp': (number);
  'rewardType': (string);
  'progress': (number);
  'estimatedReward': (_chaindata_primarynetwork_v1_AssetAmount__Output | null);
}
