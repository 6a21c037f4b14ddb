// Original file: proto/chaindata/evmdata/v1/evm_data.proto

import type { ContractMetadata as _chaindata_evmdata_v1_ContractMetadata, ContractMetadata__Output as _chaindata_evmdata_v1_ContractMetadata__Output } from '../../../chaindata/evmdata/v1/ContractMetadata.ts';

export interface ListContractsResponse {
  'contracts'?: (_chaindata_evmdata_v1_ContractMetadata)[];
  'next_cursor'?: (string);
}

export interface ListContractsResponse__Output {
  'contracts': (_chaindata_evmdata_v1_ContractMetadata__Output)[];
  'next_cursor': (string);
}
