import { expect } from 'chai';
import { pino } from 'pino';
import type { ProtoGrpcType } from '../../services/generated/proto/evm_data.ts';
import type { EvmDataServiceHandlers } from '../../services/generated/proto/chaindata/evmdata/v1/EvmDataService.ts';
import type { ChainInfo } from '../../services/generated/proto/chaindata/evmdata/v1/ChainInfo.ts';
import { DATA_ROUTES, EVM_ROUTES, type EvmDataClient } from '../../services/gateway-data/routes/index.ts';
import { IDENTITIES } from '../../services/runtime/avalanche/networks.ts';
import { DomainError } from '../../services/runtime/errors.ts';
import { encodeCb58 } from '../../services/runtime/formatting/cb58.ts';
import { createGrpcClient } from '../../services/runtime/grpc/client.ts';
import { loadProto } from '../../services/runtime/grpc/proto.ts';
import {
  implementService,
  startGrpcServer,
  type AsyncImplementation,
  type GrpcServer,
} from '../../services/runtime/grpc/server.ts';
import {
  assertDataApiResponse,
  dataApiDocument,
  validateDataApiResponse,
} from '../support/data-api-openapi.ts';
import { countingClient, gatewayRequest, startTestDataGateway } from '../support/data-gateway.ts';
import { freePort } from '../support/processes.ts';

/**
 * gateway-data's EVM routes in-process, driven over HTTP with fetch. Without an evm-data service behind it: every
 * bad parameter of every EVM route is a 400 naming it, in the API's error body, before any gRPC call. With a fake
 * evm-data service (a real gRPC server): the answers are the official documents, page tokens are bound to the
 * query, the reindex route answers 201 with no body, and the service's refusal of a second reindex within the
 * hour leaves as a 429 with its retry-after.
 */

const silent = pino({ level: 'silent' });
const proto = loadProto<ProtoGrpcType>('chaindata/evmdata/v1/evm_data.proto');
const EvmDataService = proto.chaindata.evmdata.v1.EvmDataService;

const { fuji, mainnet } = IDENTITIES;
const SECRET = 'gateway-data-evm-test-page-token-secret';

/** A wallet in EIP-55 mixed case, as the service writes addresses; clients may send any case. */
const WALLET = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F';
const WALLET_BYTES = Buffer.from(WALLET.slice(2), 'hex');
const OTHER_WALLET = '0x8578AE7723751446B196bD5124e1bF57B40EB7Bc';
const NFT_CONTRACT = '0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E';
const ERC20_CONTRACT = '0xB31f66AA3C1e785363F0875A1B74E27b85FD66c7';
const TX_HASH = '0x8bf584d7b14b92a32a339872a66b134a70ba3ba7c305823f348db6f860253f45';
const BLOCK_HASH = '0x2f4a8b0a4c8a1bcdcafa7bbf1e1cfbda5a8bb6eaf51d45cb8ab0b4ab9f9c7e10';
const L1_BLOCKCHAIN_ID = encodeCb58(new Uint8Array(32).fill(5));
const BAD_CHECKSUM_ID = `${fuji.cChainId.slice(0, -1)}${fuji.cChainId.endsWith('p') ? 'q' : 'p'}`;
/** The fake service does not index this chain. */
const UNKNOWN_CHAIN = '99999';

const T = {
  chains: '/v1/chains',
  chain: '/v1/chains/{chainId}',
  contract: '/v1/chains/{chainId}/addresses/{address}',
  nativeBalance: '/v1/chains/{chainId}/addresses/{address}/balances:getNative',
  collectibles: '/v1/chains/{chainId}/addresses/{address}/balances:listCollectibles',
  transactions: '/v1/chains/{chainId}/addresses/{address}/transactions',
  transaction: '/v1/chains/{chainId}/transactions/{txHash}',
  tokens: '/v1/chains/{chainId}/nfts/collections/{address}/tokens',
  reindex: '/v1/chains/{chainId}/nfts/collections/{address}/tokens/{tokenId}:reindex',
  icmMessages: '/v1/icm/addresses/{address}/messages',
  latestBlocks: '/v1/chains/{chainId}/blocks',
  block: '/v1/chains/{chainId}/blocks/{blockId}',
  blockTransactions: '/v1/chains/{chainId}/blocks/{blockId}/transactions',
  allBlocks: '/v1/blocks',
  latestTransactions: '/v1/chains/{chainId}/transactions',
  allTransactions: '/v1/transactions',
  nativeTransactions: '/v1/chains/{chainId}/addresses/{address}/transactions:listNative',
  erc20Transactions: '/v1/chains/{chainId}/addresses/{address}/transactions:listErc20',
  erc721Transactions: '/v1/chains/{chainId}/addresses/{address}/transactions:listErc721',
  erc1155Transactions: '/v1/chains/{chainId}/addresses/{address}/transactions:listErc1155',
  internalTransactions: '/v1/chains/{chainId}/addresses/{address}/transactions:listInternals',
  transactionsV2: '/v2/chains/{chainId}/addresses/{address}/transactions',
  tokenTransfers: '/v1/chains/{chainId}/tokens/{address}/transfers',
  deployment: '/v1/chains/{chainId}/contracts/{address}/transactions:getDeployment',
  deployments: '/v1/chains/{chainId}/contracts/{address}/deployments',
  erc20Balances: '/v1/chains/{chainId}/addresses/{address}/balances:listErc20',
  erc721Balances: '/v1/chains/{chainId}/addresses/{address}/balances:listErc721',
  erc1155Balances: '/v1/chains/{chainId}/addresses/{address}/balances:listErc1155',
  token: '/v1/chains/{chainId}/nfts/collections/{address}/tokens/{tokenId}',
  addressChains: '/v1/address/{address}/chains',
  allIcmMessages: '/v1/icm/messages',
  icmMessage: '/v1/icm/messages/{messageId}',
} as const;

const C = '/v1/chains/43113';
const W = `${C}/addresses/${WALLET}`;
const NFT = `${C}/nfts/collections/${NFT_CONTRACT}`;

const request = (base: string, method: string, path: string) => gatewayRequest(base, method, path);

const startGateway = (evmData: EvmDataClient) => startTestDataGateway({ evmData, pageTokenSecret: SECRET });

interface BadParameterCase {
  template: string;
  method?: 'GET' | 'POST';
  path: string;
  parameter: string;
  /** What the message says after `<parameter>: `. */
  says?: RegExp;
}

