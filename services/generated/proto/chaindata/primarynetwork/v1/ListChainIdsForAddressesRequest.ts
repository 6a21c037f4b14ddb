// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto


export interface ListChainIdsForAddressesRequest {
  'network'?: (string);
  'addresses'?: (Buffer | Uint8Array | string)[];
}

export interface ListChainIdsForAddressesRequest__Output {
  'network': (string);
  'addresses': (Buffer)[];
}
