// Original file: proto/chaindata/evmdata/v1/evm_data.proto

import type { Long } from '@grpc/proto-loader';

export interface ListErc1155BalancesRequest {
  'chain_id'?: (string);
  'address'?: (Buffer | Uint8Array | string);
  'block_number'?: (number | string | Long);
  'contract_address'?: (Buffer | Uint8Array | string);
  'page_size'?: (number);
  'cursor'?: (string);
  '_block_number'?: "block_number";
  '_contract_address'?: "contract_address";
}

export interface ListErc1155BalancesRequest__Output {
  'chain_id': (string);
  'address': (Buffer);
  'block_number'?: (string);
  'contract_address'?: (Buffer);
  'page_size': (number);
  'cursor': (string);
  '_block_number'?: "block_number";
  '_contract_address'?: "contract_address";
}
