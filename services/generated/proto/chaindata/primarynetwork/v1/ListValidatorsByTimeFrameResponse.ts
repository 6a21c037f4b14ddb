// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto

import type { TimeFrameValidator as _chaindata_primarynetwork_v1_TimeFrameValidator, TimeFrameValidator__Output as _chaindata_primarynetwork_v1_TimeFrameValidator__Output } from '../../../chaindata/primarynetwork/v1/TimeFrameValidator.ts';

export interface ListValidatorsByTimeFrameResponse {
  'validators'?: (_chaindata_primarynetwork_v1_TimeFrameValidator)[];
  'next_cursor'?: (string);
}

export interface ListValidatorsByTimeFrameResponse__Output {
  'validators': (_chaindata_primarynetwork_v1_TimeFrameValidator__Output)[];
  'next_cursor': (string);
}
