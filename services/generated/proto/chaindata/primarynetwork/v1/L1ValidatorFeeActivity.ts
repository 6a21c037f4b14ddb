// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto


export interface L1ValidatorFeeActivity {
  'validation_id'?: (Buffer | Uint8Array | string);
  'subnet_id'?: (Buffer | Uint8Array | string);
  'node_id'?: (Buffer | Uint8Array | string);
  'end_accumulated_fee'?: (string);
  'deposited'?: (string);
  'refunded'?: (string);
}

export interface L1ValidatorFeeActivity__Output {
  'validation_id': (Buffer);
  'subnet_id': (Buffer);
  'node_id': (Buffer);
  'end_accumulated_fee': (string);
  'deposited': (string);
  'refunded': (string);
}
