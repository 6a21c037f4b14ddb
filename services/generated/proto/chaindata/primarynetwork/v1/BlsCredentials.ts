// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto


export interface BlsCredentials {
  'publicKey'?: (string);
  'proofOfPossession'?: (string);
}

export interface BlsCredentials__Output {
  'publicKey': (string);
  'proofOfPossession': (string);
}
