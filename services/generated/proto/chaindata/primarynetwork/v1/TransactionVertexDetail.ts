// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto


export interface TransactionVertexDetail {
  'hash'?: (string);
  'height'?: (number | string);
  'timestamp'?: (number | string);
}

export interface TransactionVertexDetail__Output {
  'hash': (string);
  'height': (number);
  'timestamp': (number);
}
