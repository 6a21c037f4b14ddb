// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto


export interface BlockchainInfo {
  'chainName'?: (string);
  'vmId'?: (string);
  'genesisJson'?: (string);
  '_genesisJson'?: "genesisJson";
}

export interface BlockchainInfo__Output {
  'chainName': (string);
  'vmId': (string);
  'genesisJson'?: (string);
  '_genesisJson'?: "genesisJson";
}
