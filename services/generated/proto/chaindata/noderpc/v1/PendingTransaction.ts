// Original file: proto/chaindata/noderpc/v1/node_rpc.proto


export interface PendingTransaction {
  'hash'?: (string);
  'transaction_json'?: (string);
}

export interface PendingTransaction__Output {
  'hash': (string);
  'transaction_json': (string);
}
