// Original file: proto/chaindata/evmdata/v1/evm_data.proto

import type { Long } from '@grpc/proto-loader';

export interface ListErc20BalancesRequest {
  'chain_id'?: (string);
  'address'?: (Buffer | Uint8Array | string);
  'block_number'?: (number | string | Long);
  'contract_addresses'?: (Buffer | Uint8Array | string)[];
  'filter_spam_tokens'?: (boolean);
  'currency'?: (string);
  'page_size'?: (number);
  'cursor'?: (string);
  '_block_number'?: "block_number";
}

export interface ListErc20BalancesRequest__Output {
  'chain_id': (string);
  'address': (Buffer);
  'block_number'?: (string);
  'contract_addresses': (Buffer)[];
  'filter_spam_tokens': (boolean);
  'currency': (string);
  'page_size': (number);
  'cursor': (string);
  '_block_number'?: "block_number";
}
