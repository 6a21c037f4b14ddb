// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto

import type { L1ValidatorDetailsFull as _chaindata_primarynetwork_v1_L1ValidatorDetailsFull, L1ValidatorDetailsFull__Output as _chaindata_primarynetwork_v1_L1ValidatorDetailsFull__Output } from '../../../chaindata/primarynetwork/v1/L1ValidatorDetailsFull.ts';

export interface ListL1ValidatorsResponse {
  'validators'?: (_chaindata_primarynetwork_v1_L1ValidatorDetailsFull)[];
  'blockHeight'?: (string);
  'next_cursor'?: (string);
}

export interface ListL1ValidatorsResponse__Output {
  'validators': (_chaindata_primarynetwork_v1_L1ValidatorDetailsFull__Output)[];
  'blockHeight': (string);
  'next_cursor': (string);
}
