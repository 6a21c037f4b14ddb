// Original file: proto/chaindata/evmdata/v1/evm_data.proto

import type { Money as _chaindata_evmdata_v1_Money, Money__Output as _chaindata_evmdata_v1_Money__Output } from '../../../chaindata/evmdata/v1/Money.ts';

export interface Erc20TokenBalance {
  'address'?: (string);
  'name'?: (string);
  'symbol'?: (string);
  'decimals'?: (number);
  'logoUri'?: (string);
  'ercType'?: (string);
  'price'?: (_chaindata_evmdata_v1_Money | null);
  'chainId'?: (string);
  'balance'?: (string);
  'balanceValue'?: (_chaindata_evmdata_v1_Money | null);
  'tokenReputation'?: (string);
  '_logoUri'?: "logoUri";
  '_price'?: "price";
  '_balanceValue'?: "balanceValue";
  '_tokenReputation'?: "tokenReputation";
}

export interface Erc20TokenBalance__Output {
  'address': (string);
  'name': (string);
  'symbol': (string);
  'decimals': (number);
  'logoUri'?: (string);
  'ercType': (string);
  'price'?: (_chaindata_evmdata_v1_Money__Output | null);
  'chainId': (string);
  'balance': (string);
  'balanceValue'?: (_chaindata_evmdata_v1_Money__Output | null);
  'tokenReputation'?: (string);
  '_logoUri'?: "logoUri";
  '_price'?: "price";
  '_balanceValue'?: "balanceValue";
  '_tokenReputation'?: "tokenReputation";
}