const BAD_PARAMETERS: BadParameterCase[] = [
  // supportedChains
  {
    template: T.chains,
    path: '/v1/chains?network=devnet',
    parameter: 'network',
    says: /^expected one of mainnet, fuji, testnet, got "devnet"$/,
  },
  { template: T.chains, path: '/v1/chains?network=Mainnet', parameter: 'network' },
  {
    template: T.chains,
    path: '/v1/chains?feature=nfts',
    parameter: 'feature',
    says: /^expected one of nftIndexing, webhooks, teleporter, got "nfts"$/,
  },
  // getChainInfo
  {
    template: T.chain,
    path: '/v1/chains/0',
    parameter: 'chainId',
    says: /^expected an EVM chain id \(decimal, 1 to 2\^63, no leading zeros\) or a blockchain id \(cb58, 32 bytes\), got "0"$/,
  },
  {
    template: T.chain,
    path: '/v1/chains/0043113',
    parameter: 'chainId',
    says: /, got "0043113"$/,
  },
  {
    template: T.transactions,
    path: `/v1/chains/043113/addresses/${WALLET}/transactions`,
    parameter: 'chainId',
  },
  { template: T.chain, path: '/v1/chains/-43114', parameter: 'chainId' },
  { template: T.chain, path: '/v1/chains/43114.0', parameter: 'chainId' },
  { template: T.chain, path: '/v1/chains/0xa86a', parameter: 'chainId' },
  { template: T.chain, path: `/v1/chains/${2n ** 63n + 1n}`, parameter: 'chainId' },
  { template: T.chain, path: `/v1/chains/${BAD_CHECKSUM_ID}`, parameter: 'chainId' },
  { template: T.chain, path: `/v1/chains/${encodeCb58(new Uint8Array(20).fill(5))}`, parameter: 'chainId' },
  { template: T.chain, path: '/v1/chains/c-chain', parameter: 'chainId' },
  // getContractMetadata
  { template: T.contract, path: `/v1/chains/avalanche/addresses/${ERC20_CONTRACT}`, parameter: 'chainId' },
  {
    template: T.contract,
    path: `${C}/addresses/0x1234`,
    parameter: 'address',
    says: /^expected an EVM address \(0x and 40 hex digits\), got "0x1234"$/,
  },
  { template: T.contract, path: `${C}/addresses/${ERC20_CONTRACT.slice(2)}`, parameter: 'address' },
  { template: T.contract, path: `${C}/addresses/0x${'zz'.repeat(20)}`, parameter: 'address' },
  { template: T.contract, path: `${C}/addresses/${ERC20_CONTRACT}00`, parameter: 'address' },
  // getNativeBalance
  {
    template: T.nativeBalance,
    path: `/v1/chains/1e3/addresses/${WALLET}/balances:getNative`,
    parameter: 'chainId',
  },
  {
    template: T.nativeBalance,
    path: `${C}/addresses/fuji1qqqq/balances:getNative`,
    parameter: 'address',
  },
  {
    template: T.nativeBalance,
    path: `${W}/balances:getNative?blockNumber=latest`,
    parameter: 'blockNumber',
    says: /^expected a block number \(decimal\), got "latest"$/,
  },
  { template: T.nativeBalance, path: `${W}/balances:getNative?blockNumber=-1`, parameter: 'blockNumber' },
  { template: T.nativeBalance, path: `${W}/balances:getNative?blockNumber=0x10`, parameter: 'blockNumber' },
  {
    template: T.nativeBalance,
    path: `${W}/balances:getNative?blockNumber=${2n ** 64n}`,
    parameter: 'blockNumber',
  },
  {
    template: T.nativeBalance,
    path: `${W}/balances:getNative?currency=btc`,
    parameter: 'currency',
    says: /^expected one of usd, eur, .*, nzd, got "btc"$/,
  },
  { template: T.nativeBalance, path: `${W}/balances:getNative?currency=USD`, parameter: 'currency' },
  // listCollectibleBalances
  {
    template: T.collectibles,
    path: `/v1/chains/${2n ** 64n}/addresses/${WALLET}/balances:listCollectibles`,
    parameter: 'chainId',
  },
  {
    template: T.collectibles,
    path: `${C}/addresses/0x${'ab'.repeat(19)}/balances:listCollectibles`,
    parameter: 'address',
  },
  {
    template: T.collectibles,
    path: `${W}/balances:listCollectibles?pageSize=501`,
    parameter: 'pageSize',
    says: /^expected an integer from 1 to 500, got "501"$/,
  },
  { template: T.collectibles, path: `${W}/balances:listCollectibles?pageSize=0`, parameter: 'pageSize' },
  { template: T.collectibles, path: `${W}/balances:listCollectibles?pageToken=abc`, parameter: 'pageToken' },
  {
    template: T.collectibles,
    path: `${W}/balances:listCollectibles?contractAddress=0x12`,
    parameter: 'contractAddress',
    says: /^expected an EVM address/,
  },
  {
    template: T.collectibles,
    path: `${W}/balances:listCollectibles?contractAddress=${NFT_CONTRACT}&contractAddress=${ERC20_CONTRACT}`,
    parameter: 'contractAddress',
  },
  // listTransactions
  { template: T.transactions, path: `/v1/chains/x/addresses/${WALLET}/transactions`, parameter: 'chainId' },
  { template: T.transactions, path: `${C}/addresses/${WALLET}0/transactions`, parameter: 'address' },
  { template: T.transactions, path: `${W}/transactions?pageToken=%20`, parameter: 'pageToken' },
  {
    template: T.transactions,
    path: `${W}/transactions?pageSize=101`,
    parameter: 'pageSize',
    says: /^expected an integer from 1 to 100, got "101"$/,
  },
  {
    template: T.transactions,
    path: `${W}/transactions?startBlock=-1`,
    parameter: 'startBlock',
    says: /^expected an integer ≥ 0 \(a block number\), got "-1"$/,
  },
  { template: T.transactions, path: `${W}/transactions?startBlock=first`, parameter: 'startBlock' },
  { template: T.transactions, path: `${W}/transactions?endBlock=1.5`, parameter: 'endBlock' },
  { template: T.transactions, path: `${W}/transactions?endBlock=1e6`, parameter: 'endBlock' },
  {
    template: T.transactions,
    path: `${W}/transactions?startBlock=20&endBlock=10`,
    parameter: 'startBlock',
    says: /^must be less than endBlock .*got startBlock 20 and endBlock 10$/,
  },
  {
    template: T.transactions,
    path: `${W}/transactions?startBlock=10&endBlock=10`,
    parameter: 'startBlock',
    says: /endBlock exclusive/,
  },
  {
    template: T.transactions,
    path: `${W}/transactions?sortOrder=newest`,
    parameter: 'sortOrder',
    says: /^expected one of asc, desc, got "newest"$/,
  },
  // getTransaction
  { template: T.transaction, path: `/v1/chains/43113a/transactions/${TX_HASH}`, parameter: 'chainId' },
  {
    template: T.transaction,
    path: `${C}/transactions/${TX_HASH.slice(0, -1)}`,
    parameter: 'txHash',
    says: /^expected a transaction hash \(0x and 64 hex digits\), got /,
  },
  { template: T.transaction, path: `${C}/transactions/${TX_HASH.slice(2)}`, parameter: 'txHash' },
  { template: T.transaction, path: `${C}/transactions/${fuji.cChainId}`, parameter: 'txHash' },
  // listTokens
  {
    template: T.tokens,
    path: `/v1/chains/${BAD_CHECKSUM_ID}/nfts/collections/${NFT_CONTRACT}/tokens`,
    parameter: 'chainId',
  },
  { template: T.tokens, path: `${C}/nfts/collections/nft/tokens`, parameter: 'address' },
  { template: T.tokens, path: `${NFT}/tokens?pageSize=200`, parameter: 'pageSize' },
  {
    template: T.tokens,
    path: `${NFT}/tokens?pageToken=not-a-token`,
    parameter: 'pageToken',
    says: /malformed/,
  },
  // reindexNft
  {
    template: T.reindex,
    method: 'POST',
    path: `/v1/chains/0/nfts/collections/${NFT_CONTRACT}/tokens/145:reindex`,
    parameter: 'chainId',
  },
  {
    template: T.reindex,
    method: 'POST',
    path: `${C}/nfts/collections/0x${'a'.repeat(39)}/tokens/145:reindex`,
    parameter: 'address',
  },
  {
    template: T.reindex,
    method: 'POST',
    path: `${NFT}/tokens/-1:reindex`,
    parameter: 'tokenId',
    says: /^expected a token id \(a decimal uint256\), got "-1"$/,
  },
  { template: T.reindex, method: 'POST', path: `${NFT}/tokens/0x91:reindex`, parameter: 'tokenId' },
  { template: T.reindex, method: 'POST', path: `${NFT}/tokens/1.0:reindex`, parameter: 'tokenId' },
  {
    template: T.reindex,
    method: 'POST',
    path: `${NFT}/tokens/${2n ** 256n}:reindex`,
    parameter: 'tokenId',
  },
  // listIcmMessagesByAddress
  { template: T.icmMessages, path: '/v1/icm/addresses/0x/messages', parameter: 'address' },
  {
    template: T.icmMessages,
    path: `/v1/icm/addresses/${fuji.cChainId}/messages`,
    parameter: 'address',
  },
  { template: T.icmMessages, path: `/v1/icm/addresses/${WALLET}/messages?pageSize=0`, parameter: 'pageSize' },
  {
    template: T.icmMessages,
    path: `/v1/icm/addresses/${WALLET}/messages?pageToken=AAAA`,
    parameter: 'pageToken',
  },
  {
    template: T.icmMessages,
    path: `/v1/icm/addresses/${WALLET}/messages?network=local`,
    parameter: 'network',
  },
  // getLatestBlocks
  { template: T.latestBlocks, path: '/v1/chains/c-chain/blocks', parameter: 'chainId' },
  { template: T.latestBlocks, path: `${C}/blocks?pageSize=101`, parameter: 'pageSize' },
  { template: T.latestBlocks, path: `${C}/blocks?pageToken=abc`, parameter: 'pageToken' },
  // getBlock
  { template: T.block, path: '/v1/chains/00/blocks/1', parameter: 'chainId' },
  {
    template: T.block,
    path: `${C}/blocks/01`,
    parameter: 'blockId',
    says: /^expected a block number \(0 to 9223372036854775807, no leading zeros\) or a block hash \(0x and 64 hex digits\), got "01"$/,
  },
  { template: T.block, path: `${C}/blocks/${BLOCK_HASH}00`, parameter: 'blockId' },
  { template: T.block, path: `${C}/blocks/${2n ** 63n}`, parameter: 'blockId' },
  // getTransactionsForBlock
  { template: T.blockTransactions, path: '/v1/chains/0x1/blocks/1/transactions', parameter: 'chainId' },
  { template: T.blockTransactions, path: `${C}/blocks/latest/transactions`, parameter: 'blockId' },
  {
    template: T.blockTransactions,
    path: `${C}/blocks/1/transactions?pageSize=-1`,
    parameter: 'pageSize',
    says: /^expected an integer from 0 to 100, got "-1"$/,
  },
  { template: T.blockTransactions, path: `${C}/blocks/1/transactions?pageSize=101`, parameter: 'pageSize' },
  { template: T.blockTransactions, path: `${C}/blocks/1/transactions?pageToken=abc`, parameter: 'pageToken' },
  // listLatestBlocksAllChains
  { template: T.allBlocks, path: '/v1/blocks?network=local', parameter: 'network' },
  { template: T.allBlocks, path: '/v1/blocks?pageSize=0', parameter: 'pageSize' },
  { template: T.allBlocks, path: '/v1/blocks?pageToken=abc', parameter: 'pageToken' },
  // listLatestTransactions
  { template: T.latestTransactions, path: '/v1/chains/43113.5/transactions', parameter: 'chainId' },
  {
    template: T.latestTransactions,
    path: `${C}/transactions?status=pending`,
    parameter: 'status',
    says: /^expected one of failed, success, got "pending"$/,
  },
  { template: T.latestTransactions, path: `${C}/transactions?pageSize=1e2`, parameter: 'pageSize' },
  { template: T.latestTransactions, path: `${C}/transactions?pageToken=abc`, parameter: 'pageToken' },
  // listLatestTransactionsAllChains
  { template: T.allTransactions, path: '/v1/transactions?network=Fuji', parameter: 'network' },
  { template: T.allTransactions, path: '/v1/transactions?status=1', parameter: 'status' },
  { template: T.allTransactions, path: '/v1/transactions?pageSize=500', parameter: 'pageSize' },
  { template: T.allTransactions, path: '/v1/transactions?pageToken=abc', parameter: 'pageToken' },
  // The address sub-lists, listTransactionsV2 and listTransfers: a chain, an address, a page and a block range
  ...[
    T.nativeTransactions,
    T.erc20Transactions,
    T.erc721Transactions,
    T.erc1155Transactions,
    T.internalTransactions,
    T.transactionsV2,
    T.tokenTransfers,
  ].flatMap((template): BadParameterCase[] => {
    const path = (chainId: string, address: string, query = '') =>
      `${template.replace('{chainId}', chainId).replace('{address}', address)}${query}`;
    return [
      { template, path: path('c-chain', WALLET), parameter: 'chainId' },
      { template, path: path('43113', '0x1234'), parameter: 'address', says: /^expected an EVM address/ },
      { template, path: path('43113', WALLET, '?pageSize=101'), parameter: 'pageSize' },
      { template, path: path('43113', WALLET, '?pageToken=abc'), parameter: 'pageToken' },
      { template, path: path('43113', WALLET, '?startBlock=-1'), parameter: 'startBlock' },
      { template, path: path('43113', WALLET, '?endBlock=1.5'), parameter: 'endBlock' },
      {
        template,
        path: path('43113', WALLET, '?startBlock=7&endBlock=7'),
        parameter: 'startBlock',
        says: /endBlock exclusive/,
      },
    ];
  }),
  {
    template: T.transactionsV2,
    path: `/v2${W.slice(3)}/transactions?filterSpamTokens=yes`,
    parameter: 'filterSpamTokens',
    says: /^expected true or false, got "yes"$/,
  },
  { template: T.transactionsV2, path: `/v2${W.slice(3)}/transactions?sortOrder=ASC`, parameter: 'sortOrder' },
  // getDeploymentTransaction
  {
    template: T.deployment,
    path: `/v1/chains/0/contracts/${ERC20_CONTRACT}/transactions:getDeployment`,
    parameter: 'chainId',
  },
  { template: T.deployment, path: `${C}/contracts/0xabc/transactions:getDeployment`, parameter: 'address' },
  {
    template: T.deployment,
    path: `${C}/contracts/${ERC20_CONTRACT}/transactions:getDeployment?currency=btc`,
    parameter: 'currency',
  },
  // listContractDeployments
  { template: T.deployments, path: `/v1/chains/1e3/contracts/${WALLET}/deployments`, parameter: 'chainId' },
  { template: T.deployments, path: `${C}/contracts/${WALLET}0/deployments`, parameter: 'address' },
  { template: T.deployments, path: `${C}/contracts/${WALLET}/deployments?pageSize=0`, parameter: 'pageSize' },
  {
    template: T.deployments,
    path: `${C}/contracts/${WALLET}/deployments?pageToken=abc`,
    parameter: 'pageToken',
  },
  // listErc20Balances, listErc721Balances, listErc1155Balances: a chain, an address, a page (of up to 500)
  ...[T.erc20Balances, T.erc721Balances, T.erc1155Balances].flatMap((template): BadParameterCase[] => {
    const path = (chainId: string, address: string, query = '') =>
      `${template.replace('{chainId}', chainId).replace('{address}', address)}${query}`;
    return [
      { template, path: path('c-chain', WALLET), parameter: 'chainId' },
      { template, path: path('43113', '0x1234'), parameter: 'address', says: /^expected an EVM address/ },
      {
        template,
        path: path('43113', WALLET, '?pageSize=501'),
        parameter: 'pageSize',
        says: /^expected an integer from 1 to 500, got "501"$/,
      },
      { template, path: path('43113', WALLET, '?pageSize=0'), parameter: 'pageSize' },
      { template, path: path('43113', WALLET, '?pageToken=abc'), parameter: 'pageToken' },
    ];
  }),
  { template: T.erc20Balances, path: `${W}/balances:listErc20?blockNumber=latest`, parameter: 'blockNumber' },
  {
    template: T.erc20Balances,
    path: `${W}/balances:listErc20?filterSpamTokens=1`,
    parameter: 'filterSpamTokens',
    says: /^expected true or false, got "1"$/,
  },
  {
    template: T.erc20Balances,
    path: `${W}/balances:listErc20?contractAddresses=${ERC20_CONTRACT},0x12`,
    parameter: 'contractAddresses',
    says: /^expected a comma-separated list of EVM addresses .*, got "0x12" in the list$/,
  },
  { template: T.erc20Balances, path: `${W}/balances:listErc20?currency=btc`, parameter: 'currency' },
  {
    template: T.erc721Balances,
    path: `${W}/balances:listErc721?contractAddress=0x12`,
    parameter: 'contractAddress',
  },
  { template: T.erc1155Balances, path: `${W}/balances:listErc1155?blockNumber=-1`, parameter: 'blockNumber' },
  {
    template: T.erc1155Balances,
    path: `${W}/balances:listErc1155?contractAddress=nft`,
    parameter: 'contractAddress',
  },
  // getTokenDetails
  {
    template: T.token,
    path: `/v1/chains/0/nfts/collections/${NFT_CONTRACT}/tokens/145`,
    parameter: 'chainId',
  },
  { template: T.token, path: `${C}/nfts/collections/0x12/tokens/145`, parameter: 'address' },
  {
    template: T.token,
    path: `${NFT}/tokens/0x91`,
    parameter: 'tokenId',
    says: /^expected a token id \(a decimal uint256\), got "0x91"$/,
  },
  { template: T.token, path: `${NFT}/tokens/${2n ** 256n}`, parameter: 'tokenId' },
  // listAddressChains
  {
    template: T.addressChains,
    path: `/v1/address/${fuji.cChainId}/chains`,
    parameter: 'address',
    says: /^expected an EVM address/,
  },
  // listIcmMessages
  ...(['sourceBlockchainId', 'destinationBlockchainId', 'blockchainId'] as const).map(
    (parameter): BadParameterCase => ({
      template: T.allIcmMessages,
      path: `/v1/icm/messages?${parameter}=${BAD_CHECKSUM_ID}`,
      parameter,
    }),
  ),
  {
    template: T.allIcmMessages,
    path: '/v1/icm/messages?sourceBlockchainId=043113',
    parameter: 'sourceBlockchainId',
  },
  { template: T.allIcmMessages, path: '/v1/icm/messages?from=0x12', parameter: 'from' },
  { template: T.allIcmMessages, path: `/v1/icm/messages?to=${WALLET}0`, parameter: 'to' },
  { template: T.allIcmMessages, path: '/v1/icm/messages?network=local', parameter: 'network' },
  { template: T.allIcmMessages, path: '/v1/icm/messages?pageSize=101', parameter: 'pageSize' },
  { template: T.allIcmMessages, path: '/v1/icm/messages?pageToken=abc', parameter: 'pageToken' },
  // getIcmMessage
  {
    template: T.icmMessage,
    path: `/v1/icm/messages/${TX_HASH.slice(0, -2)}`,
    parameter: 'messageId',
    says: /^expected an ICM message id: hex of 32 bytes, 0x optional, got /,
  },
  { template: T.icmMessage, path: `/v1/icm/messages/${'zz'.repeat(32)}`, parameter: 'messageId' },
];

