// Original file: proto/chaindata/evmdata/v1/evm_data.proto


export interface TransactionActivity {
  'from'?: (Buffer | Uint8Array | string);
  'to'?: (Buffer | Uint8Array | string);
  'gas_used'?: (string);
  'gas_price'?: (string);
  'success'?: (boolean);
  '_to'?: "to";
}

export interface TransactionActivity__Output {
  'from': (Buffer);
  'to'?: (Buffer);
  'gas_used': (string);
  'gas_price': (string);
  'success': (boolean);
  '_to'?: "to";
}
