import { expect } from 'chai';
import { assertDataApiResponse } from './data-api-openapi.ts';
import { eventually } from './processes.ts';

/**
 * One valid request to every read operation gateway-data serves, against a stack following its devnet: each
 * answers 200 with a document the official OpenAPI document accepts. The identifiers a request needs (a block, a
 * token contract, a node, a vertex, an address) come from the devnet or from the answers before it, so the sweep
 * asks for things that exist, not for 404s.
 */
type Values = Record<string, string>;

interface SurfaceStep {
  operationId: string;
  /** The path template of the official document. */
  template: string;
  path: (v: Values) => string;
  body?: (v: Values) => unknown;
  /** Values later steps need, read from this answer. */
  learn?: (body: Record<string, unknown>, v: Values) => void;
}

/**
 * Operations the sweep leaves to their own tests: they change state or sign, they do not read (an export's
 * operation exists only once one is posted: test/integration/export-worker*.test.ts, and `up`'s test posts one), or
 * they answer only a caller with an API key (the usage routes: test/integration/gateway-data-usage.test.ts).
 */
export const NOT_SWEPT = new Set([
  'reindexNft',
  'aggregateSignatures',
  'getAggregatedSignatures',
  'postTransactionExportJob',
  'getOperationResult',
  'getApiUsageMetrics',
  'getApiLogs',
  'getSubnetRpcUsageMetrics',
  'getPrimaryNetworkRpcUsageMetrics',
]);

/** The value at a dotted path (array indices as numbers), as a string; the sweep fails naming it when absent. */
function at(body: unknown, path: string): string {
  let value: unknown = body;
  for (const key of path.split('.')) {
    value = value === null || typeof value !== 'object' ? undefined : (value as Record<string, unknown>)[key];
  }
  if (typeof value !== 'string' && typeof value !== 'number') {
    throw new Error(`the answer has no ${path}: ${JSON.stringify(body).slice(0, 600)}`);
  }
  return String(value);
}

const P = '/v1/networks/{network}/blockchains/{blockchainId}';
const C = '/v1/chains/{chainId}';
const ADDRESS = `${C}/addresses/{address}`;