describe('gateway-data EVM routes without an evm-data service', function () {
  let gateway: { base: string; close(): Promise<void> };
  let grpc: { close(): void };
  let calls: string[];

  before(async function () {
    const unusedPort = await freePort();
    const client = createGrpcClient(EvmDataService, `127.0.0.1:${unusedPort}`, 2_000);
    grpc = client;
    const counted = countingClient(client.unary);
    calls = counted.calls;
    gateway = await startGateway(counted.client);
  });

  after(async function () {
    await gateway?.close();
    grpc?.close();
  });

  beforeEach(() => {
    calls.length = 0;
  });

  it('covers every parameter of every EVM route in the table below', function () {
    expect(EVM_ROUTES).to.have.length(32);
    for (const route of EVM_ROUTES) {
      expect(DATA_ROUTES, route.operationId).to.include(route);
      const parameters = [route.pathParams, route.query, route.body ?? {}].flatMap((shape) =>
        Object.keys(shape),
      );
      for (const parameter of parameters)
        expect(
          BAD_PARAMETERS.some(
            (c) =>
              c.template === route.path && (c.method ?? 'GET') === route.method && c.parameter === parameter,
          ),
          `${route.operationId} ${parameter}`,
        ).to.equal(true);
    }
  });

  for (const c of BAD_PARAMETERS) {
    it(`${c.method ?? 'GET'} ${c.path}: 400 naming ${c.parameter}`, async function () {
      const reply = await request(gateway.base, c.method ?? 'GET', c.path);
      expect(reply.status, reply.text).to.equal(400);
      expect(reply.headers.get('content-type')).to.equal('application/json; charset=utf-8');
      const message = String(reply.body.message);
      expect(message.startsWith(`${c.parameter}: `), message).to.equal(true);
      if (c.says) expect(message.slice(c.parameter.length + 2)).to.match(c.says);
      expect(reply.body).to.deep.equal({ message, statusCode: 400, error: 'Bad Request' });
      assertDataApiResponse(c.method ?? 'GET', c.template, 400, reply.body);
      expect(calls, 'no gRPC call for a bad request').to.deep.equal([]);
    });
  }

  it('answers a valid request it cannot serve with a 503, without hanging', async function () {
    const started = performance.now();
    const reply = await request(gateway.base, 'GET', `${W}/transactions?startBlock=5&endBlock=6`);
    expect(performance.now() - started).to.be.below(2_500);
    expect(reply.status).to.equal(503);
    expect(reply.body).to.deep.equal({
      message: 'the data service is unavailable; try again later',
      statusCode: 503,
      error: 'Service Unavailable',
    });
    assertDataApiResponse('GET', T.transactions, 503, reply.body);
    expect(calls).to.deep.equal(['ListAddressTransactions']);
  });

  it('matches the colon routes literally', async function () {
    const getNative = await request(gateway.base, 'GET', `${W}/balances:getNative?pageSize=0`);
    expect(getNative.status, 'getNative takes no pageSize').to.equal(503);
    expect(calls).to.deep.equal(['GetNativeBalance']);
    for (const [method, path] of [
      ['GET', `${W}/balances:listErc777`],
      ['GET', `${W}/balances`],
      ['POST', `${NFT}/tokens/145:reindexAll`],
      ['POST', `${NFT}/tokens/145`],
    ] as const) {
      const reply = await request(gateway.base, method, path);
      expect(reply.status, `${method} ${path}`).to.equal(404);
    }
    // A GET of the reindex path is getTokenDetails of a token id that is not one.
    const reindexByGet = await request(gateway.base, 'GET', `${NFT}/tokens/145:reindex`);
    expect(reindexByGet.status).to.equal(400);
    expect(String(reindexByGet.body.message)).to.match(/^tokenId: /);
    expect(calls).to.deep.equal(['GetNativeBalance']);
  });

  it('describes the EVM routes in /openapi.json with the official parameters, reindex as a bodiless 201', async function () {
    const reply = await request(gateway.base, 'GET', '/openapi.json');
    const paths = reply.body.paths as Record<string, Record<string, Record<string, unknown>>>;
    for (const route of EVM_ROUTES) {
      const operation = paths[route.path]?.[route.method.toLowerCase()];
      expect(operation, route.path).to.not.equal(undefined);
      const official = dataApiDocument().paths[route.path]![route.method.toLowerCase()]!;
      expect(operation!.operationId).to.equal(official.operationId);
      const parameters = operation!.parameters as { name: string; in: string; required: boolean }[];
      expect(parameters.map((p) => `${p.in} ${p.name} ${p.required}`).sort()).to.deep.equal(
        (official.parameters ?? []).map((p) => `${p.in} ${p.name} ${p.required ?? false}`).sort(),
      );
      const success = Object.keys(official.responses ?? {}).filter((status) => status.startsWith('2'));
      expect(Object.keys(operation!.responses as object).filter((s) => s.startsWith('2'))).to.deep.equal(
        success,
      );
    }
    const reindex = paths[T.reindex]!.post!.responses as Record<string, Record<string, unknown>>;
    expect(reindex['201']).to.deep.equal({ description: 'Successful response' });
    const collectibles = paths[T.collectibles]!.get!.parameters as {
      name: string;
      schema: Record<string, unknown>;
    }[];
    expect(collectibles.find((p) => p.name === 'pageSize')!.schema).to.deep.equal({
      default: 10,
      type: 'integer',
      minimum: 1,
      maximum: 500,
    });
  });
});

