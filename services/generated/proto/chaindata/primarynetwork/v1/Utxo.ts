// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto

import type { AssetAmount as _chaindata_primarynetwork_v1_AssetAmount, AssetAmount__Output as _chaindata_primarynetwork_v1_AssetAmount__Output } from '../../../chaindata/primarynetwork/v1/AssetAmount.ts';
import type { UtxoCredential as _chaindata_primarynetwork_v1_UtxoCredential, UtxoCredential__Output as _chaindata_primarynetwork_v1_UtxoCredential__Output } from '../../../chaindata/primarynetwork/v1/UtxoCredential.ts';

export interface Utxo {
  'addresses'?: (string)[];
  'asset'?: (_chaindata_primarynetwork_v1_AssetAmount | null);
  'consumedOnChainId'?: (string);
  'createdOnChainId'?: (string);
  'utxoId'?: (string);
  'creationTxHash'?: (string);
  'locktime'?: (number | string);
  'outputIndex'?: (string);
  'threshold'?: (number);
  'timestamp'?: (number | string);
  'utxoType'?: (string);
  'consumingTxHash'?: (string);
  'utxoBytes'?: (string);
  'consumingTxTimestamp'?: (number | string);
  'credentials'?: (_chaindata_primarynetwork_v1_UtxoCredential)[];
  'groupId'?: (number);
  'payload'?: (string);
  '_consumingTxHash'?: "consumingTxHash";
  '_utxoBytes'?: "utxoBytes";
  '_consumingTxTimestamp'?: "consumingTxTimestamp";
  '_groupId'?: "groupId";
  '_payload'?: "payload";
}

export interface Utxo__Output {
  'addresses': (string)[];
  'asset': (_chaindata_primarynetwork_v1_AssetAmount__Output | null);
  'consumedOnChainId': (string);
  'createdOnChainId': (string);
  'utxoId': (string);
  'creationTxHash': (string);
  'locktime': (number);
  'outputIndex': (string);
  'threshold': (number);
  'timestamp': (number);
  'utxoType': (string);
  'consumingTxHash'?: (string);
  'utxoBytes'?: (string);
  'consumingTxTimestamp'?: (number);
  'credentials': (_chaindata_primarynetwork_v1_UtxoCredential__Output)[];
  'groupId'?: (number);
  'payload'?: (string);
  '_consumingTxHash'?: "consumingTxHash";
  '_utxoBytes'?: "utxoBytes";
  '_consumingTxTimestamp'?: "consumingTxTimestamp";
  '_groupId'?: "groupId";
  '_payload'?: "payload";
}
