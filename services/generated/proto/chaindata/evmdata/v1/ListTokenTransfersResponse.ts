// Original file: proto/chaindata/evmdata/v1/evm_data.proto

import type { TokenTransfer as _chaindata_evmdata_v1_TokenTransfer, TokenTransfer__Output as _chaindata_evmdata_v1_TokenTransfer__Output } from '../../../chaindata/evmdata/v1/TokenTransfer.ts';

export interface ListTokenTransfersResponse {
  'transfers'?: (_chaindata_evmdata_v1_TokenTransfer)[];
  'next_cursor'?: (string);
}

export interface ListTokenTransfersResponse__Output {
  'transfers': (_chaindata_evmdata_v1_TokenTransfer__Output)[];
  'next_cursor': (string);
}
