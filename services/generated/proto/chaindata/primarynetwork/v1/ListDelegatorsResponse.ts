// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto

import type { DelegatorDetails as _chaindata_primarynetwork_v1_DelegatorDetails, DelegatorDetails__Output as _chaindata_primarynetwork_v1_DelegatorDetails__Output } from '../../../chaindata/primarynetwork/v1/DelegatorDetails.ts';

export interface ListDelegatorsResponse {
  'delegators'?: (_chaindata_primarynetwork_v1_DelegatorDetails)[];
  'next_cursor'?: (string);
}

export interface ListDelegatorsResponse__Output {
  'delegators': (_chaindata_primarynetwork_v1_DelegatorDetails__Output)[];
  'next_cursor': (string);
}
