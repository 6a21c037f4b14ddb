// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto


export interface EstimatedDelegatorDetails {
  'txHash'?: (string);
  'nodeId'?: (string);
  'rewardAddresses'?: (string)[];
  'amountDelegated'?: (string);
  'delegationFee'?: (string);
  'startTimestamp'?: (number | string);
  'endTimestamp'?: (number | string);
  'estimatedGrossReward'?: (string);
  'estimatedNetReward'?: (string);
  'delegationStatus'?: (string);
}

export interface EstimatedDelegatorDetails__Output {
  'txHash': (string);
  'nodeId': (string);
  'rewardAddresses': (string)[];
  'amountDelegated': (string);
  'delegationFee': (string);
  'startTimestamp': (number);
  'endTimestamp': (number);
  'estimatedGrossReward': (string);
  'estimatedNetReward': (string);
  'delegationStatus': (string);
}
