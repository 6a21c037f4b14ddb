// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto


export interface Blockchain {
  'createBlockTimestamp'?: (number | string);
  'createBlockNumber'?: (string);
  'blockchainId'?: (string);
  'vmId'?: (string);
  'subnetId'?: (string);
  'blockchainName'?: (string);
  'evmChainId'?: (number | string);
  'genesisJson'?: (string);
  '_evmChainId'?: "evmChainId";
  '_genesisJson'?: "genesisJson";
}

export interface Blockchain__Output {
  'createBlockTimestamp': (number);
  'createBlockNumber': (string);
  'blockchainId': (string);
  'vmId': (string);
  'subnetId': (string);
  'blockchainName': (string);
  'evmChainId'?: (number);
  'genesisJson'?: (string);
  '_evmChainId'?: "evmChainId";
  '_genesisJson'?: "genesisJson";
}
