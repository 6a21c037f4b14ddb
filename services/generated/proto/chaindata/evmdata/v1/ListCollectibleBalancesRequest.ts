// Original file: proto/chaindata/evmdata/v1/evm_data.proto


export interface ListCollectibleBalancesRequest {
  'chain_id'?: (string);
  'address'?: (Buffer | Uint8Array | string);
  'contract_address'?: (Buffer | Uint8Array | string);
  'page_size'?: (number);
  'cursor'?: (string);
  '_contract_address'?: "contract_address";
}

export interface ListCollectibleBalancesRequest__Output {
  'chain_id': (string);
  'address': (Buffer);
  'contract_address'?: (Buffer);
  'page_size': (number);
  'cursor': (string);
  '_contract_address'?: "contract_address";
}
