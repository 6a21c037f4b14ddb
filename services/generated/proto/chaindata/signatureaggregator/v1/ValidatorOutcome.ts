// Original file: proto/chaindata/signatureaggregator/v1/signature_aggregator.proto


export interface ValidatorOutcome {
  'node_ids'?: (Buffer | Uint8Array | string)[];
  'weight'?: (string);
  'outcome'?: (string);
  'requests'?: (number);
  'app_error_code'?: (number);
  'detail'?: (string);
}

export interface ValidatorOutcome__Output {
  'node_ids': (Buffer)[];
  'weight': (string);
  'outcome': (string);
  'requests': (number);
  'app_error_code': (number);
  'detail': (string);
}
