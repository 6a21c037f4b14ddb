// Original file: proto/chaindata/evmdata/v1/evm_data.proto


export interface ListIcmMessagesRequest {
  'source_blockchain_id'?: (string);
  'destination_blockchain_id'?: (string);
  'blockchain_id'?: (string);
  'to'?: (Buffer | Uint8Array | string);
  'from'?: (Buffer | Uint8Array | string);
  'network'?: (string);
  'page_size'?: (number);
  'cursor'?: (string);
  '_to'?: "to";
  '_from'?: "from";
}

export interface ListIcmMessagesRequest__Output {
  'source_blockchain_id': (string);
  'destination_blockchain_id': (string);
  'blockchain_id': (string);
  'to'?: (Buffer);
  'from'?: (Buffer);
  'network': (string);
  'page_size': (number);
  'cursor': (string);
  '_to'?: "to";
  '_from'?: "from";
}