// ---- With a fake evm-data service: documents, paging, reindex

const FUJI_C_CHAIN: ChainInfo = {
  chainId: '43113',
  status: 'OK',
  chainName: 'Avalanche (C-Chain)',
  description: 'The Contract Chain on Avalanche Fuji Testnet.',
  platformChainId: fuji.cChainId,
  subnetId: fuji.pChainId,
  vmId: 'mgj786NP7uDwBCcq6YwThhaN8FLyybkCa4zBWTQbNgmK6k9A6',
  vmName: 'EVM',
  explorerUrl: 'https://subnets-test.avax.network/c-chain',
  rpcUrl: 'https://api.avax-test.network/ext/bc/C/rpc',
  wsUrl: 'wss://api.avax-test.network/ext/bc/C/ws',
  isTestnet: true,
  utilityAddresses: { multicall: '0xca11bde05977b3631167028862be2a173976ca11' },
  networkToken: {
    name: 'Avalanche',
    symbol: 'AVAX',
    decimals: 18,
    logoUri: 'https://images.ctfassets.net/gcj8jwzm6086/5VHupNKwnDYJvqMENeV7iJ/avalanche-avax-logo.svg',
    description: 'AVAX is the native utility token of Avalanche.',
  },
  chainLogoUri: 'https://images.ctfassets.net/gcj8jwzm6086/5VHupNKwnDYJvqMENeV7iJ/avalanche-avax-logo.svg',
  private: false,
  enabledFeatures: ['nftIndexing', 'webhooks', 'teleporter'],
};

