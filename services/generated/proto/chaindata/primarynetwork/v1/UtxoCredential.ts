// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto


export interface UtxoCredential {
  'signature'?: (string);
  'publicKey'?: (string);
}

export interface UtxoCredential__Output {
  'signature': (string);
  'publicKey': (string);
}
