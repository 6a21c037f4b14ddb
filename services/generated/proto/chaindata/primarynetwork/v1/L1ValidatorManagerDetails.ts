// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto


export interface L1ValidatorManagerDetails {
  'blockchainId'?: (string);
  'contractAddress'?: (string);
}

export interface L1ValidatorManagerDetails__Output {
  'blockchainId': (string);
  'contractAddress': (string);
}
