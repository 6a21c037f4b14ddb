// Original file: proto/chaindata/evmdata/v1/evm_data.proto

import type { IcmMessage as _chaindata_evmdata_v1_IcmMessage, IcmMessage__Output as _chaindata_evmdata_v1_IcmMessage__Output } from '../../../chaindata/evmdata/v1/IcmMessage.ts';

export interface ListIcmMessagesResponse {
  'messages'?: (_chaindata_evmdata_v1_IcmMessage)[];
  'next_cursor'?: (string);
}

export interface ListIcmMessagesResponse__Output {
  'messages': (_chaindata_evmdata_v1_IcmMessage__Output)[];
  'next_cursor': (string);
}
