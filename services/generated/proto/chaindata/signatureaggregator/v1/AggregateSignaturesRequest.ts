// Original file: proto/chaindata/signatureaggregator/v1/signature_aggregator.proto

import type { Long } from '@grpc/proto-loader';

export interface AggregateSignaturesRequest {
  'message'?: (Buffer | Uint8Array | string);
  'justification'?: (Buffer | Uint8Array | string);
  'signing_subnet_id'?: (Buffer | Uint8Array | string);
  'quorum_percentage'?: (number);
  'quorum_percentage_buffer'?: (number);
  'p_chain_height'?: (number | string | Long);
  'network'?: (string);
}

export interface AggregateSignaturesRequest__Output {
  'message': (Buffer);
  'justification': (Buffer);
  'signing_subnet_id': (Buffer);
  'quorum_percentage': (number);
  'quorum_percentage_buffer': (number);
  'p_chain_height': (string);
  'network': (string);
}
