// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto

import type { AssetAmount as _chaindata_primarynetwork_v1_AssetAmount, AssetAmount__Output as _chaindata_primarynetwork_v1_AssetAmount__Output } from '../../../chaindata/primarynetwork/v1/AssetAmount.ts';
import type { EvmInput as _chaindata_primarynetwork_v1_EvmInput, EvmInput__Output as _chaindata_primarynetwork_v1_EvmInput__Output } from '../../../chaindata/primarynetwork/v1/EvmInput.ts';
import type { Utxo as _chaindata_primarynetwork_v1_Utxo, Utxo__Output as _chaindata_primarynetwork_v1_Utxo__Output } from '../../../chaindata/primarynetwork/v1/Utxo.ts';

export interface CChainExportTransaction {
  'txHash'?: (string);
  'blockHeight'?: (number | string);
  'blockHash'?: (string);
  'timestamp'?: (number | string);
  'memo'?: (string);
  'amountUnlocked'?: (_chaindata_primarynetwork_v1_AssetAmount)[];
  'amountCreated'?: (_chaindata_primarynetwork_v1_AssetAmount)[];
  'sourceChain'?: (string);
  'destinationChain'?: (string);
  'txType'?: (string);
  'evmInputs'?: (_chaindata_primarynetwork_v1_EvmInput)[];
  'emittedUtxos'?: (_chaindata_primarynetwork_v1_Utxo)[];
}

export interface CChainExportTransaction__Output {
  'txHash': (string);
  'blockHeight': (number);
  'blockHash': (string);
  'timestamp': (number);
  'memo': (string);
  'amountUnlocked': (_chaindata_primarynetwork_v1_AssetAmount__Output)[];
  'amountCreated': (_chaindata_primarynetwork_v1_AssetAmount__Output)[];
  'sourceChain': (string);
  'destinationChain': (string);
  'txType': (string);
  'evmInputs': (_chaindata_primarynetwork_v1_EvmInput__Output)[];
  'emittedUtxos': (_chaindata_primarynetwork_v1_Utxo__Output)[];
}
