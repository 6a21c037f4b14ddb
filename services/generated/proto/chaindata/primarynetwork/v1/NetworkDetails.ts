// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto

import type { ValidatorsDetails as _chaindata_primarynetwork_v1_ValidatorsDetails, ValidatorsDetails__Output as _chaindata_primarynetwork_v1_ValidatorsDetails__Output } from '../../../chaindata/primarynetwork/v1/ValidatorsDetails.ts';
import type { DelegatorsDetails as _chaindata_primarynetwork_v1_DelegatorsDetails, DelegatorsDetails__Output as _chaindata_primarynetwork_v1_DelegatorsDetails__Output } from '../../../chaindata/primarynetwork/v1/DelegatorsDetails.ts';

export interface NetworkDetails {
  'validatorDetails'?: (_chaindata_primarynetwork_v1_ValidatorsDetails | null);
  'delegatorDetails'?: (_chaindata_primarynetwork_v1_DelegatorsDetails | null);
}

export interface NetworkDetails__Output {
  'validatorDetails': (_chaindata_primarynetwork_v1_ValidatorsDetails__Output | null);
  'delegatorDetails': (_chaindata_primarynetwork_v1_DelegatorsDetails__Output | null);
}
