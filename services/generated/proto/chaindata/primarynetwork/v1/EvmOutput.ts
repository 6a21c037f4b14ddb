// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto

import type { AssetAmount as _chaindata_primarynetwork_v1_AssetAmount, AssetAmount__Output as _chaindata_primarynetwork_v1_AssetAmount__Output } from '../../../chaindata/primarynetwork/v1/AssetAmount.ts';

export interface EvmOutput {
  'toAddress'?: (string);
  'asset'?: (_chaindata_primarynetwork_v1_AssetAmount | null);
}

export interface EvmOutput__Output {
  'toAddress': (string);
  'asset': (_chaindata_primarynetwork_v1_AssetAmount__Output | null);
}
