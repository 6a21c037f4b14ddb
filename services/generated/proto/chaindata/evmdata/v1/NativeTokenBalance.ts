// Original file: proto/chaindata/evmdata/v1/evm_data.proto

import type { Money as _chaindata_evmdata_v1_Money, Money__Output as _chaindata_evmdata_v1_Money__Output } from '../../../chaindata/evmdata/v1/Money.ts';

export interface NativeTokenBalance {
  'name'?: (string);
  'symbol'?: (string);
  'decimals'?: (number);
  'logoUri'?: (string);
  'chainId'?: (string);
  'price'?: (_chaindata_evmdata_v1_Money | null);
  'balance'?: (string);
  'balanceValue'?: (_chaindata_evmdata_v1_Money | null);
  '_logoUri'?: "logoUri";
  '_price'?: "price";
  '_balanceValue'?: "balanceValue";
}

export interface NativeTokenBalance__Output {
  'name': (string);
  'symbol': (string);
  'decimals': (number);
  'logoUri'?: (string);
  'chainId': (string);
  'price'?: (_chaindata_evmdata_v1_Money__Output | null);
  'balance': (string);
  'balanceValue'?: (_chaindata_evmdata_v1_Money__Output | null);
  '_logoUri'?: "logoUri";
  '_price'?: "price";
  '_balanceValue'?: "balanceValue";
}
