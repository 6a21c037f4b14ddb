// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto


export interface Vertex {
  'vertexHash'?: (string);
  'parentHashes'?: (string)[];
  'vertexHeight'?: (number | string);
  'vertexIndex'?: (number | string);
  'vertexTimestamp'?: (number | string);
  'txCount'?: (number);
  'transactions'?: (string)[];
  'vertexSizeBytes'?: (number);
}

export interface Vertex__Output {
  'vertexHash': (string);
  'parentHashes': (string)[];
  'vertexHeight': (number);
  'vertexIndex': (number);
  'vertexTimestamp': (number);
  'txCount': (number);
  'transactions': (string)[];
  'vertexSizeBytes': (number);
}
