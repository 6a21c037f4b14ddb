// Original file: proto/chaindata/exportworker/v1/export_worker.proto


export interface CreateTransactionExportRequest {
  'type'?: (string);
  'first_date'?: (string);
  'last_date'?: (string);
  'addresses'?: (string)[];
  'c_chain_evm_addresses'?: (string)[];
  'include_chains'?: (string)[];
  'idempotency_key'?: (string);
}

export interface CreateTransactionExportRequest__Output {
  'type': (string);
  'first_date': (string);
  'last_date': (string);
  'addresses': (string)[];
  'c_chain_evm_addresses': (string)[];
  'include_chains': (string)[];
  'idempotency_key': (string);
}
