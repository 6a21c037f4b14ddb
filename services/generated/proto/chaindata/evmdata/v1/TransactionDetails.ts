// Original file: proto/chaindata/evmdata/v1/evm_data.proto

import type { NativeTransaction as _chaindata_evmdata_v1_NativeTransaction, NativeTransaction__Output as _chaindata_evmdata_v1_NativeTransaction__Output } from '../../../chaindata/evmdata/v1/NativeTransaction.ts';
import type { Erc20Transfer as _chaindata_evmdata_v1_Erc20Transfer, Erc20Transfer__Output as _chaindata_evmdata_v1_Erc20Transfer__Output } from '../../../chaindata/evmdata/v1/Erc20Transfer.ts';
import type { Erc721Transfer as _chaindata_evmdata_v1_Erc721Transfer, Erc721Transfer__Output as _chaindata_evmdata_v1_Erc721Transfer__Output } from '../../../chaindata/evmdata/v1/Erc721Transfer.ts';
import type { Erc1155Transfer as _chaindata_evmdata_v1_Erc1155Transfer, Erc1155Transfer__Output as _chaindata_evmdata_v1_Erc1155Transfer__Output } from '../../../chaindata/evmdata/v1/Erc1155Transfer.ts';
import type { InternalTransaction as _chaindata_evmdata_v1_InternalTransaction, InternalTransaction__Output as _chaindata_evmdata_v1_InternalTransaction__Output } from '../../../chaindata/evmdata/v1/InternalTransaction.ts';

export interface TransactionDetails {
  'nativeTransaction'?: (_chaindata_evmdata_v1_NativeTransaction | null);
  'erc20Transfers'?: (_chaindata_evmdata_v1_Erc20Transfer)[];
  'erc721Transfers'?: (_chaindata_evmdata_v1_Erc721Transfer)[];
  'erc1155Transfers'?: (_chaindata_evmdata_v1_Erc1155Transfer)[];
  'internalTransactions'?: (_chaindata_evmdata_v1_InternalTransaction)[];
}

export interface TransactionDetails__Output {
  'nativeTransaction': (_chaindata_evmdata_v1_NativeTransaction__Output | null);
  'erc20Transfers': (_chaindata_evmdata_v1_Erc20Transfer__Output)[];
  'erc721Transfers': (_chaindata_evmdata_v1_Erc721Transfer__Output)[];
  'erc1155Transfers': (_chaindata_evmdata_v1_Erc1155Transfer__Output)[];
  'internalTransactions': (_chaindata_evmdata_v1_InternalTransaction__Output)[];
}
