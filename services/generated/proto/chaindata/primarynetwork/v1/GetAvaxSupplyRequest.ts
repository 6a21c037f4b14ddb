// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto


export interface GetAvaxSupplyRequest {
  'network'?: (string);
}

export interface GetAvaxSupplyRequest__Output {
  'network': (string);
}
