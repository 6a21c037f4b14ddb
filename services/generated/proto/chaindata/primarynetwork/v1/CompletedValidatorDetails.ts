// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto

import type { BlsCredentials as _chaindata_primarynetwork_v1_BlsCredentials, BlsCredentials__Output as _chaindata_primarynetwork_v1_BlsCredentials__Output } from '../../../chaindata/primarynetwork/v1/BlsCredentials.ts';
import type { Rewards as _chaindata_primarynetwork_v1_Rewards, Rewards__Output as _chaindata_primarynetwork_v1_Rewards__Output } from '../../../chaindata/primarynetwork/v1/Rewards.ts';

export interface CompletedValidatorDetails {
  'txHash'?: (string);
  'nodeId'?: (string);
  'subnetId'?: (string);
  'amountStaked'?: (string);
  'delegationFee'?: (string);
  'startTimestamp'?: (number | string);
  'endTimestamp'?: (number | string);
  'blsCredentials'?: (_chaindata_primarynetwork_v1_BlsCredentials | null);
  'delegatorCount'?: (number | string);
  'amountDelegated'?: (string);
  'rewards'?: (_chaindata_primarynetwork_v1_Rewards | null);
  'validationStatus'?: (string);
  '_delegationFee'?: "delegationFee";
  '_amountDelegated'?: "amountDelegated";
}

export interface CompletedValidatorDetails__Output {
  'txHash': (string);
  'nodeId': (string);
  'subnetId': (string);
  'amountStaked': (string);
  'delegationFee'?: (string);
  'startTimestamp': (number);
  'endTimestamp': (number);
  'blsCredentials': (_chaindata_primarynetwork_v1_BlsCredentials__Output | null);
  'delegatorCount': (number);
  'amountDelegated'?: (string);
  'rewards': (_chaindata_primarynetwork_v1_Rewards__Output | null);
  'validationStatus': (string);
  '_delegationFee'?: "delegationFee";
  '_amountDelegated'?: "amountDelegated";
}
