// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto

import type { AssetAmount as _chaindata_primarynetwork_v1_AssetAmount, AssetAmount__Output as _chaindata_primarynetwork_v1_AssetAmount__Output } from '../../../chaindata/primarynetwork/v1/AssetAmount.ts';
import type { EvmOutput as _chaindata_primarynetwork_v1_EvmOutput, EvmOutput__Output as _chaindata_primarynetwork_v1_EvmOutput__Output } from '../../../chaindata/primarynetwork/v1/EvmOutput.ts';
import type { Utxo as _chaindata_primarynetwork_v1_Utxo, Utxo__Output as _chaindata_primarynetwork_v1_Utxo__Output } from '../../../chaindata/primarynetwork/v1/Utxo.ts';

export interface CChainImportTransaction {
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
  'evmOutputs'?: (_chaindata_primarynetwork_v1_EvmOutput)[];
  'consumedUtxos'?: (_chaindata_primarynetwork_v1_Utxo)[];
}

export interface CChainImportTransaction__Output {
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
  'evmOutputs': (_chaindata_primarynetwork_v1_EvmOutput__Output)[];
  'consumedUtxos': (_chaindata_primarynetwork_v1_Utxo__Output)[];
}
