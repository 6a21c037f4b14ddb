// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto

import type { ValidatorDetails as _chaindata_primarynetwork_v1_ValidatorDetails, ValidatorDetails__Output as _chaindata_primarynetwork_v1_ValidatorDetails__Output } from '../../../chaindata/primarynetwork/v1/ValidatorDetails.ts';

export interface ListValidatorsResponse {
  'validators'?: (_chaindata_primarynetwork_v1_ValidatorDetails)[];
  'next_cursor'?: (string);
}

export interface ListValidatorsResponse__Output {
  'validators': (_chaindata_primarynetwork_v1_ValidatorDetails__Output)[];
  'next_cursor': (string);
}
