// Original file: proto/chaindata/evmdata/v1/evm_data.proto

import type { Erc20TransferEntry as _chaindata_evmdata_v1_Erc20TransferEntry, Erc20TransferEntry__Output as _chaindata_evmdata_v1_Erc20TransferEntry__Output } from '../../../chaindata/evmdata/v1/Erc20TransferEntry.ts';
import type { Erc721TransferEntry as _chaindata_evmdata_v1_Erc721TransferEntry, Erc721TransferEntry__Output as _chaindata_evmdata_v1_Erc721TransferEntry__Output } from '../../../chaindata/evmdata/v1/Erc721TransferEntry.ts';
import type { Erc1155TransferEntry as _chaindata_evmdata_v1_Erc1155TransferEntry, Erc1155TransferEntry__Output as _chaindata_evmdata_v1_Erc1155TransferEntry__Output } from '../../../chaindata/evmdata/v1/Erc1155TransferEntry.ts';

export interface TokenTransfer {
  'erc20'?: (_chaindata_evmdata_v1_Erc20TransferEntry | null);
  'erc721'?: (_chaindata_evmdata_v1_Erc721TransferEntry | null);
  'erc1155'?: (_chaindata_evmdata_v1_Erc1155TransferEntry | null);
  'kind'?: "erc20"|"erc721"|"erc1155";
}

export interface TokenTransfer__Output {
  'erc20'?: (_chaindata_evmdata_v1_Erc20TransferEntry__Output | null);
  'erc721'?: (_chaindata_evmdata_v1_Erc721TransferEntry__Output | null);
  'erc1155'?: (_chaindata_evmdata_v1_Erc1155TransferEntry__Output | null);
  'kind'?: "erc20"|"erc721"|"erc1155";
}
