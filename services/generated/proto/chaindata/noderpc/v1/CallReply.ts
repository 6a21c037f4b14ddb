// Original file: proto/chaindata/noderpc/v1/node_rpc.proto


export interface CallReply {
  'status'?: (number);
  'content_type'?: (string);
  'body'?: (Buffer | Uint8Array | string);
}

export interface CallReply__Output {
  'status': (number);
  'content_type': (string);
  'body': (Buffer);
}