/** An L1 of the fuji network: fewer optional members set, no features. */
const FUJI_L1: ChainInfo = {
  chainId: '779672',
  status: 'OK',
  chainName: 'Dispatch L1',
  description: 'A Subnet-EVM L1 on Fuji.',
  platformChainId: L1_BLOCKCHAIN_ID,
  subnetId: encodeCb58(new Uint8Array(32).fill(6)),
  vmId: 'srEXiWaHuhNyGwPUi444Tu47ZEDwxTWrbQiuD7FmgSAQ6X7Dy',
  vmName: 'EVM',
  rpcUrl: 'https://subnets.avax.network/dispatch/testnet/rpc',
  isTestnet: true,
  networkToken: { name: 'Dispatch', symbol: 'DIS', decimals: 18 },
  enabledFeatures: [],
};

const MAINNET_C_CHAIN: ChainInfo = {
  ...FUJI_C_CHAIN,
  chainId: '43114',
  description: 'The Contract Chain on Avalanche Mainnet.',
  platformChainId: mainnet.cChainId,
  subnetId: mainnet.pChainId,
  explorerUrl: 'https://subnets.avax.network/c-chain',
  rpcUrl: 'https://api.avax.network/ext/bc/C/rpc',
  wsUrl: 'wss://api.avax.network/ext/bc/C/ws',
  isTestnet: false,
  enabledFeatures: ['nftIndexing', 'webhooks'],
};

const CHAINS = [MAINNET_C_CHAIN, FUJI_C_CHAIN, FUJI_L1];

const AVAX_PRICE = { currencyCode: 'usd', value: 21.37 };
const ERC721_METADATA = {
  indexStatus: 'INDEXED',
  metadataLastUpdatedTimestamp: 1_700_000_100,
  name: 'Fuji Punk #145',
  imageUri: 'ipfs://bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi/145.png',
  description: 'One of the fuji punks.',
  attributes: '[{"trait_type":"hat","value":"beanie"}]',
};
const ERC1155_METADATA = {
  indexStatus: 'UNINDEXED',
  decimals: 0,
  properties: '{}',
};
const ERC721_TOKEN = {
  address: NFT_CONTRACT,
  name: 'Fuji Punks',
  symbol: 'FPUNK',
  ercType: 'ERC-721',
  tokenId: '145',
  tokenUri: 'ipfs://bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi/145.json',
  metadata: ERC721_METADATA,
  ownerAddress: WALLET,
};
const ERC1155_TOKEN = {
  address: NFT_CONTRACT,
  ercType: 'ERC-1155',
  tokenId: '7',
  tokenUri: 'https://game.example/items/7.json',
  metadata: ERC1155_METADATA,
};
const ERC20_TOKEN = {
  address: ERC20_CONTRACT,
  name: 'Wrapped AVAX',
  symbol: 'WAVAX',
  decimals: 18,
  logoUri: 'https://images.ctfassets.net/gcj8jwzm6086/wavax.svg',
  ercType: 'ERC-20',
  price: AVAX_PRICE,
};

const NATIVE_TRANSACTION = {
  blockNumber: '35123456',
  blockTimestamp: 1_700_000_000,
  blockTimestampMilliseconds: 1_700_000_000_250,
  blockHash: BLOCK_HASH,
  chainId: '43113',
  blockIndex: 3,
  txHash: TX_HASH,
  txStatus: '1',
  txType: 2,
  gasLimit: '120000',
  gasUsed: '81234',
  gasPrice: '27000000000',
  nonce: '12',
  from: { address: WALLET },
  to: { address: ERC20_CONTRACT, name: 'Wrapped AVAX', symbol: 'WAVAX', decimals: 18 },
  method: { callType: 'CONTRACT_CALL', methodHash: '0xa9059cbb', methodName: 'transfer(address,uint256)' },
  value: '0',
};
const ERC20_TRANSFER = {
  from: { address: WALLET },
  to: { address: OTHER_WALLET },
  logIndex: 0,
  value: '500000000000000000',
  erc20Token: ERC20_TOKEN,
};
const INTERNAL_TRANSACTION = {
  from: { address: ERC20_CONTRACT },
  to: { address: WALLET },
  internalTxType: 'CALL',
  value: '1000',
  isReverted: false,
  gasUsed: '2300',
  gasLimit: '2300',
};

const CONTRACT_ERC721 = {
  name: 'Fuji Punks',
  description: 'Ten thousand punks on Fuji.',
  officialSite: 'https://punks.example',
  logoAsset: { imageUri: 'https://punks.example/logo.png' },
  color: '#E84142',
  resourceLinks: [
    { type: 'Website', url: 'https://punks.example' },
    { type: 'Twitter', url: 'https://twitter.com/fujipunks' },
  ],
  tags: ['nft', 'art'],
  address: NFT_CONTRACT,
  deploymentDetails: { txHash: TX_HASH, deployerAddress: WALLET },
  ercType: 'ERC-721',
  symbol: 'FPUNK',
};
const CONTRACT_ERC20 = {
  name: 'Wrapped AVAX',
  resourceLinks: [],
  tags: [],
  address: ERC20_CONTRACT,
  deploymentDetails: { txHash: TX_HASH, deployerAddress: OTHER_WALLET },
  ercType: 'ERC-20',
  symbol: 'WAVAX',
  decimals: 18,
  pricingProviders: { coingeckoCoinId: 'wrapped-avax' },
};

