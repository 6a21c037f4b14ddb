import { getBlockchainById, listBlockchains } from './primary-network/blockchains.ts';
import { getBlockById, getVertexByHeight, listLatestPrimaryNetworkBlocks } from './primary-network/blocks.ts';
import {
  listHistoricalPrimaryNetworkRewards,
  listPendingPrimaryNetworkRewards,
} from './primary-network/rewards.ts';
import { getSubnetById, listSubnets } from './primary-network/subnets.ts';
import { getTxByHash, listLatestPrimaryNetworkTransactions } from './primary-network/transactions.ts';
import { getUtxosByAddresses, getUtxosByAddressesV2 } from './primary-network/utxos.ts';
import { getNativeBalance, listCollectibleBalances } from './evm/balances.ts';
import {
  getBlock,
  getLatestBlocks,
  getTransactionsForBlock,
  listLatestBlocksAllChains,
} from './evm/blocks.ts';
import { getChainInfo, supportedChains } from './evm/chains.ts';
import { getContractMetadata, listTokens, reindexNft } from './evm/tokens.ts';
import {
  getTransaction,
  listLatestTransactions,
  listLatestTransactionsAllChains,
  listTransactions,
} from './evm/transactions.ts';
import { listIcmMessagesByAddress } from './icm/messages.ts';
import { aggregateSignatures, getAggregatedSignatures } from './signature-aggregator.ts';
import type { DataRoute } from './route.ts';

export type {
  DataRoute,
  EvmDataClient,
  PrimaryNetworkClient,
  RawRequest,
  RouteServices,
  SignatureAggregatorClient,
} from './route.ts';

export const PRIMARY_NETWORK_ROUTES: readonly DataRoute[] = [
  listBlockchains,
  getBlockchainById,
  listSubnets,
  getSubnetById,
  listLatestPrimaryNetworkBlocks,
  getBlockById,
  getVertexByHeight,
  listLatestPrimaryNetworkTransactions,
  getTxByHash,
  getUtxosByAddressesV2,
  getUtxosByAddresses,
  listHistoricalPrimaryNetworkRewards,
  listPendingPrimaryNetworkRewards,
];

/** The routes the evm-data service answers: the EVM chains and ICM. */
export const EVM_ROUTES: readonly DataRoute[] = [
  supportedChains,
  getChainInfo,
  getContractMetadata,
  getNativeBalance,
  listCollectibleBalances,
  listTransactions,
  getTransaction,
  listLatestBlocksAllChains,
  getLatestBlocks,
  getBlock,
  getTransactionsForBlock,
  listLatestTransactionsAllChains,
  listLatestTransactions,
  listTokens,
  reindexNft,
  listIcmMessagesByAddress,
];

/** The routes the signature-aggregator service answers (§4.1). */
export const SIGNATURE_AGGREGATOR_ROUTES: readonly DataRoute[] = [
  aggregateSignatures,
  getAggregatedSignatures,
];

export const DATA_ROUTES: readonly DataRoute[] = [
  ...PRIMARY_NETWORK_ROUTES,
  ...EVM_ROUTES,
  ...SIGNATURE_AGGREGATOR_ROUTES,
];
