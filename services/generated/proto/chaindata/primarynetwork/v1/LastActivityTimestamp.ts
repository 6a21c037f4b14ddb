// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto


export interface LastActivityTimestamp {
  'timestamp'?: (number | string);
  'blockNumber'?: (string);
  'txHash'?: (string);
  'utxoId'?: (string);
  'isConsumed'?: (boolean);
  'chainName'?: (string);
  'network'?: (string);
}

export interface LastActivityTimestamp__Output {
  'timestamp': (number);
  'blockNumber': (string);
  'txHash': (string);
  'utxoId': (string);
  'isConsumed': (boolean);
  'chainName': (string);
  'network': (string);
}
