import { getBlockchainById, listBlockchains } from './primary-network/blockchains.ts';
import {
  getLastActivityTimestampByAddresses,
  getLastActivityTimestampByAddressesV2,
  getChainIdsForAddresses,
} from './primary-network/activity.ts';
import { getAssetDetails, listAssetTransactions } from './primary-network/assets.ts';
import { getBalancesByAddresses } from './primary-network/balances.ts';
import {
  getBlockById,
  getVertexByHash,
  getVertexByHeight,
  listLatestPrimaryNetworkBlocks,
  listLatestXChainVertices,
  listPrimaryNetworkBlocksByNodeId,
} from './primary-network/blocks.ts';
import { getAvaxSupply } from './avax-supply.ts';
import {
  listHistoricalPrimaryNetworkRewards,
  listPendingPrimaryNetworkRewards,
} from './primary-network/rewards.ts';
import { getSubnetById, listSubnets } from './primary-network/subnets.ts';
import { getNetworkDetails } from './primary-network/network.ts';
import {
  getSingleValidatorDetails,
  listActivePrimaryNetworkStakingTransactions,
  listDelegators,
  listL1Validators,
  listValidators,
} from './primary-network/validators.ts';
import { getTxByHash, listLatestPrimaryNetworkTransactions } from './primary-network/transactions.ts';
import { getUtxosByAddresses, getUtxosByAddressesV2 } from './primary-network/utxos.ts';
import {
  getNativeBalance,
  listCollectibleBalances,
  listErc1155Balances,
  listErc20Balances,
  listErc721Balances,
} from './evm/balances.ts';
import {
  getBlock,
  getLatestBlocks,
  getTransactionsForBlock,
  listLatestBlocksAllChains,
} from './evm/blocks.ts';
import {
  listErc1155Transactions,
  listErc20Transactions,
  listErc721Transactions,
  listInternalTransactions,
  listNativeTransactions,
  listTransactionsV2,
} from './evm/address-transactions.ts';
import { getChainInfo, listAddressChains, supportedChains } from './evm/chains.ts';
import { getDeploymentTransaction, listContractDeployments, listTransfers } from './evm/contracts.ts';
import { getContractMetadata, getTokenDetails, listTokens, reindexNft } from './evm/tokens.ts';
import {
  getTransaction,
  listLatestTransactions,
  listLatestTransactionsAllChains,
  listTransactions,
} from './evm/transactions.ts';
import { getIcmMessage, listIcmMessages, listIcmMessagesByAddress } from './icm/messages.ts';
import { aggregateSignatures, getAggregatedSignatures } from './signature-aggregator.ts';
import { getOperationResult, postTransactionExportJob } from './operations.ts';
import type { DataRoute } from './route.ts';
import { dataHealthCheck, liveCheck } from './health.ts';
import { USAGE_ROUTES } from './usage.ts';

export type {
  DataRoute,
  EvmDataClient,
  ExportWorkerClient,
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
  listPrimaryNetworkBlocksByNodeId,
  getVertexByHeight,
  listLatestXChainVertices,
  getVertexByHash,
  listLatestPrimaryNetworkTransactions,
  getTxByHash,
  getUtxosByAddressesV2,
  getUtxosByAddresses,
  getBalancesByAddresses,
  getLastActivityTimestampByAddresses,
  getLastActivityTimestampByAddressesV2,
  getChainIdsForAddresses,
  getAssetDetails,
  listAssetTransactions,
  listHistoricalPrimaryNetworkRewards,
  listPendingPrimaryNetworkRewards,
  getNetworkDetails,
  listValidators,
  getSingleValidatorDetails,
  listDelegators,
  listL1Validators,
  listActivePrimaryNetworkStakingTransactions,
  getAvaxSupply,
];

/** The routes the evm-data service answers: the EVM chains and ICM. */
export const EVM_ROUTES: readonly DataRoute[] = [
  supportedChains,
  getChainInfo,
  getContractMetadata,
  getNativeBalance,
  listCollectibleBalances,
  listErc20Balances,
  listErc721Balances,
  listErc1155Balances,
  listAddressChains,
  listTransactions,
  listTransactionsV2,
  listNativeTransactions,
  listErc20Transactions,
  listErc721Transactions,
  listErc1155Transactions,
  listInternalTransactions,
  listTransfers,
  getDeploymentTransaction,
  listContractDeployments,
  getTransaction,
  listLatestBlocksAllChains,
  getLatestBlocks,
  getBlock,
  getTransactionsForBlock,
  listLatestTransactionsAllChains,
  listLatestTransactions,
  listTokens,
  reindexNft,
  getTokenDetails,
  listIcmMessagesByAddress,
  listIcmMessages,
  getIcmMessage,
];

/** The routes the signature-aggregator service answers (§4.1). */
export const SIGNATURE_AGGREGATOR_ROUTES: readonly DataRoute[] = [
  aggregateSignatures,
  getAggregatedSignatures,
];

/** The routes the export worker answers (§4.4). */
export const OPERATION_ROUTES: readonly DataRoute[] = [postTransactionExportJob, getOperationResult];

export const HEALTH_ROUTES: readonly DataRoute[] = [dataHealthCheck, liveCheck];

/** The routes the edge's request log answers: a key's own usage (docs/edge.md). */
export { USAGE_ROUTES };

export const DATA_ROUTES: readonly DataRoute[] = [
  ...HEALTH_ROUTES,
  ...PRIMARY_NETWORK_ROUTES,
  ...EVM_ROUTES,
  ...SIGNATURE_AGGREGATOR_ROUTES,
  ...OPERATION_ROUTES,
  ...USAGE_ROUTES,
];
