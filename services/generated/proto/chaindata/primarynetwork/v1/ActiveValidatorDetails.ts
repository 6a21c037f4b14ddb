// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto

import type { BlsCredentials as _chaindata_primarynetwork_v1_BlsCredentials, BlsCredentials__Output as _chaindata_primarynetwork_v1_BlsCredentials__Output } from '../../../chaindata/primarynetwork/v1/BlsCredentials.ts';
import type { Rewards as _chaindata_primarynetwork_v1_Rewards, Rewards__Output as _chaindata_primarynetwork_v1_Rewards__Output } from '../../../chaindata/primarynetwork/v1/Rewards.ts';
import type { ValidatorHealthDetails as _chaindata_primarynetwork_v1_ValidatorHealthDetails, ValidatorHealthDetails__Output as _chaindata_primarynetwork_v1_ValidatorHealthDetails__Output } from '../../../chaindata/primarynetwork/v1/ValidatorHealthDetails.ts';

export interface ActiveValidatorDetails {
  'txHash'?: (string);
  'nodeId'?: (string);
  'subnetId'?: (string);
  'amountStaked'?: (string);
  'delegationFee'?: (string);
  'startTimestamp'?: (number | string);
  'endTimestamp'?: (number | string);
  'blsCredentials'?: (_chaindata_primarynetwork_v1_BlsCredentials | null);
  'stakePercentage'?: (number | string);
  'delegatorCount'?: (number | string);
  'amountDelegated'?: (string);
  'uptimePerformance'?: (number | string);
  'avalancheGoVersion'?: (string);
  'delegationCapacity'?: (string);
  'potentialRewards'?: (_chaindata_primarynetwork_v1_Rewards | null);
  'validationStatus'?: (string);
  'validatorHealth'?: (_chaindata_primarynetwork_v1_ValidatorHealthDetails | null);
  '_delegationFee'?: "delegationFee";
  '_amountDelegated'?: "amountDelegated";
  '_avalancheGoVersion'?: "avalancheGoVersion";
  '_delegationCapacity'?: "delegationCapacity";
}

export interface ActiveValidatorDetails__Output {
  'txHash': (string);
  'nodeId': (string);
  'subnetId': (string);
  'amountStaked': (string);
  'delegationFee'?: (string);
  'startTimestamp': (number);
  'endTimestamp': (number);
  'blsCredentials': (_chaindata_primarynetwork_v1_BlsCredentials__Output | null);
  'stakePercentage': (number);
  'delegatorCount': (number);
  'amountDelegated'?: (string);
  'uptimePerformance': (number);
  'avalancheGoVersion'?: (string);
  'delegationCapacity'?: (string);
  'potentialRewards': (_chaindata_primarynetwork_v1_Rewards__Output | null);
  'validationStatus': (string);
  'validatorHealth': (_chaindata_primarynetwork_v1_ValidatorHealthDetails__Output | null);
  '_delegationFee'?: "delegationFee";
  '_amountDelegated'?: "amountDelegated";
  '_avalancheGoVersion'?: "avalancheGoVersion";
  '_delegationCapacity'?: "delegationCapacity";
}
