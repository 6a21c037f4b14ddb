// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto

import type { PendingReward as _chaindata_primarynetwork_v1_PendingReward, PendingReward__Output as _chaindata_primarynetwork_v1_PendingReward__Output } from '../../../chaindata/primarynetwork/v1/PendingReward.ts';

export interface ListPendingRewardsResponse {
  'pendingRewards'?: (_chaindata_primarynetwork_v1_PendingReward)[];
  'next_cursor'?: (string);
}

export interface ListPendingRewardsResponse__Output {
  'pendingRewards': (_chaindata_primarynetwork_v1_PendingReward__Output)[];
  'next_cursor': (string);
}
