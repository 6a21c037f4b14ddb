// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto


export interface GetL1ValidatorWeightChangeRequest {
  'network'?: (string);
  'tx_id'?: (Buffer | Uint8Array | string);
}

export interface GetL1ValidatorWeightChangeRequest__Output {
  'network': (string);
  'tx_id': (Buffer);
}
