// Original file: proto/chaindata/evmdata/v1/evm_data.proto


export interface TransferActivity {
  'from'?: (Buffer | Uint8Array | string);
  'to'?: (Buffer | Uint8Array | string);
}

export interface TransferActivity__Output {
  'from': (Buffer);
  'to': (Buffer);
}
