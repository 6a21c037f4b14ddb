// Original file: proto/chaindata/evmdata/v1/evm_data.proto


export interface PricingProviders {
  'coingeckoCoinId'?: (string);
  '_coingeckoCoinId'?: "coingeckoCoinId";
}

export interface PricingProviders__Output {
  'coingeckoCoinId'?: (string);
  '_coingeckoCoinId'?: "coingeckoCoinId";
}
