// Original file: proto/chaindata/evmdata/v1/evm_data.proto

import type { EvmBlock as _chaindata_evmdata_v1_EvmBlock, EvmBlock__Output as _chaindata_evmdata_v1_EvmBlock__Output } from '../../../chaindata/evmdata/v1/EvmBlock.ts';

export interface ListEvmBlocksResponse {
  'blocks'?: (_chaindata_evmdata_v1_EvmBlock)[];
  'next_cursor'?: (string);
}

export interface ListEvmBlocksResponse__Output {
  'blocks': (_chaindata_evmdata_v1_EvmBlock__Output)[];
  'next_cursor': (string);
}
