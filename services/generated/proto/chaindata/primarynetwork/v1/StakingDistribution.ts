// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto


export interface StakingDistribution {
  'version'?: (string);
  'amountStaked'?: (string);
  'validatorCount'?: (number | string);
}

export interface StakingDistribution__Output {
  'version': (string);
  'amountStaked': (string);
  'validatorCount': (number);
}