const STEPS: SurfaceStep[] = [
  // The gateway's own health: what its routes read is up.
  { operationId: 'data-health-check', template: '/v1/health-check', path: () => '/v1/health-check' },
  { operationId: 'live-check', template: '/v1/live-check', path: () => '/v1/live-check' },
  // EVM chains, blocks and transactions.
  { operationId: 'supportedChains', template: '/v1/chains', path: () => '/v1/chains?network=fuji' },
  { operationId: 'getChainInfo', template: C, path: () => '/v1/chains/43113' },
  { operationId: 'listLatestBlocksAllChains', template: '/v1/blocks', path: () => '/v1/blocks?network=fuji' },
  {
    operationId: 'getLatestBlocks',
    template: `${C}/blocks`,
    path: () => '/v1/chains/43113/blocks?pageSize=5',
    learn: (b, v) => {
      v.blockHash = at(b, 'blocks.0.blockHash');
    },
  },
  {
    operationId: 'getBlock',
    template: `${C}/blocks/{blockId}`,
    path: (v) => `/v1/chains/43113/blocks/${v.blockHash}`,
  },
  {
    operationId: 'getTransactionsForBlock',
    template: `${C}/blocks/{blockId}/transactions`,
    // Block 1: the devnet's deployer creating its first contract.
    path: () => '/v1/chains/43113/blocks/1/transactions',
    learn: (b, v) => {
      v.evmAddress = at(b, 'transactions.0.from.address');
    },
  },
  {
    operationId: 'listLatestTransactionsAllChains',
    template: '/v1/transactions',
    path: () => '/v1/transactions?network=fuji',
  },
  {
    operationId: 'listLatestTransactions',
    template: `${C}/transactions`,
    path: () => '/v1/chains/43113/transactions?pageSize=1',
    learn: (b, v) => {
      v.txHash = at(b, 'transactions.0.txHash');
    },
  },
  {
    operationId: 'getTransaction',
    template: `${C}/transactions/{txHash}`,
    path: (v) => `/v1/chains/43113/transactions/${v.txHash}`,
  },
  // An EVM address: the devnet's deployer, who also moves tokens.
  {
    operationId: 'listTransactions',
    template: `${ADDRESS}/transactions`,
    path: (v) => `/v1/chains/43113/addresses/${v.evmAddress}/transactions`,
  },
  {
    operationId: 'listTransactionsV2',
    template: '/v2/chains/{chainId}/addresses/{address}/transactions',
    path: (v) => `/v2/chains/43113/addresses/${v.evmAddress}/transactions`,
  },
  {
    operationId: 'listNativeTransactions',
    template: `${ADDRESS}/transactions:listNative`,
    path: (v) => `/v1/chains/43113/addresses/${v.evmAddress}/transactions:listNative`,
  },
  {
    operationId: 'listErc20Transactions',
    template: `${ADDRESS}/transactions:listErc20`,
    path: (v) => `/v1/chains/43113/addresses/${v.evmAddress}/transactions:listErc20`,
  },
  {
    operationId: 'listErc721Transactions',
    template: `${ADDRESS}/transactions:listErc721`,
    path: (v) => `/v1/chains/43113/addresses/${v.evmAddress}/transactions:listErc721`,
  },
  {
    operationId: 'listErc1155Transactions',
    template: `${ADDRESS}/transactions:listErc1155`,
    path: (v) => `/v1/chains/43113/addresses/${v.evmAddress}/transactions:listErc1155`,
  },
  {
    operationId: 'listInternalTransactions',
    template: `${ADDRESS}/transactions:listInternals`,
    path: (v) => `/v1/chains/43113/addresses/${v.evmAddress}/transactions:listInternals`,
  },
  {
    operationId: 'getNativeBalance',
    template: `${ADDRESS}/balances:getNative`,
    path: (v) => `/v1/chains/43113/addresses/${v.evmAddress}/balances:getNative`,
  },
  {
    operationId: 'listErc20Balances',
    template: `${ADDRESS}/balances:listErc20`,
    path: (v) => `/v1/chains/43113/addresses/${v.evmAddress}/balances:listErc20?filterSpamTokens=false`,
  },
  {
    operationId: 'listErc721Balances',
    template: `${ADDRESS}/balances:listErc721`,
    path: (v) => `/v1/chains/43113/addresses/${v.evmAddress}/balances:listErc721`,
  },
  {
    operationId: 'listErc1155Balances',
    template: `${ADDRESS}/balances:listErc1155`,
    path: (v) => `/v1/chains/43113/addresses/${v.evmAddress}/balances:listErc1155`,
  },
  {
    operationId: 'listCollectibleBalances',
    template: `${ADDRESS}/balances:listCollectibles`,
    path: (v) => `/v1/chains/43113/addresses/${v.evmAddress}/balances:listCollectibles`,
  },
  {
    operationId: 'listAddressChains',
    template: '/v1/address/{address}/chains',
    path: (v) => `/v1/address/${v.evmAddress}/chains`,
  },
  // Token contracts: those the deployer deployed.
  {
    operationId: 'listContractDeployments',
    template: `${C}/contracts/{address}/deployments`,
    path: (v) => `/v1/chains/43113/contracts/${v.evmAddress}/deployments?pageSize=100`,
    learn: (b, v) => {
      const contracts = (b.contracts ?? []) as { ercType: string; address: string }[];
      v.erc20 = at(
        contracts.find((c) => c.ercType === 'ERC-20'),
        'address',
      );
      v.erc721 = at(
        contracts.find((c) => c.ercType === 'ERC-721'),
        'address',
      );
    },
  },
  {
    operationId: 'getDeploymentTransaction',
    template: `${C}/contracts/{address}/transactions:getDeployment`,
    path: (v) => `/v1/chains/43113/contracts/${v.erc20}/transactions:getDeployment`,
  },
  {
    operationId: 'listTransfers',
    template: `${C}/tokens/{address}/transfers`,
    path: (v) => `/v1/chains/43113/tokens/${v.erc20}/transfers`,
  },
  {
    operationId: 'getContractMetadata',
    template: ADDRESS,
    path: (v) => `/v1/chains/43113/addresses/${v.erc20}`,
  },
  {
    operationId: 'listTokens',
    template: `${C}/nfts/collections/{address}/tokens`,
    path: (v) => `/v1/chains/43113/nfts/collections/${v.erc721}/tokens`,
    learn: (b, v) => {
      v.tokenId = at(b, 'tokens.0.tokenId');
    },
  },
  {
    operationId: 'getTokenDetails',
    template: `${C}/nfts/collections/{address}/tokens/{tokenId}`,
    path: (v) => `/v1/chains/43113/nfts/collections/${v.erc721}/tokens/${v.tokenId}`,
  },
  // ICM.
  {
    operationId: 'listIcmMessages',
    template: '/v1/icm/messages',
    path: () => '/v1/icm/messages?network=fuji',
    learn: (b, v) => {
      v.messageId = at(b, 'messages.0.messageId');
      v.icmSender = at(b, 'messages.0.from');
    },
  },
  {
    operationId: 'getIcmMessage',
    template: '/v1/icm/messages/{messageId}',
    path: (v) => `/v1/icm/messages/${v.messageId}`,
  },
  {
    operationId: 'listIcmMessagesByAddress',
    template: '/v1/icm/addresses/{address}/messages',
    path: (v) => `/v1/icm/addresses/${v.icmSender}/messages?network=fuji`,
  },
  // The primary network.
  { operationId: 'getNetworkDetails', template: '/v1/networks/{network}', path: () => '/v1/networks/fuji' },
  {
    operationId: 'listBlockchains',
    template: '/v1/networks/{network}/blockchains',
    path: () => '/v1/networks/fuji/blockchains',
  },
  { operationId: 'getBlockchainById', template: P, path: () => '/v1/networks/fuji/blockchains/p-chain' },
  {
    operationId: 'listSubnets',
    template: '/v1/networks/{network}/subnets',
    path: () => '/v1/networks/fuji/subnets',
  },
  {
    operationId: 'getSubnetById',
    template: '/v1/networks/{network}/subnets/{subnetId}',
    path: (v) => `/v1/networks/fuji/subnets/${v.l1SubnetId}`,
  },
  {
    operationId: 'listValidators',
    template: '/v1/networks/{network}/validators',
    path: () => '/v1/networks/fuji/validators?validationStatus=active',
    learn: (b, v) => {
      v.nodeId = at(b, 'validators.0.nodeId');
    },
  },
  {
    operationId: 'getSingleValidatorDetails',
    template: '/v1/networks/{network}/validators/{nodeId}',
    path: (v) => `/v1/networks/fuji/validators/${v.nodeId}`,
  },
  {
    operationId: 'listDelegators',
    template: '/v1/networks/{network}/delegators',
    path: () => '/v1/networks/fuji/delegators',
  },
  {
    operationId: 'listL1Validators',
    template: '/v1/networks/{network}/l1Validators',
    path: (v) => `/v1/networks/fuji/l1Validators?subnetId=${v.l1SubnetId}`,
  },
  {
    operationId: 'listLatestPrimaryNetworkBlocks',
    template: `${P}/blocks`,
    path: () => '/v1/networks/fuji/blockchains/p-chain/blocks?pageSize=1',
    learn: (b, v) => {
      v.pBlockId = at(b, 'blocks.0.blockHash');
    },
  },
  {
    operationId: 'getBlockById',
    template: `${P}/blocks/{blockId}`,
    path: (v) => `/v1/networks/fuji/blockchains/p-chain/blocks/${v.pBlockId}`,
  },
  {
    operationId: 'listPrimaryNetworkBlocksByNodeId',
    template: `${P}/nodes/{nodeId}/blocks`,
    path: (v) => `/v1/networks/fuji/blockchains/p-chain/nodes/${v.nodeId}/blocks`,
  },
  {
    operationId: 'listLatestXChainVertices',
    template: `${P}/vertices`,
    path: () => '/v1/networks/fuji/blockchains/x-chain/vertices?pageSize=1',
    learn: (b, v) => {
      v.vertexHash = at(b, 'vertices.0.vertexHash');
    },
  },
  {
    operationId: 'getVertexByHash',
    template: `${P}/vertices/{vertexHash}`,
    path: (v) => `/v1/networks/fuji/blockchains/x-chain/vertices/${v.vertexHash}`,
  },
  {
    operationId: 'getVertexByHeight',
    template: `${P}/vertices:listByHeight`,
    path: () => '/v1/networks/fuji/blockchains/x-chain/vertices:listByHeight?vertexHeight=0',
  },
  {
    operationId: 'listLatestPrimaryNetworkTransactions',
    template: `${P}/transactions`,
    path: () => '/v1/networks/fuji/blockchains/p-chain/transactions?pageSize=50',
    learn: (b, v) => {
      const txs = (b.transactions ?? []) as { txHash: string; emittedUtxos?: { addresses: string[] }[] }[];
      const spending = txs.find((tx) => tx.emittedUtxos?.[0]?.addresses.length);
      v.pTxHash = at(spending, 'txHash');
      v.pAddress = at(spending, 'emittedUtxos.0.addresses.0');
    },
  },
  {
    operationId: 'getTxByHash',
    template: `${P}/transactions/{txHash}`,
    path: (v) => `/v1/networks/fuji/blockchains/p-chain/transactions/${v.pTxHash}`,
  },
  {
    operationId: 'listActivePrimaryNetworkStakingTransactions',
    template: `${P}/transactions:listStaking`,
    path: (v) => `/v1/networks/fuji/blockchains/p-chain/transactions:listStaking?addresses=${v.pAddress}`,
  },
  {
    operationId: 'getUtxosByAddresses',
    template: `${P}/utxos`,
    path: (v) => `/v1/networks/fuji/blockchains/p-chain/utxos?addresses=${v.pAddress}`,
  },
  {
    operationId: 'getUtxosByAddressesV2',
    template: `${P}/utxos`,
    path: () => '/v1/networks/fuji/blockchains/p-chain/utxos',
    body: (v) => ({ addresses: v.pAddress }),
  },
  {
    operationId: 'getBalancesByAddresses',
    template: `${P}/balances`,
    path: (v) => `/v1/networks/fuji/blockchains/x-chain/balances?addresses=${v.pAddress}`,
  },
  {
    operationId: 'getAssetDetails',
    template: `${P}/assets/{assetId}`,
    path: (v) => `/v1/networks/fuji/blockchains/x-chain/assets/${v.avax}`,
  },
  {
    operationId: 'listAssetTransactions',
    template: `${P}/assets/{assetId}/transactions`,
    path: (v) => `/v1/networks/fuji/blockchains/x-chain/assets/${v.avax}/transactions`,
  },
  {
    operationId: 'getLastActivityTimestampByAddresses',
    template: `${P}/lastActivityTimestampByAddresses`,
    path: (v) =>
      `/v1/networks/fuji/blockchains/p-chain/lastActivityTimestampByAddresses?addresses=${v.pAddress}`,
  },
  {
    operationId: 'getLastActivityTimestampByAddressesV2',
    template: `${P}/lastActivityTimestampByAddresses`,
    path: () => '/v1/networks/fuji/blockchains/p-chain/lastActivityTimestampByAddresses',
    body: (v) => ({ addresses: v.pAddress }),
  },
  {
    operationId: 'getChainIdsForAddresses',
    template: '/v1/networks/{network}/addresses:listChainIds',
    path: (v) => `/v1/networks/fuji/addresses:listChainIds?addresses=${v.pAddress}`,
  },
  {
    operationId: 'listHistoricalPrimaryNetworkRewards',
    template: '/v1/networks/{network}/rewards',
    path: (v) => `/v1/networks/fuji/rewards?nodeIds=${v.nodeId}`,
  },
  {
    operationId: 'listPendingPrimaryNetworkRewards',
    template: '/v1/networks/{network}/rewards:listPending',
    path: (v) => `/v1/networks/fuji/rewards:listPending?nodeIds=${v.nodeId}`,
  },
  { operationId: 'getAvaxSupply', template: '/v1/avax/supply', path: () => '/v1/avax/supply' },
];

