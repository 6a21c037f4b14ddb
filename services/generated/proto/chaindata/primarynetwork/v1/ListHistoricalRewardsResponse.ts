// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto

import type { HistoricalReward as _chaindata_primarynetwork_v1_HistoricalReward, HistoricalReward__Output as _chaindata_primarynetwork_v1_HistoricalReward__Output } from '../../../chaindata/primarynetwork/v1/HistoricalReward.ts';

export interface ListHistoricalRewardsResponse {
  'historicalRewards'?: (_chaindata_primarynetwork_v1_HistoricalReward)[];
  'next_cursor'?: (string);
}

export interface ListHistoricalRewardsResponse__Output {
  'historicalRewards': (_chaindata_primarynetwork_v1_HistoricalReward__Output)[];
  'next_cursor': (string);
}
