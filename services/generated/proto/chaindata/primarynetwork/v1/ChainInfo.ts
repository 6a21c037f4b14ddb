// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto


export interface ChainInfo {
  'chainName'?: (string);
  'network'?: (string);
}

export interface ChainInfo__Output {
  'chainName': (string);
  'network': (string);
}
