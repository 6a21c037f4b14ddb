// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto

import type { AssetAmount as _chaindata_primarynetwork_v1_AssetAmount, AssetAmount__Output as _chaindata_primarynetwork_v1_AssetAmount__Output } from '../../../chaindata/primarynetwork/v1/AssetAmount.ts';

export interface HistoricalReward {
  'addresses'?: (string)[];
  'txHash'?: (string);
  'amountStaked'?: (string);
  'nodeId'?: (string);
  'startTimestamp'?: (number | string);
  'endTimestamp'?: (number | string);
  'rewardType'?: (string);
  'utxoId'?: (string);
  'outputIndex'?: (number);
  'reward'?: (_chaindata_primarynetwork_v1_AssetAmount | null);
  'rewardTxHash'?: (string);
}

export interface HistoricalReward__Output {
  'addresses': (string)[];
  'txHash': (string);
  'amountStaked': (string);
  'nodeId': (string);
  'startTimestamp': (number);
  'endTimestamp': (number);
  'rewardType': (string);
  'utxoId': (string);
  'outputIndex': (number);
  'reward': (_chaindata_primarynetwork_v1_AssetAmount__Output | null);
  'rewardTxHash': (string);
}
