// Original file: proto/chaindata/evmdata/v1/evm_data.proto


export interface IcmMessageSent {
  'message_id'?: (Buffer | Uint8Array | string);
  'source_blockchain_id'?: (Buffer | Uint8Array | string);
  'destination_blockchain_id'?: (Buffer | Uint8Array | string);
}

export interface IcmMessageSent__Output {
  'message_id': (Buffer);
  'source_blockchain_id': (Buffer);
  'destination_blockchain_id': (Buffer);
}
