// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto


export interface ChainRef {
  'network'?: (string);
  'blockchain_id'?: (string);
}

export interface ChainRef__Output {
  'network': (string);
  'blockchain_id': (string);
}
