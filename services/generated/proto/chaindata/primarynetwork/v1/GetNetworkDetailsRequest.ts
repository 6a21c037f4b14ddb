// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto


export interface GetNetworkDetailsRequest {
  'network'?: (string);
}

export interface GetNetworkDetailsRequest__Output {
  'network': (string);
}
