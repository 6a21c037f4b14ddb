// Original file: proto/chaindata/evmdata/v1/evm_data.proto

import type { Erc20Transfer as _chaindata_evmdata_v1_Erc20Transfer, Erc20Transfer__Output as _chaindata_evmdata_v1_Erc20Transfer__Output } from '../../../chaindata/evmdata/v1/Erc20Transfer.ts';
import type { Erc721Transfer as _chaindata_evmdata_v1_Erc721Transfer, Erc721Transfer__Output as _chaindata_evmdata_v1_Erc721Transfer__Output } from '../../../chaindata/evmdata/v1/Erc721Transfer.ts';
import type { Erc1155Transfer as _chaindata_evmdata_v1_Erc1155Transfer, Erc1155Transfer__Output as _chaindata_evmdata_v1_Erc1155Transfer__Output } from '../../../chaindata/evmdata/v1/Erc1155Transfer.ts';
import type { InternalTransaction as _chaindata_evmdata_v1_InternalTransaction, InternalTransaction__Output as _chaindata_evmdata_v1_InternalTransaction__Output } from '../../../chaindata/evmdata/v1/InternalTransaction.ts';
import type { NetworkTokenDetails as _chaindata_evmdata_v1_NetworkTokenDetails, NetworkTokenDetails__Output as _chaindata_evmdata_v1_NetworkTokenDetails__Output } from '../../../chaindata/evmdata/v1/NetworkTokenDetails.ts';
import type { FullNativeTransaction as _chaindata_evmdata_v1_FullNativeTransaction, FullNativeTransaction__Output as _chaindata_evmdata_v1_FullNativeTransaction__Output } from '../../../chaindata/evmdata/v1/FullNativeTransaction.ts';
import type { TeleporterMessageInfo as _chaindata_evmdata_v1_TeleporterMessageInfo, TeleporterMessageInfo__Output as _chaindata_evmdata_v1_TeleporterMessageInfo__Output } from '../../../chaindata/evmdata/v1/TeleporterMessageInfo.ts';

export interface GetTransactionResponse {
  'erc20Transfers'?: (_chaindata_evmdata_v1_Erc20Transfer)[];
  'erc721Transfers'?: (_chaindata_evmdata_v1_Erc721Transfer)[];
  'erc1155Transfers'?: (_chaindata_evmdata_v1_Erc1155Transfer)[];
  'internalTransactions'?: (_chaindata_evmdata_v1_InternalTransaction)[];
  'networkTokenDetails'?: (_chaindata_evmdata_v1_NetworkTokenDetails | null);
  'nativeTransaction'?: (_chaindata_evmdata_v1_FullNativeTransaction | null);
  'teleporterMessageInfo'?: (_chaindata_evmdata_v1_TeleporterMessageInfo | null);
  '_teleporterMessageInfo'?: "teleporterMessageInfo";
}

export interface GetTransactionResponse__Output {
  'erc20Transfers': (_chaindata_evmdata_v1_Erc20Transfer__Output)[];
  'erc721Transfers': (_chaindata_evmdata_v1_Erc721Transfer__Output)[];
  'erc1155Transfers': (_chaindata_evmdata_v1_Erc1155Transfer__Output)[];
  'internalTransactions': (_chaindata_evmdata_v1_InternalTransaction__Output)[];
  'networkTokenDetails': (_chaindata_evmdata_v1_NetworkTokenDetails__Output | null);
  'nativeTransaction': (_chaindata_evmdata_v1_FullNativeTransaction__Output | null);
  'teleporterMessageInfo'?: (_chaindata_evmdata_v1_TeleporterMessageInfo__Output | null);
  '_teleporterMessageInfo'?: "teleporterMessageInfo";
}
