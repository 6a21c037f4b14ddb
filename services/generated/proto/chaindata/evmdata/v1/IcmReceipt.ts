// Original file: proto/chaindata/evmdata/v1/evm_data.proto


export interface IcmReceipt {
  'receivedMessageNonce'?: (string);
  'relayerRewardAddress'?: (string);
}

export interface IcmReceipt__Output {
  'receivedMessageNonce': (string);
  'relayerRewardAddress': (string);
}
