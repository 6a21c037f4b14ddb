// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto


export interface GetSubnetRequest {
  'network'?: (string);
  'subnet_id'?: (Buffer | Uint8Array | string);
}

export interface GetSubnetRequest__Output {
  'network': (string);
  'subnet_id': (Buffer);
}
