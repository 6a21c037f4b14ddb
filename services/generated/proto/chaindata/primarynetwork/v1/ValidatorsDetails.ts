// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto

import type { StakingDistribution as _chaindata_primarynetwork_v1_StakingDistribution, StakingDistribution__Output as _chaindata_primarynetwork_v1_StakingDistribution__Output } from '../../../chaindata/primarynetwork/v1/StakingDistribution.ts';

export interface ValidatorsDetails {
  'validatorCount'?: (number | string);
  'totalAmountStaked'?: (string);
  'estimatedAnnualStakingReward'?: (string);
  'stakingDistributionByVersion'?: (_chaindata_primarynetwork_v1_StakingDistribution)[];
  'stakingRatio'?: (string);
}

export interface ValidatorsDetails__Output {
  'validatorCount': (number);
  'totalAmountStaked': (string);
  'estimatedAnnualStakingReward': (string);
  'stakingDistributionByVersion': (_chaindata_primarynetwork_v1_StakingDistribution__Output)[];
  'stakingRatio': (string);
}
