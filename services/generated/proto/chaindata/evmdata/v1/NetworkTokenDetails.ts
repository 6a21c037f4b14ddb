// Original file: proto/chaindata/evmdata/v1/evm_data.proto

import type { NetworkToken as _chaindata_evmdata_v1_NetworkToken, NetworkToken__Output as _chaindata_evmdata_v1_NetworkToken__Output } from '../../../chaindata/evmdata/v1/NetworkToken.ts';
import type { Money as _chaindata_evmdata_v1_Money, Money__Output as _chaindata_evmdata_v1_Money__Output } from '../../../chaindata/evmdata/v1/Money.ts';

export interface NetworkTokenDetails {
  'networkToken'?: (_chaindata_evmdata_v1_NetworkToken | null);
  'currentPrice'?: (_chaindata_evmdata_v1_Money | null);
  'historicalPrice'?: (_chaindata_evmdata_v1_Money | null);
  '_currentPrice'?: "currentPrice";
  '_historicalPrice'?: "historicalPrice";
}

export interface NetworkTokenDetails__Output {
  'networkToken': (_chaindata_evmdata_v1_NetworkToken__Output | null);
  'currentPrice'?: (_chaindata_evmdata_v1_Money__Output | null);
  'historicalPrice'?: (_chaindata_evmdata_v1_Money__Output | null);
  '_currentPrice'?: "currentPrice";
  '_historicalPrice'?: "historicalPrice";
}
