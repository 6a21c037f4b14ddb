// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto

import type { Utxo as _chaindata_primarynetwork_v1_Utxo, Utxo__Output as _chaindata_primarynetwork_v1_Utxo__Output } from '../../../chaindata/primarynetwork/v1/Utxo.ts';
import type { AssetAmount as _chaindata_primarynetwork_v1_AssetAmount, AssetAmount__Output as _chaindata_primarynetwork_v1_AssetAmount__Output } from '../../../chaindata/primarynetwork/v1/AssetAmount.ts';
import type { XChainAssetDetails as _chaindata_primarynetwork_v1_XChainAssetDetails, XChainAssetDetails__Output as _chaindata_primarynetwork_v1_XChainAssetDetails__Output } from '../../../chaindata/primarynetwork/v1/XChainAssetDetails.ts';

export interface XChainLinearTransaction {
  'txHash'?: (string);
  'chainFormat'?: (string);
  'timestamp'?: (number | string);
  'txType'?: (string);
  'memo'?: (string);
  'consumedUtxos'?: (_chaindata_primarynetwork_v1_Utxo)[];
  'emittedUtxos'?: (_chaindata_primarynetwork_v1_Utxo)[];
  'amountUnlocked'?: (_chaindata_primarynetwork_v1_AssetAmount)[];
  'amountCreated'?: (_chaindata_primarynetwork_v1_AssetAmount)[];
  'sourceChain'?: (string);
  'destinationChain'?: (string);
  'assetCreated'?: (_chaindata_primarynetwork_v1_XChainAssetDetails | null);
  'blockHeight'?: (number | string);
  'blockHash'?: (string);
  '_sourceChain'?: "sourceChain";
  '_destinationChain'?: "destinationChain";
}

export interface XChainLinearTransaction__Output {
  'txHash': (string);
  'chainFormat': (string);
  'timestamp': (number);
  'txType': (string);
  'memo': (string);
  'consumedUtxos': (_chaindata_primarynetwork_v1_Utxo__Output)[];
  'emittedUtxos': (_chaindata_primarynetwork_v1_Utxo__Output)[];
  'amountUnlocked': (_chaindata_primarynetwork_v1_AssetAmount__Output)[];
  'amountCreated': (_chaindata_primarynetwork_v1_AssetAmount__Output)[];
  'sourceChain'?: (string);
  'destinationChain'?: (string);
  'assetCreated': (_chaindata_primarynetwork_v1_XChainAssetDetails__Output | null);
  'blockHeight': (number);
  'blockHash': (string);
  '_sourceChain'?: "sourceChain";
  '_destinationChain'?: "destinationChain";
}
