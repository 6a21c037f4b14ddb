// Original file: proto/chaindata/evmdata/v1/evm_data.proto

import type { Money as _chaindata_evmdata_v1_Money, Money__Output as _chaindata_evmdata_v1_Money__Output } from '../../../chaindata/evmdata/v1/Money.ts';

export interface IcmRewardDetails {
  'address'?: (string);
  'name'?: (string);
  'symbol'?: (string);
  'decimals'?: (number);
  'logoUri'?: (string);
  'ercType'?: (string);
  'price'?: (_chaindata_evmdata_v1_Money | null);
  'value'?: (string);
  '_logoUri'?: "logoUri";
  '_price'?: "price";
}

export interface IcmRewardDetails__Output {
  'address': (string);
  'name': (string);
  'symbol': (string);
  'decimals': (number);
  'logoUri'?: (string);
  'ercType': (string);
  'price'?: (_chaindata_evmdata_v1_Money__Output | null);
  'value': (string);
  '_logoUri'?: "logoUri";
  '_price'?: "price";
}
