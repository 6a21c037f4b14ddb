// Original file: proto/chaindata/evmdata/v1/evm_data.proto


export interface ContractDeploymentDetails {
  'txHash'?: (string);
  'deployerAddress'?: (string);
  'deployerContractAddress'?: (string);
  '_deployerContractAddress'?: "deployerContractAddress";
}

export interface ContractDeploymentDetails__Output {
  'txHash': (string);
  'deployerAddress': (string);
  'deployerContractAddress'?: (string);
  '_deployerContractAddress'?: "deployerContractAddress";
}
