// Original file: proto/chaindata/evmdata/v1/evm_data.proto

import type { NftToken as _chaindata_evmdata_v1_NftToken, NftToken__Output as _chaindata_evmdata_v1_NftToken__Output } from '../../../chaindata/evmdata/v1/NftToken.ts';

export interface ListNftTokensResponse {
  'tokens'?: (_chaindata_evmdata_v1_NftToken)[];
  'next_cursor'?: (string);
}

export interface ListNftTokensResponse__Output {
  'tokens': (_chaindata_evmdata_v1_NftToken__Output)[];
  'next_cursor': (string);
}
