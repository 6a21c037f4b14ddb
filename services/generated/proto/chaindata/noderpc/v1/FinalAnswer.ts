// Original file: proto/chaindata/noderpc/v1/node_rpc.proto


export interface FinalAnswer {
  'key'?: (string);
  'result'?: (string);
}

export interface FinalAnswer__Output {
  'key': (string);
  'result': (string);
}
