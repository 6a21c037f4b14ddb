// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto

import type { PChainTransaction as _chaindata_primarynetwork_v1_PChainTransaction, PChainTransaction__Output as _chaindata_primarynetwork_v1_PChainTransaction__Output } from '../../../chaindata/primarynetwork/v1/PChainTransaction.ts';
import type { XChainNonLinearTransaction as _chaindata_primarynetwork_v1_XChainNonLinearTransaction, XChainNonLinearTransaction__Output as _chaindata_primarynetwork_v1_XChainNonLinearTransaction__Output } from '../../../chaindata/primarynetwork/v1/XChainNonLinearTransaction.ts';
import type { XChainLinearTransaction as _chaindata_primarynetwork_v1_XChainLinearTransaction, XChainLinearTransaction__Output as _chaindata_primarynetwork_v1_XChainLinearTransaction__Output } from '../../../chaindata/primarynetwork/v1/XChainLinearTransaction.ts';
import type { CChainExportTransaction as _chaindata_primarynetwork_v1_CChainExportTransaction, CChainExportTransaction__Output as _chaindata_primarynetwork_v1_CChainExportTransaction__Output } from '../../../chaindata/primarynetwork/v1/CChainExportTransaction.ts';
import type { CChainImportTransaction as _chaindata_primarynetwork_v1_CChainImportTransaction, CChainImportTransaction__Output as _chaindata_primarynetwork_v1_CChainImportTransaction__Output } from '../../../chaindata/primarynetwork/v1/CChainImportTransaction.ts';

export interface Transaction {
  'pChain'?: (_chaindata_primarynetwork_v1_PChainTransaction | null);
  'xChainNonLinear'?: (_chaindata_primarynetwork_v1_XChainNonLinearTransaction | null);
  'xChainLinear'?: (_chaindata_primarynetwork_v1_XChainLinearTransaction | null);
  'cChainExport'?: (_chaindata_primarynetwork_v1_CChainExportTransaction | null);
  'cChainImport'?: (_chaindata_primarynetwork_v1_CChainImportTransaction | null);
  'kind'?: "pChain"|"xChainNonLinear"|"xChainLinear"|"cChainExport"|"cChainImport";
}

export interface Transaction__Output {
  'pChain'?: (_chaindata_primarynetwork_v1_PChainTransaction__Output | null);
  'xChainNonLinear'?: (_chaindata_primarynetwork_v1_XChainNonLinearTransaction__Output | null);
  'xChainLinear'?: (_chaindata_primarynetwork_v1_XChainLinearTransaction__Output | null);
  'cChainExport'?: (_chaindata_primarynetwork_v1_CChainExportTransaction__Output | null);
  'cChainImport'?: (_chaindata_primarynetwork_v1_CChainImportTransaction__Output | null);
  'kind'?: "pChain"|"xChainNonLinear"|"xChainLinear"|"cChainExport"|"cChainImport";
}
