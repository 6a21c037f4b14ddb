// Original file: proto/chaindata/signatureaggregator/v1/signature_aggregator.proto


export interface AggregateSignaturesForTransactionRequest {
  'tx_id'?: (Buffer | Uint8Array | string);
  'quorum_percentage'?: (number);
  'quorum_percentage_buffer'?: (number);
  'network'?: (string);
}

export interface AggregateSignaturesForTransactionRequest__Output {
  'tx_id': (Buffer);
  'quorum_percentage': (number);
  'quorum_percentage_buffer': (number);
  'network': (string);
}
