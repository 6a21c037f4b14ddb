// Original file: proto/chaindata/evmdata/v1/evm_data.proto

import type { Long } from '@grpc/proto-loader';

export interface ChainIngestion {
  'blockchain_id'?: (string);
  'evm_chain_id'?: (string);
  'next_block'?: (number | string | Long);
  'head_block'?: (number | string | Long);
  'indexed_through_timestamp'?: (number | string | Long);
}

export interface ChainIngestion__Output {
  'blockchain_id': (string);
  'evm_chain_id': (string);
  'next_block': (string);
  'head_block': (string);
  'indexed_through_timestamp': (string);
}
