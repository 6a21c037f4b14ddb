// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto


export interface ListL1ValidatorsRequest {
  'network'?: (string);
  'l1_validation_id'?: (Buffer | Uint8Array | string);
  'node_id'?: (Buffer | Uint8Array | string);
  'subnet_id'?: (Buffer | Uint8Array | string);
  'include_inactive'?: (boolean);
  'page_size'?: (number);
  'cursor'?: (string);
  '_l1_validation_id'?: "l1_validation_id";
  '_node_id'?: "node_id";
  '_subnet_id'?: "subnet_id";
}

export interface ListL1ValidatorsRequest__Output {
  'network': (string);
  'l1_validation_id'?: (Buffer);
  'node_id'?: (Buffer);
  'subnet_id'?: (Buffer);
  'include_inactive': (boolean);
  'page_size': (number);
  'cursor': (string);
  '_l1_validation_id'?: "l1_validation_id";
  '_node_id'?: "node_id";
  '_subnet_id'?: "subnet_id";
}
