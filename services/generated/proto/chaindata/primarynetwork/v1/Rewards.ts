// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto


export interface Rewards {
  'validationRewardAmount'?: (string);
  'delegationRewardAmount'?: (string);
  'rewardAddresses'?: (string)[];
  'rewardTxHash'?: (string);
  '_rewardTxHash'?: "rewardTxHash";
}

export interface Rewards__Output {
  'validationRewardAmount': (string);
  'delegationRewardAmount': (string);
  'rewardAddresses': (string)[];
  'rewardTxHash'?: (string);
  '_rewardTxHash'?: "rewardTxHash";
}