const ICM_BASE = {
  icmContractAddress: '0x253b2784c75e510dD0fF1da844684a1aC0aa5fcf',
  sourceBlockchainId: fuji.cChainId,
  destinationBlockchainId: L1_BLOCKCHAIN_ID,
  sourceEvmChainId: '43113',
  destinationEvmChainId: '779672',
  from: WALLET,
  to: OTHER_WALLET,
  data: '0x68656c6c6f',
  receipts: [],
  receiptDelivered: false,
  rewardDetails: { ...ERC20_TOKEN, value: '0' },
};
const SOURCE_TRANSACTION = { txHash: TX_HASH, timestamp: 1_700_000_000, gasSpent: '150000' };
const DESTINATION_TRANSACTION = {
  txHash: `0x${'ee'.repeat(32)}`,
  timestamp: 1_700_000_012,
  gasSpent: '210000',
  rewardRedeemer: WALLET,
  delivererAddress: OTHER_WALLET,
};
const ICM_MESSAGES = [
  {
    ...ICM_BASE,
    messageId: `0x${'01'.repeat(32)}`,
    messageNonce: '3',
    messageExecuted: false,
    sourceTransaction: SOURCE_TRANSACTION,
    status: 'pending',
  },
  {
    ...ICM_BASE,
    messageId: `0x${'02'.repeat(32)}`,
    messageNonce: '2',
    messageExecuted: true,
    receipts: [{ receivedMessageNonce: '2', relayerRewardAddress: OTHER_WALLET }],
    receiptDelivered: true,
    sourceTransaction: SOURCE_TRANSACTION,
    destinationTransaction: DESTINATION_TRANSACTION,
    status: 'delivered',
  },
  {
    ...ICM_BASE,
    messageId: `0x${'03'.repeat(32)}`,
    messageNonce: '1',
    messageExecuted: true,
    destinationTransaction: DESTINATION_TRANSACTION,
    status: 'delivered_source_not_indexed',
  },
];

type Fake = Partial<AsyncImplementation<EvmDataServiceHandlers>>;
type Answers = {
  [K in keyof Fake]: (
    request: Parameters<NonNullable<Fake[K]>>[0],
  ) => Awaited<ReturnType<NonNullable<Fake[K]>>>;
};

/** A fake from plain functions: what they return (or throw) is the call's answer. */
function answering(answers: Answers): Fake {
  return Object.fromEntries(
    Object.entries(answers).map(([method, answer]) => [
      method,
      (request: never) => Promise.resolve().then(() => (answer as (request: never) => unknown)(request)),
    ]),
  );
}

/** As the service does: the chains it indexes, by EVM chain id or blockchain id; any other is NOT_FOUND. */
function indexedChain(chainId: string): ChainInfo {
  const chain = CHAINS.find((c) => c.chainId === chainId || c.platformChainId === chainId);
  if (!chain) throw new DomainError('not_found', `chain ${chainId} is not indexed by this deployment`);
  return chain;
}

const hex = (bytes: Buffer) => `0x${bytes.toString('hex')}`;

