// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto


export interface ChainAddressChainIdMap {
  'address'?: (string);
  'blockchainIds'?: (string)[];
}

export interface ChainAddressChainIdMap__Output {
  'address': (string);
  'blockchainIds': (string)[];
}
