// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto

import type { CompletedValidatorDetails as _chaindata_primarynetwork_v1_CompletedValidatorDetails, CompletedValidatorDetails__Output as _chaindata_primarynetwork_v1_CompletedValidatorDetails__Output } from '../../../chaindata/primarynetwork/v1/CompletedValidatorDetails.ts';
import type { ActiveValidatorDetails as _chaindata_primarynetwork_v1_ActiveValidatorDetails, ActiveValidatorDetails__Output as _chaindata_primarynetwork_v1_ActiveValidatorDetails__Output } from '../../../chaindata/primarynetwork/v1/ActiveValidatorDetails.ts';
import type { PendingValidatorDetails as _chaindata_primarynetwork_v1_PendingValidatorDetails, PendingValidatorDetails__Output as _chaindata_primarynetwork_v1_PendingValidatorDetails__Output } from '../../../chaindata/primarynetwork/v1/PendingValidatorDetails.ts';
import type { RemovedValidatorDetails as _chaindata_primarynetwork_v1_RemovedValidatorDetails, RemovedValidatorDetails__Output as _chaindata_primarynetwork_v1_RemovedValidatorDetails__Output } from '../../../chaindata/primarynetwork/v1/RemovedValidatorDetails.ts';

export interface ValidatorDetails {
  'completed'?: (_chaindata_primarynetwork_v1_CompletedValidatorDetails | null);
  'active'?: (_chaindata_primarynetwork_v1_ActiveValidatorDetails | null);
  'pending'?: (_chaindata_primarynetwork_v1_PendingValidatorDetails | null);
  'removed'?: (_chaindata_primarynetwork_v1_RemovedValidatorDetails | null);
  'kind'?: "completed"|"active"|"pending"|"removed";
}

export interface ValidatorDetails__Output {
  'completed'?: (_chaindata_primarynetwork_v1_CompletedValidatorDetails__Output | null);
  'active'?: (_chaindata_primarynetwork_v1_ActiveValidatorDetails__Output | null);
  'pending'?: (_chaindata_primarynetwork_v1_PendingValidatorDetails__Output | null);
  'removed'?: (_chaindata_primarynetwork_v1_RemovedValidatorDetails__Output | null);
  'kind'?: "completed"|"active"|"pending"|"removed";
}
