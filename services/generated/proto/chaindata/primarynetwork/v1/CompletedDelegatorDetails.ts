// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto


export interface CompletedDelegatorDetails {
  'txHash'?: (string);
  'nodeId'?: (string);
  'rewardAddresses'?: (string)[];
  'amountDelegated'?: (string);
  'delegationFee'?: (string);
  'startTimestamp'?: (number | string);
  'endTimestamp'?: (number | string);
  'grossReward'?: (string);
  'netReward'?: (string);
  'delegationStatus'?: (string);
}

export interface CompletedDelegatorDetails__Output {
  'txHash': (string);
  'nodeId': (string);
  'rewardAddresses': (string)[];
  'amountDelegated': (string);
  'delegationFee': (string);
  'startTimestamp': (number);
  'endTimestamp': (number);
  'grossReward': (string);
  'netReward': (string);
  'delegationStatus': (string);
}
