// Original file: proto/chaindata/evmdata/v1/evm_data.proto


export interface GetIcmMessageRequest {
  'message_id'?: (Buffer | Uint8Array | string);
}

export interface GetIcmMessageRequest__Output {
  'message_id': (Buffer);
}
