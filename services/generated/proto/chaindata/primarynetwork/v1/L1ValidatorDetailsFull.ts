// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto

import type { BlsCredentials as _chaindata_primarynetwork_v1_BlsCredentials, BlsCredentials__Output as _chaindata_primarynetwork_v1_BlsCredentials__Output } from '../../../chaindata/primarynetwork/v1/BlsCredentials.ts';
import type { BalanceOwner as _chaindata_primarynetwork_v1_BalanceOwner, BalanceOwner__Output as _chaindata_primarynetwork_v1_BalanceOwner__Output } from '../../../chaindata/primarynetwork/v1/BalanceOwner.ts';

export interface L1ValidatorDetailsFull {
  'validationId'?: (string);
  'validationIdHex'?: (string);
  'nodeId'?: (string);
  'subnetId'?: (string);
  'weight'?: (number | string);
  'remainingBalance'?: (number | string);
  'creationTimestamp'?: (number | string);
  'blsCredentials'?: (_chaindata_primarynetwork_v1_BlsCredentials | null);
  'remainingBalanceOwner'?: (_chaindata_primarynetwork_v1_BalanceOwner | null);
  'deactivationOwner'?: (_chaindata_primarynetwork_v1_BalanceOwner | null);
}

export interface L1ValidatorDetailsFull__Output {
  'validationId': (string);
  'validationIdHex': (string);
  'nodeId': (string);
  'subnetId': (string);
  'weight': (number);
  'remainingBalance': (number);
  'creationTimestamp': (number);
  'blsCredentials': (_chaindata_primarynetwork_v1_BlsCredentials__Output | null);
  'remainingBalanceOwner': (_chaindata_primarynetwork_v1_BalanceOwner__Output | null);
  'deactivationOwner': (_chaindata_primarynetwork_v1_BalanceOwner__Output | null);
}
