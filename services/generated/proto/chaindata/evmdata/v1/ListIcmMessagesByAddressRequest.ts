// Original file: proto/chaindata/evmdata/v1/evm_data.proto


export interface ListIcmMessagesByAddressRequest {
  'address'?: (Buffer | Uint8Array | string);
  'network'?: (string);
  'page_size'?: (number);
  'cursor'?: (string);
}

export interface ListIcmMessagesByAddressRequest__Output {
  'address': (Buffer);
  'network': (string);
  'page_size': (number);
  'cursor': (string);
}
