// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto

import type { PChainBalance as _chaindata_primarynetwork_v1_PChainBalance, PChainBalance__Output as _chaindata_primarynetwork_v1_PChainBalance__Output } from '../../../chaindata/primarynetwork/v1/PChainBalance.ts';
import type { XChainBalances as _chaindata_primarynetwork_v1_XChainBalances, XChainBalances__Output as _chaindata_primarynetwork_v1_XChainBalances__Output } from '../../../chaindata/primarynetwork/v1/XChainBalances.ts';
import type { CChainAtomicBalances as _chaindata_primarynetwork_v1_CChainAtomicBalances, CChainAtomicBalances__Output as _chaindata_primarynetwork_v1_CChainAtomicBalances__Output } from '../../../chaindata/primarynetwork/v1/CChainAtomicBalances.ts';
import type { ChainInfo as _chaindata_primarynetwork_v1_ChainInfo, ChainInfo__Output as _chaindata_primarynetwork_v1_ChainInfo__Output } from '../../../chaindata/primarynetwork/v1/ChainInfo.ts';

export interface Balances {
  'pChain'?: (_chaindata_primarynetwork_v1_PChainBalance | null);
  'xChain'?: (_chaindata_primarynetwork_v1_XChainBalances | null);
  'cChain'?: (_chaindata_primarynetwork_v1_CChainAtomicBalances | null);
  'chainInfo'?: (_chaindata_primarynetwork_v1_ChainInfo | null);
  'kind'?: "pChain"|"xChain"|"cChain";
}

export interface Balances__Output {
  'pChain'?: (_chaindata_primarynetwork_v1_PChainBalance__Output | null);
  'xChain'?: (_chaindata_primarynetwork_v1_XChainBalances__Output | null);
  'cChain'?: (_chaindata_primarynetwork_v1_CChainAtomicBalances__Output | null);
  'chainInfo': (_chaindata_primarynetwork_v1_ChainInfo__Output | null);
  'kind'?: "pChain"|"xChain"|"cChain";
}
