// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto

import type { CompletedDelegatorDetails as _chaindata_primarynetwork_v1_CompletedDelegatorDetails, CompletedDelegatorDetails__Output as _chaindata_primarynetwork_v1_CompletedDelegatorDetails__Output } from '../../../chaindata/primarynetwork/v1/CompletedDelegatorDetails.ts';
import type { EstimatedDelegatorDetails as _chaindata_primarynetwork_v1_EstimatedDelegatorDetails, EstimatedDelegatorDetails__Output as _chaindata_primarynetwork_v1_EstimatedDelegatorDetails__Output } from '../../../chaindata/primarynetwork/v1/EstimatedDelegatorDetails.ts';

export interface DelegatorDetails {
  'completed'?: (_chaindata_primarynetwork_v1_CompletedDelegatorDetails | null);
  'active'?: (_chaindata_primarynetwork_v1_EstimatedDelegatorDetails | null);
  'pending'?: (_chaindata_primarynetwork_v1_EstimatedDelegatorDetails | null);
  'kind'?: "completed"|"active"|"pending";
}

export interface DelegatorDetails__Output {
  'completed'?: (_chaindata_primarynetwork_v1_CompletedDelegatorDetails__Output | null);
  'active'?: (_chaindata_primarynetwork_v1_EstimatedDelegatorDetails__Output | null);
  'pending'?: (_chaindata_primarynetwork_v1_EstimatedDelegatorDetails__Output | null);
  'kind'?: "completed"|"active"|"pending";
}
