// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto

import type { BlsCredentials as _chaindata_primarynetwork_v1_BlsCredentials, BlsCredentials__Output as _chaindata_primarynetwork_v1_BlsCredentials__Output } from '../../../chaindata/primarynetwork/v1/BlsCredentials.ts';

export interface PendingValidatorDetails {
  'txHash'?: (string);
  'nodeId'?: (string);
  'subnetId'?: (string);
  'amountStaked'?: (string);
  'delegationFee'?: (string);
  'startTimestamp'?: (number | string);
  'endTimestamp'?: (number | string);
  'blsCredentials'?: (_chaindata_primarynetwork_v1_BlsCredentials | null);
  'validationStatus'?: (string);
  '_delegationFee'?: "delegationFee";
}

export interface PendingValidatorDetails__Output {
  'txHash': (string);
  'nodeId': (string);
  'subnetId': (string);
  'amountStaked': (string);
  'delegationFee'?: (string);
  'startTimestamp': (number);
  'endTimestamp': (number);
  'blsCredentials': (_chaindata_primarynetwork_v1_BlsCredentials__Output | null);
  'validationStatus': (string);
  '_delegationFee'?: "delegationFee";
}
