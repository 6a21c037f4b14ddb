// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto

import type { Money as _chaindata_primarynetwork_v1_Money, Money__Output as _chaindata_primarynetwork_v1_Money__Output } from '../../../chaindata/primarynetwork/v1/Money.ts';

export interface AssetAmount {
  'assetId'?: (string);
  'name'?: (string);
  'symbol'?: (string);
  'denomination'?: (number);
  'type'?: (string);
  'amount'?: (string);
  'historicalPrice'?: (_chaindata_primarynetwork_v1_Money | null);
}

export interface AssetAmount__Output {
  'assetId': (string);
  'name': (string);
  'symbol': (string);
  'denomination': (number);
  'type': (string);
  'amount': (string);
  'historicalPrice': (_chaindata_primarynetwork_v1_Money__Output | null);
}
