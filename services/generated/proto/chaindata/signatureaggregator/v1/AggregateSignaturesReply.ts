// Original file: proto/chaindata/signatureaggregator/v1/signature_aggregator.proto

import type { ValidatorOutcome as _chaindata_signatureaggregator_v1_ValidatorOutcome, ValidatorOutcome__Output as _chaindata_signatureaggregator_v1_ValidatorOutcome__Output } from '../../../chaindata/signatureaggregator/v1/ValidatorOutcome.ts';
import type { Long } from '@grpc/proto-loader';

export interface AggregateSignaturesReply {
  'signed_message'?: (Buffer | Uint8Array | string);
  'p_chain_height'?: (number | string | Long);
  'signing_subnet_id'?: (Buffer | Uint8Array | string);
  'signed_weight'?: (string);
  'total_weight'?: (string);
  'required_weight'?: (string);
  'validators'?: (_chaindata_signatureaggregator_v1_ValidatorOutcome)[];
}

export interface AggregateSignaturesReply__Output {
  'signed_message': (Buffer);
  'p_chain_height': (string);
  'signing_subnet_id': (Buffer);
  'signed_weight': (string);
  'total_weight': (string);
  'required_weight': (string);
  'validators': (_chaindata_signatureaggregator_v1_ValidatorOutcome__Output)[];
}
