// Original file: proto/chaindata/evmdata/v1/evm_data.proto


export interface ListErc721BalancesRequest {
  'chain_id'?: (string);
  'address'?: (Buffer | Uint8Array | string);
  'contract_address'?: (Buffer | Uint8Array | string);
  'page_size'?: (number);
  'cursor'?: (string);
  '_contract_address'?: "contract_address";
}

export interface ListErc721BalancesRequest__Output {
  'chain_id': (string);
  'address': (Buffer);
  'contract_address'?: (Buffer);
  'page_size': (number);
  'cursor': (string);
  '_contract_address'?: "contract_address";
}
