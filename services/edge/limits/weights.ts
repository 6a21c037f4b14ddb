/**
 * What a request costs in compute units (CUs). The official API documents class each operation
 * (`x-execution-weight`: free, small, medium, large, xl, xxl) and each node RPC method
 * (`x-rpc-method-execution-weights`); the classes' CUs are the published ones: the Data API's for the Data API and
 * node RPC, the Metrics API's own (larger) ones for the Metrics API. An operation the documents do not class costs
 * `medium`, as the Data API's documentation says of unmarked routes. Health routes cost nothing and are never
 * refused: probes must not be rate limited out of a healthy answer.
 */
export type WeightClass = 'free' | 'small' | 'medium' | 'large' | 'xl' | 'xxl';

export const DEFAULT_WEIGHT_CLASS: WeightClass = 'medium';

export const DATA_API_CUS: Readonly<Record<WeightClass, number>> = {
  free: 1,
  small: 10,
  medium: 20,
  large: 50,
  xl: 100,
  xxl: 200,
};

/** The Metrics API's rate-limit page; `free` is not on it and costs what it does on the Data API. */
export const METRICS_API_CUS: Readonly<Record<WeightClass, number>> = {
  free: 1,
  small: 20,
  medium: 100,
  large: 500,
  xl: 1000,
  xxl: 3000,
};

/** The Data API operations the gateway serves whose class is not `medium`, as the official document classes them. */
export const DATA_API_WEIGHTS: Readonly<Record<string, WeightClass>> = {
  reindexNft: 'small',
  getOperationResult: 'small',
  listLatestPrimaryNetworkTransactions: 'xl',
  listActivePrimaryNetworkStakingTransactions: 'xl',
  listPendingPrimaryNetworkRewards: 'xl',
  listHistoricalPrimaryNetworkRewards: 'xl',
  getUtxosByAddresses: 'xl',
  getUtxosByAddressesV2: 'xl',
  getLastActivityTimestampByAddresses: 'xl',
  getLastActivityTimestampByAddressesV2: 'xl',
  getBalancesByAddresses: 'xl',
  getBlockById: 'xl',
  getAssetDetails: 'xl',
  listAssetTransactions: 'xl',
  getChainIdsForAddresses: 'xl',
  getNetworkDetails: 'xl',
  getApiUsageMetrics: 'xxl',
  getApiLogs: 'xxl',
  getSubnetRpcUsageMetrics: 'xxl',
  getPrimaryNetworkRpcUsageMetrics: 'xxl',
  getAvaxSupply: 'free',
  getLatestBlocks: 'small',
  getBlock: 'small',
  supportedChains: 'free',
  getChainInfo: 'free',
};

/** The Metrics API operations whose class is not `medium`, as its official document classes them. */
export const METRICS_API_WEIGHTS: Readonly<Record<string, WeightClass>> = {
  listChains: 'free',
  getChain: 'free',
  getEvmChainMetrics: 'small',
  getEvmChainRollingWindowMetrics: 'small',
  getICMTimeseries: 'small',
  getICMSummary: 'small',
  getStakingMetrics: 'small',
  getNftHoldersByContractAddress: 'large',
  getAddressesByBalanceOverTime: 'xl',
  getAddressesByBtcbBridged: 'large',
  getValidatorsByDateRange: 'large',
  compositeQueryV1: 'xxl',
  compositeQueryV2: 'xxl',
};

/** The node RPC methods the Data API's document classes (`x-rpc-method-execution-weights`); others are medium. */
export const RPC_METHOD_WEIGHTS: Readonly<Record<string, WeightClass>> = {
  eth_accounts: 'free',
  eth_blockNumber: 'small',
  eth_call: 'small',
  eth_coinbase: 'small',
  eth_chainId: 'free',
  eth_gasPrice: 'small',
  eth_getBalance: 'small',
  eth_getBlockByHash: 'small',
  eth_getBlockByNumber: 'small',
  eth_getBlockTransactionCountByNumber: 'medium',
  eth_getCode: 'medium',
  eth_getLogs: 'xxl',
  eth_getStorageAt: 'medium',
  eth_getTransactionByBlockNumberAndIndex: 'medium',
  eth_getTransactionByHash: 'small',
  eth_getTransactionCount: 'small',
  eth_getTransactionReceipt: 'small',
  eth_signTransaction: 'medium',
  eth_sendTransaction: 'medium',
  eth_sign: 'medium',
  eth_sendRawTransaction: 'small',
  eth_syncing: 'free',
  net_listening: 'free',
  net_peerCount: 'medium',
  net_version: 'free',
  web3_clientVersion: 'small',
  web3_sha3: 'small',
  eth_newPendingTransactionFilter: 'medium',
  eth_maxPriorityFeePerGas: 'small',
  eth_baseFee: 'small',
  rpc_modules: 'free',
  eth_getChainConfig: 'small',
  eth_feeConfig: 'small',
  eth_getActivePrecompilesAt: 'small',
};

/** The health routes of both APIs: free of charge and never refused. */
export const HEALTH_OPERATIONS: ReadonlySet<string> = new Set([
  'data-health-check',
  'live-check',
  'metrics-health-check',
  'metrics-live-check',
]);

export interface ApiWeights {
  weights: Readonly<Record<string, WeightClass>>;
  cus: Readonly<Record<WeightClass, number>>;
}

export const DATA_API: ApiWeights = { weights: DATA_API_WEIGHTS, cus: DATA_API_CUS };
export const METRICS_API: ApiWeights = { weights: METRICS_API_WEIGHTS, cus: METRICS_API_CUS };

/** The CUs of a Data API or Metrics API operation. */
export function operationCost(operationId: string, api: ApiWeights): number {
  if (HEALTH_OPERATIONS.has(operationId)) return 0;
  return api.cus[api.weights[operationId] ?? DEFAULT_WEIGHT_CLASS];
}

/** The CUs of node RPC calls: a batch costs what its calls cost together. */
export function rpcCost(methods: readonly string[]): number {
  let total = 0;
  for (const method of methods) total += DATA_API_CUS[RPC_METHOD_WEIGHTS[method] ?? DEFAULT_WEIGHT_CLASS];
  return total;
}