/**
 * Sends the sweep's requests in order, each until it answers 200 (the stack may still be catching up), and checks
 * every answer against the official document. `served` is what gateway-data's /openapi.json lists: each served read
 * operation must have a step. `start` holds what the devnet gives: l1SubnetId (its L1's subnet) and avax (the X-Chain's
 * AVAX asset id).
 */
export async function sweepDataApi(gatewayUrl: string, served: string[], start: Values): Promise<string[]> {
  const missing = served.filter((id) => !NOT_SWEPT.has(id) && !STEPS.some((s) => s.operationId === id));
  expect(missing, 'served operations the sweep has no request for').to.deep.equal([]);
  const values = { ...start };
  const answered: string[] = [];
  for (const step of STEPS) {
    const path = step.path(values);
    const method = step.body ? 'POST' : 'GET';
    let reply: { status: number; body: Record<string, unknown> } = { status: 0, body: {} };
    await eventually(
      async () => {
        const response = await fetch(`${gatewayUrl}${path}`, {
          method,
          ...(step.body
            ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(step.body(values)) }
            : {}),
        });
        reply = { status: response.status, body: (await response.json()) as Record<string, unknown> };
        return reply.status === 200;
      },
      30_000,
      `${step.operationId} (${method} ${path}) answering 200`,
    ).catch((err: Error) => {
      throw new Error(
        `${err.message}; last answer ${reply.status}: ${JSON.stringify(reply.body).slice(0, 500)}`,
      );
    });
    assertDataApiResponse(method, step.template, reply.status, reply.body);
    step.learn?.(reply.body, values);
    answered.push(step.operationId);
  }
  return answered;
}
