// Original file: proto/chaindata/evmdata/v1/evm_data.proto


export interface IcmDestinationTransaction {
  'txHash'?: (string);
  'timestamp'?: (number | string);
  'gasSpent'?: (string);
  'rewardRedeemer'?: (string);
  'delivererAddress'?: (string);
}

export interface IcmDestinationTransaction__Output {
  'txHash': (string);
  'timestamp': (number);
  'gasSpent': (string);
  'rewardRedeemer': (string);
  'delivererAddress': (string);
}