describe('gateway-data EVM routes with a fake evm-data service', function () {
  let server: GrpcServer;
  let grpc: { close(): void };
  let gateway: { base: string; close(): Promise<void> };
  const received: Record<string, Record<string, unknown>[]> = {};
  const record = (method: string, request: object) =>
    (received[method] ??= []).push(request as Record<string, unknown>);
  const last = (method: string) => received[method]!.at(-1)!;
  const reindexed = new Set<string>();

  const fake = answering({
    ListChains: (request) => {
      record('ListChains', request);
      const chains =
        request.network === ''
          ? CHAINS
          : CHAINS.filter((chain) => chain.isTestnet === (request.network === 'fuji'));
      return { chains };
    },
    GetChain: (request) => {
      record('GetChain', request);
      return indexedChain(request.chain_id);
    },
    ListAddressTransactions: (request) => {
      record('ListAddressTransactions', request);
      indexedChain(request.chain_id);
      return {
        transactions: [
          {
            nativeTransaction: NATIVE_TRANSACTION,
            erc20Transfers: [ERC20_TRANSFER],
            internalTransactions: [INTERNAL_TRANSACTION],
          },
        ],
        next_cursor: request.cursor === '' ? 'after-35123456-3' : '',
      };
    },
    GetTransaction: (request) => {
      record('GetTransaction', request);
      indexedChain(request.chain_id);
      if (hex(request.tx_hash) !== TX_HASH)
        throw new DomainError('not_found', `transaction ${hex(request.tx_hash)} not found`);
      return {
        erc20Transfers: [ERC20_TRANSFER],
        erc721Transfers: [
          {
            from: { address: OTHER_WALLET },
            to: { address: WALLET },
            logIndex: 1,
            erc721Token: ERC721_TOKEN,
          },
        ],
        erc1155Transfers: [
          {
            from: { address: OTHER_WALLET },
            to: { address: WALLET },
            logIndex: 2,
            value: '3',
            erc1155Token: ERC1155_TOKEN,
          },
        ],
        internalTransactions: [INTERNAL_TRANSACTION],
        networkTokenDetails: {
          networkToken: FUJI_C_CHAIN.networkToken,
          currentPrice: AVAX_PRICE,
          historicalPrice: { currencyCode: 'usd', value: 19.02 },
        },
        nativeTransaction: {
          ...NATIVE_TRANSACTION,
          input: `0xa9059cbb${'00'.repeat(64)}`,
          baseFeePerGas: '25000000000',
          maxFeePerGas: '30000000000',
          maxPriorityFeePerGas: '2000000000',
        },
        teleporterMessageInfo: {
          teleporterMessageId: ICM_MESSAGES[0]!.messageId,
          direction: 'SOURCE_TRANSACTION',
          destinationChainId: '779672',
        },
      };
    },
    GetNativeBalance: (request) => {
      record('GetNativeBalance', request);
      const chain = indexedChain(request.chain_id);
      const { name, symbol, decimals, logoUri } = chain.networkToken!;
      return {
        nativeTokenBalance: {
          name,
          symbol,
          decimals,
          logoUri,
          chainId: chain.chainId,
          price: { currencyCode: request.currency, value: 21.37 },
          balance: '1500000000000000000',
          balanceValue: { currencyCode: request.currency, value: 32.055 },
        },
      };
    },
    ListCollectibleBalances: (request) => {
      record('ListCollectibleBalances', request);
      const chain = indexedChain(request.chain_id);
      return {
        collectibleBalances: [
          { erc721: { ...ERC721_TOKEN, chainId: chain.chainId } },
          { erc1155: { ...ERC1155_TOKEN, chainId: chain.chainId, balance: '3' } },
        ],
        next_cursor: request.cursor === '' ? 'collectibles-2' : '',
      };
    },
    GetContractMetadata: (request) => {
      record('GetContractMetadata', request);
      indexedChain(request.chain_id);
      const address = hex(request.address);
      if (address === NFT_CONTRACT.toLowerCase()) return CONTRACT_ERC721;
      if (address === ERC20_CONTRACT.toLowerCase()) return CONTRACT_ERC20;
      return { address, ercType: 'UNKNOWN', resourceLinks: [], tags: [] };
    },
    ListNftTokens: (request) => {
      record('ListNftTokens', request);
      indexedChain(request.chain_id);
      return { tokens: [{ erc721: ERC721_TOKEN }, { erc1155: ERC1155_TOKEN }], next_cursor: '' };
    },
    ReindexNftToken: (request) => {
      record('ReindexNftToken', request);
      indexedChain(request.chain_id);
      const key = `${request.chain_id}/${hex(request.contract_address)}/${request.token_id}`;
      if (reindexed.has(key))
        throw new DomainError(
          'resource_exhausted',
          `token ${request.token_id} was reindexed less than an hour ago; try again later`,
          { retryAfterSeconds: 1234 },
        );
      reindexed.add(key);
      return {};
    },
    ListIcmMessagesByAddress: (request) => {
      record('ListIcmMessagesByAddress', request);
      return { messages: ICM_MESSAGES, next_cursor: request.cursor === '' ? 'icm-2' : '' };
    },
  });

  before(async function () {
    server = await startGrpcServer({
      address: '127.0.0.1:0',
      services: [
        {
          name: 'chaindata.evmdata.v1.EvmDataService',
          definition: EvmDataService.service,
          implementation: implementService(EvmDataService.service, silent, fake),
        },
      ],
      log: silent,
    });
    const client = createGrpcClient(EvmDataService, `127.0.0.1:${server.port}`, 5_000);
    grpc = client;
    gateway = await startGateway(client.unary);
  });

  after(async function () {
    await gateway?.close();
    grpc?.close();
    await server?.shutdown(1_000);
  });

  async function documented(method: 'GET' | 'POST', template: string, path: string) {
    const reply = await request(gateway.base, method, path);
    expect(reply.status, reply.text).to.equal(200);
    assertDataApiResponse(method, template, 200, reply.body);
    expect(reply.text, 'no proto-loader artefacts').to.not.match(/"_\w+":|"kind":|null|next_cursor/);
    return reply.body;
  }

  it('lists chains, testnet as fuji, filtered by feature', async function () {
    const all = await documented('GET', T.chains, '/v1/chains');
    expect(last('ListChains')).to.deep.equal({ network: '' });
    expect((all.chains as { chainId: string }[]).map((c) => c.chainId)).to.deep.equal([
      '43114',
      '43113',
      '779672',
    ]);
    const l1 = (all.chains as Record<string, unknown>[])[2]!;
    expect(l1).to.not.have.property('explorerUrl');
    expect(l1).to.not.have.property('private');
    expect(l1).to.not.have.property('utilityAddresses');
    expect(l1.enabledFeatures).to.deep.equal([]);

    const fujiChains = await documented('GET', T.chains, '/v1/chains?network=testnet');
    expect(last('ListChains')).to.deep.equal({ network: 'fuji' });
    expect((fujiChains.chains as unknown[]).length).to.equal(2);

    const teleporter = await documented('GET', T.chains, '/v1/chains?network=fuji&feature=teleporter');
    expect(teleporter).to.deep.equal({ chains: [FUJI_C_CHAIN] });
    const mainnetTeleporter = await documented(
      'GET',
      T.chains,
      '/v1/chains?network=mainnet&feature=teleporter',
    );
    expect(last('ListChains')).to.deep.equal({ network: 'mainnet' });
    expect(mainnetTeleporter).to.deep.equal({ chains: [] });
  });

  it('gets a chain by EVM chain id or blockchain id, and passes the service NOT_FOUND through', async function () {
    expect(await documented('GET', T.chain, '/v1/chains/43113')).to.deep.equal(FUJI_C_CHAIN);
    expect(await documented('GET', T.chain, `/v1/chains/${fuji.cChainId}`)).to.deep.equal(FUJI_C_CHAIN);
    expect(last('GetChain')).to.deep.equal({ chain_id: fuji.cChainId });
    await request(gateway.base, 'GET', `/v1/chains/${2n ** 63n}`);
    expect(last('GetChain'), 'the largest chain id').to.deep.equal({ chain_id: String(2n ** 63n) });

    const missing = await request(gateway.base, 'GET', `/v1/chains/${UNKNOWN_CHAIN}`);
    expect(missing.status).to.equal(404);
    expect(missing.body).to.deep.equal({
      message: `chain ${UNKNOWN_CHAIN} is not indexed by this deployment`,
      statusCode: 404,
      error: 'Not Found',
    });
    assertDataApiResponse('GET', T.chain, 404, missing.body);
    const missingList = await request(
      gateway.base,
      'GET',
      `/v1/chains/${UNKNOWN_CHAIN}/addresses/${WALLET}/transactions`,
    );
    expect(missingList.status).to.equal(404);
    assertDataApiResponse('GET', T.transactions, 404, missingList.body);
  });

  it('lists an address transactions with the block range and order decoded for the service', async function () {
    const body = await documented(
      'GET',
      T.transactions,
      `${C}/addresses/${WALLET.toLowerCase()}/transactions?startBlock=100&endBlock=200&sortOrder=asc&pageSize=2`,
    );
    expect(body.transactions).to.deep.equal([
      {
        nativeTransaction: NATIVE_TRANSACTION,
        erc20Transfers: [ERC20_TRANSFER],
        erc721Transfers: [],
        erc1155Transfers: [],
        internalTransactions: [INTERNAL_TRANSACTION],
      },
    ]);
    expect(Object.keys(body)[0]).to.equal('nextPageToken');
    expect(last('ListAddressTransactions')).to.deep.include({
      chain_id: '43113',
      start_block: '100',
      end_block: '200',
      sort_order: 'SORT_ORDER_ASC',
      page_size: 2,
      cursor: '',
    });
    expect(last('ListAddressTransactions').address).to.deep.equal(WALLET_BYTES);

    await documented('GET', T.transactions, `${W}/transactions?endBlock=1`);
    const sent = last('ListAddressTransactions');
    expect(sent).to.not.have.property('start_block');
    expect(sent).to.deep.include({ end_block: '1', sort_order: 'SORT_ORDER_DESC', page_size: 10 });
  });

  it('binds page tokens to the address (in any case) and the rest of the query', async function () {
    const first = await documented('GET', T.transactions, `${W}/transactions?startBlock=5`);
    const token = first.nextPageToken as string;
    expect(token).to.match(/^[A-Za-z0-9_-]+$/);

    const sameAddressOtherCase = await documented(
      'GET',
      T.transactions,
      `${C}/addresses/${WALLET.toUpperCase().replace('0X', '0x')}/transactions?startBlock=5&pageSize=50&pageToken=${token}`,
    );
    expect(sameAddressOtherCase).to.not.have.property('nextPageToken');
    expect(last('ListAddressTransactions')).to.deep.include({ cursor: 'after-35123456-3', page_size: 50 });

    for (const path of [
      `${C}/addresses/${OTHER_WALLET}/transactions?startBlock=5&pageToken=${token}`,
      `${W}/transactions?startBlock=6&pageToken=${token}`,
      `/v1/chains/43114/addresses/${WALLET}/transactions?startBlock=5&pageToken=${token}`,
      `${W}/balances:listCollectibles?pageToken=${token}`,
    ]) {
      const calls = received.ListAddressTransactions!.length;
      const reply = await request(gateway.base, 'GET', path);
      expect(reply.status, path).to.equal(400);
      expect(reply.body.message, path).to.match(/^pageToken: issued for a different query/);
      expect(received.ListAddressTransactions!.length, 'no call with a foreign token').to.equal(calls);
    }
    const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    const reply = await request(gateway.base, 'GET', `${W}/transactions?startBlock=5&pageToken=${tampered}`);
    expect(reply.status).to.equal(400);
    expect(reply.body.message).to.match(/^pageToken: /);
  });

  it('gets a transaction by hash', async function () {
    const body = await documented(
      'GET',
      T.transaction,
      `${C}/transactions/${TX_HASH.toUpperCase().replace('0X', '0x')}`,
    );
    expect(last('GetTransaction').tx_hash).to.deep.equal(Buffer.from(TX_HASH.slice(2), 'hex'));
    expect(body.nativeTransaction).to.include({ baseFeePerGas: '25000000000', txHash: TX_HASH });
    expect(body.teleporterMessageInfo).to.deep.equal({
      teleporterMessageId: ICM_MESSAGES[0]!.messageId,
      direction: 'SOURCE_TRANSACTION',
      destinationChainId: '779672',
    });
    const missing = await request(gateway.base, 'GET', `${C}/transactions/0x${'00'.repeat(32)}`);
    expect(missing.status).to.equal(404);
    assertDataApiResponse('GET', T.transaction, 404, missing.body);
  });

  it('gets a native balance at a block, in the requested currency (usd by default)', async function () {
    const body = await documented('GET', T.nativeBalance, `${W}/balances:getNative`);
    expect(last('GetNativeBalance')).to.deep.include({ chain_id: '43113', currency: 'usd' });
    expect(last('GetNativeBalance')).to.not.have.property('block_number');
    expect(body).to.deep.equal({
      nativeTokenBalance: {
        name: 'Avalanche',
        symbol: 'AVAX',
        decimals: 18,
        logoUri: FUJI_C_CHAIN.networkToken!.logoUri,
        chainId: '43113',
        price: { currencyCode: 'usd', value: 21.37 },
        balance: '1500000000000000000',
        balanceValue: { currencyCode: 'usd', value: 32.055 },
      },
    });
    await documented(
      'GET',
      T.nativeBalance,
      `${W}/balances:getNative?blockNumber=18446744073709551615&currency=jpy`,
    );
    expect(last('GetNativeBalance')).to.deep.include({
      block_number: '18446744073709551615',
      currency: 'jpy',
    });
  });

  it('lists collectible balances, unwrapping the ERC-721/ERC-1155 oneof', async function () {
    const body = await documented(
      'GET',
      T.collectibles,
      `${W}/balances:listCollectibles?pageSize=500&contractAddress=${NFT_CONTRACT.toLowerCase()}`,
    );
    expect(body.collectibleBalances).to.deep.equal([
      { ...ERC721_TOKEN, chainId: '43113' },
      { ...ERC1155_TOKEN, chainId: '43113', balance: '3' },
    ]);
    expect(last('ListCollectibleBalances')).to.deep.include({ page_size: 500 });
    expect(last('ListCollectibleBalances').contract_address).to.deep.equal(
      Buffer.from(NFT_CONTRACT.slice(2), 'hex'),
    );
    const next = await request(
      gateway.base,
      'GET',
      `${W}/balances:listCollectibles?pageToken=${String(body.nextPageToken)}`,
    );
    expect(next.body.message, 'the contract filter is part of the query').to.match(
      /^pageToken: issued for a different query/,
    );
    await documented('GET', T.collectibles, `${W}/balances:listCollectibles`);
    expect(last('ListCollectibleBalances')).to.not.have.property('contract_address');
  });

  it('gets contract metadata of each kind', async function () {
    expect(await documented('GET', T.contract, `${C}/addresses/${NFT_CONTRACT}`)).to.deep.equal(
      CONTRACT_ERC721,
    );
    expect(await documented('GET', T.contract, `${C}/addresses/${ERC20_CONTRACT}`)).to.deep.equal(
      CONTRACT_ERC20,
    );
    expect(await documented('GET', T.contract, `${C}/addresses/${OTHER_WALLET}`)).to.deep.equal({
      address: OTHER_WALLET.toLowerCase(),
      ercType: 'UNKNOWN',
      resourceLinks: [],
      tags: [],
    });
  });

  it('lists the tokens of an NFT collection', async function () {
    const body = await documented(
      'GET',
      T.tokens,
      `${C}/nfts/collections/${NFT_CONTRACT}/tokens?pageSize=100`,
    );
    expect(body).to.deep.equal({ tokens: [ERC721_TOKEN, ERC1155_TOKEN] });
    expect(last('ListNftTokens')).to.deep.include({ chain_id: '43113', page_size: 100, cursor: '' });
    expect(last('ListNftTokens').contract_address).to.deep.equal(Buffer.from(NFT_CONTRACT.slice(2), 'hex'));
  });

  it('reindexes a token: 201 with an empty body, then 429 with retry-after within the hour', async function () {
    const path = `${C}/nfts/collections/${NFT_CONTRACT.toLowerCase()}/tokens/00145:reindex`;
    const first = await request(gateway.base, 'POST', path);
    expect(first.status, first.text).to.equal(201);
    expect(first.text).to.equal('');
    expect(first.headers.get('content-type')).to.equal(null);
    expect(first.headers.get('content-length')).to.equal('0');
    expect(validateDataApiResponse('POST', T.reindex, 201, first.text)).to.deep.equal([]);
    expect(last('ReindexNftToken')).to.deep.include({ chain_id: '43113', token_id: '145' });
    expect(last('ReindexNftToken').contract_address).to.deep.equal(Buffer.from(NFT_CONTRACT.slice(2), 'hex'));

    const again = await request(gateway.base, 'POST', `${NFT}/tokens/145:reindex`);
    expect(again.status).to.equal(429);
    expect(again.headers.get('retry-after')).to.equal('1234');
    expect(again.body).to.deep.equal({
      message: 'token 145 was reindexed less than an hour ago; try again later',
      statusCode: 429,
      error: 'Too Many Requests',
    });
    assertDataApiResponse('POST', T.reindex, 429, again.body);

    const largest = String(2n ** 256n - 1n);
    const maxToken = await request(gateway.base, 'POST', `${NFT}/tokens/${largest}:reindex`);
    expect(maxToken.status).to.equal(201);
    expect(last('ReindexNftToken')).to.deep.include({ token_id: largest });

    const unknownChain = await request(
      gateway.base,
      'POST',
      `/v1/chains/${UNKNOWN_CHAIN}/nfts/collections/${NFT_CONTRACT}/tokens/1:reindex`,
    );
    expect(unknownChain.status).to.equal(404);
    expect(unknownChain.headers.get('retry-after')).to.equal(null);
    assertDataApiResponse('POST', T.reindex, 404, unknownChain.body);
  });

  it('lists the ICM messages of an address, of every status, on a network or all', async function () {
    const body = await documented(
      'GET',
      T.icmMessages,
      `/v1/icm/addresses/${WALLET}/messages?network=testnet`,
    );
    expect(body.messages).to.deep.equal(ICM_MESSAGES);
    expect(last('ListIcmMessagesByAddress')).to.deep.include({ network: 'fuji', page_size: 10, cursor: '' });
    expect(last('ListIcmMessagesByAddress').address).to.deep.equal(WALLET_BYTES);

    const next = await documented(
      'GET',
      T.icmMessages,
      `/v1/icm/addresses/${WALLET.toLowerCase()}/messages?network=fuji&pageToken=${String(body.nextPageToken)}`,
    );
    expect(next).to.not.have.property('nextPageToken');
    expect(last('ListIcmMessagesByAddress')).to.deep.include({ cursor: 'icm-2' });

    await documented('GET', T.icmMessages, `/v1/icm/addresses/${WALLET}/messages`);
    expect(last('ListIcmMessagesByAddress')).to.deep.include({ network: '' });
    const otherNetwork = await request(
      gateway.base,
      'GET',
      `/v1/icm/addresses/${WALLET}/messages?network=mainnet&pageToken=${String(body.nextPageToken)}`,
    );
    expect(otherNetwork.body.message).to.match(/^pageToken: issued for a different query/);
  });
});
