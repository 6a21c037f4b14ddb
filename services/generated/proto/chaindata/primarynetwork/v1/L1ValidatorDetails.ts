// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto

import type { BlsCredentials as _chaindata_primarynetwork_v1_BlsCredentials, BlsCredentials__Output as _chaindata_primarynetwork_v1_BlsCredentials__Output } from '../../../chaindata/primarynetwork/v1/BlsCredentials.ts';

export interface L1ValidatorDetails {
  'validationId'?: (string);
  'validationIdHex'?: (string);
  'nodeId'?: (string);
  'subnetId'?: (string);
  'weight'?: (number | string);
  'remainingBalance'?: (number | string);
  'balanceChange'?: (number | string);
  'blsCredentials'?: (_chaindata_primarynetwork_v1_BlsCredentials | null);
  '_balanceChange'?: "balanceChange";
}

export interface L1ValidatorDetails__Output {
  'validationId': (string);
  'validationIdHex': (string);
  'nodeId': (string);
  'subnetId': (string);
  'weight': (number);
  'remainingBalance': (number);
  'balanceChange'?: (number);
  'blsCredentials': (_chaindata_primarynetwork_v1_BlsCredentials__Output | null);
  '_balanceChange'?: "balanceChange";
}
