// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto

import type { AssetAmount as _chaindata_primarynetwork_v1_AssetAmount, AssetAmount__Output as _chaindata_primarynetwork_v1_AssetAmount__Output } from '../../../chaindata/primarynetwork/v1/AssetAmount.ts';
import type { UtxoCredential as _chaindata_primarynetwork_v1_UtxoCredential, UtxoCredential__Output as _chaindata_primarynetwork_v1_UtxoCredential__Output } from '../../../chaindata/primarynetwork/v1/UtxoCredential.ts';

export interface EvmInput {
  'fromAddress'?: (string);
  'asset'?: (_chaindata_primarynetwork_v1_AssetAmount | null);
  'credentials'?: (_chaindata_primarynetwork_v1_UtxoCredential)[];
}

export interface EvmInput__Output {
  'fromAddress': (string);
  'asset': (_chaindata_primarynetwork_v1_AssetAmount__Output | null);
  'credentials': (_chaindata_primarynetwork_v1_UtxoCredential__Output)[];
}
