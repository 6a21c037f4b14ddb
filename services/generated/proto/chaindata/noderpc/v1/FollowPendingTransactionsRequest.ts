// Original file: proto/chaindata/noderpc/v1/node_rpc.proto


export interface FollowPendingTransactionsRequest {
  'chain'?: (string);
}

export interface FollowPendingTransactionsRequest__Output {
  'chain': (string);
}
