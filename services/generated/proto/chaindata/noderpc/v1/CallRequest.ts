// Original file: proto/chaindata/noderpc/v1/node_rpc.proto


export interface CallRequest {
  'path'?: (string);
  'body'?: (Buffer | Uint8Array | string);
  'http_method'?: (string);
}

export interface CallRequest__Output {
  'path': (string);
  'body': (Buffer);
  'http_method': (string);
}
