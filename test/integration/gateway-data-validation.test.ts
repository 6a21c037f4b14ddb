import { createServer as createTcpServer, type Server as TcpServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { bech32 } from '@scure/base';
import { expect } from 'chai';
import { pino } from 'pino';
import type { ProtoGrpcType } from '../../services/generated/proto/primary_network.ts';
import type { PrimaryNetworkServiceHandlers } from '../../services/generated/proto/chaindata/primarynetwork/v1/PrimaryNetworkService.ts';
import type { RestAdmission } from '../../services/runtime/rest/gateway.ts';
import { apiKeyOf } from '../../services/edge/edge.ts';
import {
  DATA_ROUTES,
  PRIMARY_NETWORK_ROUTES,
  type PrimaryNetworkClient,
} from '../../services/gateway-data/routes/index.ts';
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
 * gateway-data in-process, driven over HTTP with fetch. Without a primary-network service behind it: every bad
 * parameter of every route is a 400 naming it, in the API's error body, before any gRPC call; a good request
 * finds no service and is a 503, not a hang. With a stub service: the answers are the official documents, and
 * page tokens carry the service's cursors.
 */

const silent = pino({ level: 'silent' });
const proto = loadProto<ProtoGrpcType>('chaindata/primarynetwork/v1/primary_network.proto');
const PrimaryNetworkService = proto.chaindata.primarynetwork.v1.PrimaryNetworkService;

const { fuji, mainnet } = IDENTITIES;
const bech32Address = (hrp: string, fill: number, length = 20) =>
  bech32.encode(hrp, bech32.toWords(new Uint8Array(length).fill(fill)));
const FUJI_ADDRESS = bech32Address('fuji', 7);
const FUJI_ADDRESS_2 = bech32Address('fuji', 8);
const MAINNET_ADDRESS = bech32Address('avax', 7);
const BAD_CHECKSUM = `${FUJI_ADDRESS.slice(0, -1)}${FUJI_ADDRESS.endsWith('q') ? 'p' : 'q'}`;
const SHORT_ADDRESS = bech32Address('fuji', 7, 19);
const EVM_ADDRESS = `0x${'ab'.repeat(20)}`;
const ID = encodeCb58(new Uint8Array(32).fill(3));
const NODE_ID = `NodeID-${encodeCb58(new Uint8Array(20).fill(4))}`;
const SECRET = 'gateway-data-test-page-token-secret';
/** The stub answers this transaction with a Transaction that has no member set: a broken contract. */
const BROKEN_ID = encodeCb58(new Uint8Array(32).fill(9));

const T = {
  blockchains: '/v1/networks/{network}/blockchains',
  blockchain: '/v1/networks/{network}/blockchains/{blockchainId}',
  subnets: '/v1/networks/{network}/subnets',
  subnet: '/v1/networks/{network}/subnets/{subnetId}',
  blocks: '/v1/networks/{network}/blockchains/{blockchainId}/blocks',
  block: '/v1/networks/{network}/blockchains/{blockchainId}/blocks/{blockId}',
  vertices: '/v1/networks/{network}/blockchains/{blockchainId}/vertices:listByHeight',
  transactions: '/v1/networks/{network}/blockchains/{blockchainId}/transactions',
  transaction: '/v1/networks/{network}/blockchains/{blockchainId}/transactions/{txHash}',
  utxos: '/v1/networks/{network}/blockchains/{blockchainId}/utxos',
  rewards: '/v1/networks/{network}/rewards',
  pendingRewards: '/v1/networks/{network}/rewards:listPending',
  network: '/v1/networks/{network}',
  validators: '/v1/networks/{network}/validators',
  validator: '/v1/networks/{network}/validators/{nodeId}',
  delegators: '/v1/networks/{network}/delegators',
  l1Validators: '/v1/networks/{network}/l1Validators',
  stakingTransactions: '/v1/networks/{network}/blockchains/{blockchainId}/transactions:listStaking',
} as const;

const request = gatewayRequest;

const startGateway = (primaryNetwork: PrimaryNetworkClient, admission?: RestAdmission) =>
  startTestDataGateway({ primaryNetwork, admission, pageTokenSecret: SECRET });

interface BadParameterCase {
  template: string;
  method?: 'GET' | 'POST';
  path: string;
  body?: string;
  headers?: Record<string, string>;
  parameter: string;
  /** What the message says after `<parameter>: `. */
  says?: RegExp;
}

const P = '/v1/networks/fuji/blockchains/p-chain';
const X = '/v1/networks/fuji/blockchains/x-chain';
const C = '/v1/networks/fuji/blockchains/c-chain';
const utxosOf = (addresses: string) => JSON.stringify({ addresses });

/** Balances, activity, chains touched, assets, blocks by node, vertices (routes/primary-network/balances.ts…). */
const H = {
  balances: '/v1/networks/{network}/blockchains/{blockchainId}/balances',
  activity: '/v1/networks/{network}/blockchains/{blockchainId}/lastActivityTimestampByAddresses',
  chainIds: '/v1/networks/{network}/addresses:listChainIds',
  asset: '/v1/networks/{network}/blockchains/{blockchainId}/assets/{assetId}',
  assetTransactions: '/v1/networks/{network}/blockchains/{blockchainId}/assets/{assetId}/transactions',
  nodeBlocks: '/v1/networks/{network}/blockchains/{blockchainId}/nodes/{nodeId}/blocks',
  latestVertices: '/v1/networks/{network}/blockchains/{blockchainId}/vertices',
  vertex: '/v1/networks/{network}/blockchains/{blockchainId}/vertices/{vertexHash}',
} as const;

const HOLDINGS_BAD_PARAMETERS: BadParameterCase[] = [
  // getBalancesByAddresses
  {
    template: H.balances,
    path: `/v1/networks/local/blockchains/p-chain/balances?addresses=${FUJI_ADDRESS}`,
    parameter: 'network',
  },
  {
    template: H.balances,
    path: `/v1/networks/fuji/blockchains/q-chain/balances?addresses=${FUJI_ADDRESS}`,
    parameter: 'blockchainId',
  },
  { template: H.balances, path: `${P}/balances`, parameter: 'addresses', says: /^is required/ },
  {
    template: H.balances,
    path: `${C}/balances?addresses=${EVM_ADDRESS}`,
    parameter: 'addresses',
    says: /EVM address/,
  },
  { template: H.balances, path: `${X}/balances?addresses=${MAINNET_ADDRESS}`, parameter: 'addresses' },
  {
    template: H.balances,
    path: `${P}/balances?addresses=${FUJI_ADDRESS}&blockTimestamp=-1`,
    parameter: 'blockTimestamp',
    says: /^expected an integer ≥ 0 \(unix seconds\), got "-1"$/,
  },
  // getLastActivityTimestampByAddresses (GET) and V2 (POST)
  {
    template: H.activity,
    path: `/v1/networks/x/blockchains/p-chain/lastActivityTimestampByAddresses?addresses=${FUJI_ADDRESS}`,
    parameter: 'network',
  },
  {
    template: H.activity,
    path: `/v1/networks/fuji/blockchains/p/lastActivityTimestampByAddresses?addresses=${FUJI_ADDRESS}`,
    parameter: 'blockchainId',
  },
  {
    template: H.activity,
    path: `${P}/lastActivityTimestampByAddresses`,
    parameter: 'addresses',
    says: /^is required/,
  },
  {
    template: H.activity,
    path: `${P}/lastActivityTimestampByAddresses?addresses=${BAD_CHECKSUM}`,
    parameter: 'addresses',
  },
  {
    template: H.activity,
    method: 'POST',
    path: '/v1/networks/local/blockchains/p-chain/lastActivityTimestampByAddresses',
    body: utxosOf(FUJI_ADDRESS),
    parameter: 'network',
  },
  {
    template: H.activity,
    method: 'POST',
    path: `/v1/networks/fuji/blockchains/${mainnet.pChainId}x/lastActivityTimestampByAddresses`,
    body: utxosOf(FUJI_ADDRESS),
    parameter: 'blockchainId',
  },
  {
    template: H.activity,
    method: 'POST',
    path: `${X}/lastActivityTimestampByAddresses`,
    body: '{}',
    parameter: 'addresses',
  },
  {
    template: H.activity,
    method: 'POST',
    path: `${X}/lastActivityTimestampByAddresses`,
    body: utxosOf(SHORT_ADDRESS),
    parameter: 'addresses',
    says: /holds 19 bytes, not 20/,
  },
  // getChainIdsForAddresses
  {
    template: H.chainIds,
    path: `/v1/networks/devnet/addresses:listChainIds?addresses=${FUJI_ADDRESS}`,
    parameter: 'network',
  },
  {
    template: H.chainIds,
    path: '/v1/networks/fuji/addresses:listChainIds',
    parameter: 'addresses',
    says: /^is required/,
  },
  {
    template: H.chainIds,
    path: `/v1/networks/mainnet/addresses:listChainIds?addresses=${FUJI_ADDRESS}`,
    parameter: 'addresses',
  },
  // getAssetDetails
  { template: H.asset, path: `/v1/networks/main/blockchains/x-chain/assets/${ID}`, parameter: 'network' },
  { template: H.asset, path: `${P}/assets/${ID}`, parameter: 'blockchainId' },
  {
    template: H.asset,
    path: `${X}/assets/AVAX`,
    parameter: 'assetId',
    says: /^expected an asset id: cb58 of 32 bytes/,
  },
  // listAssetTransactions
  {
    template: H.assetTransactions,
    path: `/v1/networks/avax/blockchains/x-chain/assets/${ID}/transactions`,
    parameter: 'network',
  },
  { template: H.assetTransactions, path: `${C}/assets/${ID}/transactions`, parameter: 'blockchainId' },
  {
    template: H.assetTransactions,
    path: `${X}/assets/${ID.slice(0, -2)}/transactions`,
    parameter: 'assetId',
  },
  {
    template: H.assetTransactions,
    path: `${X}/assets/${ID}/transactions?txTypes=FooTx`,
    parameter: 'txTypes',
  },
  {
    template: H.assetTransactions,
    path: `${X}/assets/${ID}/transactions?startTimestamp=x`,
    parameter: 'startTimestamp',
  },
  {
    template: H.assetTransactions,
    path: `${X}/assets/${ID}/transactions?startTimestamp=9&endTimestamp=3`,
    parameter: 'startTimestamp',
    says: /must not be after endTimestamp/,
  },
  {
    template: H.assetTransactions,
    path: `${X}/assets/${ID}/transactions?endTimestamp=-1`,
    parameter: 'endTimestamp',
  },
  {
    template: H.assetTransactions,
    path: `${X}/assets/${ID}/transactions?pageSize=101`,
    parameter: 'pageSize',
  },
  {
    template: H.assetTransactions,
    path: `${X}/assets/${ID}/transactions?pageToken=x`,
    parameter: 'pageToken',
  },
  // listPrimaryNetworkBlocksByNodeId
  {
    template: H.nodeBlocks,
    path: `/v1/networks/Fuji/blockchains/p-chain/nodes/${NODE_ID}/blocks`,
    parameter: 'network',
  },
  {
    template: H.nodeBlocks,
    path: `/v1/networks/fuji/blockchains/d-chain/nodes/${NODE_ID}/blocks`,
    parameter: 'blockchainId',
  },
  {
    template: H.nodeBlocks,
    path: `${P}/nodes/${NODE_ID.slice(7)}/blocks`,
    parameter: 'nodeId',
    says: /^expected a node id/,
  },
  { template: H.nodeBlocks, path: `${P}/nodes/NodeID-${ID}/blocks`, parameter: 'nodeId' },
  {
    template: H.nodeBlocks,
    path: `${P}/nodes/${NODE_ID}/blocks?startTimestamp=1.5`,
    parameter: 'startTimestamp',
  },
  {
    template: H.nodeBlocks,
    path: `${P}/nodes/${NODE_ID}/blocks?endTimestamp=soon`,
    parameter: 'endTimestamp',
  },
  { template: H.nodeBlocks, path: `${P}/nodes/${NODE_ID}/blocks?pageSize=0`, parameter: 'pageSize' },
  { template: H.nodeBlocks, path: `${P}/nodes/${NODE_ID}/blocks?pageToken=forged`, parameter: 'pageToken' },
  // listLatestXChainVertices
  { template: H.latestVertices, path: '/v1/networks/x/blockchains/x-chain/vertices', parameter: 'network' },
  { template: H.latestVertices, path: `${P}/vertices`, parameter: 'blockchainId' },
  { template: H.latestVertices, path: `${X}/vertices?pageSize=200`, parameter: 'pageSize' },
  { template: H.latestVertices, path: `${X}/vertices?pageToken=%20`, parameter: 'pageToken' },
  // getVertexByHash
  { template: H.vertex, path: `/v1/networks/avax/blockchains/x-chain/vertices/${ID}`, parameter: 'network' },
  { template: H.vertex, path: `${C}/vertices/${ID}`, parameter: 'blockchainId' },
  {
    template: H.vertex,
    path: `${X}/vertices/0x${'ab'.repeat(32)}`,
    parameter: 'vertexHash',
    says: /^expected a vertex hash: cb58 of 32 bytes/,
  },
];
const BAD_PARAMETERS: BadParameterCase[] = [
  ...HOLDINGS_BAD_PARAMETERS,
  // listBlockchains, listSubnets: pages of up to 10000
  ...(['blockchains', 'subnets'] as const).flatMap((list): BadParameterCase[] => [
    { template: T[list], path: `/v1/networks/local/${list}`, parameter: 'network' },
    {
      template: T[list],
      path: `/v1/networks/fuji/${list}?pageSize=10001`,
      parameter: 'pageSize',
      says: /^expected an integer from 1 to 10000, got "10001"$/,
    },
    { template: T[list], path: `/v1/networks/fuji/${list}?pageSize=0`, parameter: 'pageSize' },
    { template: T[list], path: `/v1/networks/fuji/${list}?sortOrder=up`, parameter: 'sortOrder' },
    { template: T[list], path: `/v1/networks/fuji/${list}?pageToken=forged`, parameter: 'pageToken' },
  ]),
  // getSubnetById
  { template: T.subnet, path: `/v1/networks/avax/subnets/${ID}`, parameter: 'network' },
  {
    template: T.subnet,
    path: `/v1/networks/fuji/subnets/${ID.slice(0, -1)}`,
    parameter: 'subnetId',
    says: /^expected a subnet id: cb58 or hex of 32 bytes, got/,
  },
  { template: T.subnet, path: '/v1/networks/fuji/subnets/p-chain', parameter: 'subnetId' },
  // getBlockchainById
  { template: T.blockchain, path: '/v1/networks/devnet/blockchains/p-chain', parameter: 'network' },
  { template: T.blockchain, path: '/v1/networks/fuji/blockchains/q-chain', parameter: 'blockchainId' },
  {
    template: T.blockchain,
    path: `/v1/networks/fuji/blockchains/${mainnet.xChainId}`,
    parameter: 'blockchainId',
    says: /is the x-chain of mainnet, not of fuji/,
  },
  // listLatestPrimaryNetworkBlocks
  { template: T.blocks, path: '/v1/networks/Fuji/blockchains/p-chain/blocks', parameter: 'network' },
  { template: T.blocks, path: '/v1/networks/fuji/blockchains/P-Chain/blocks', parameter: 'blockchainId' },
  {
    template: T.blocks,
    path: `/v1/networks/testnet/blockchains/${mainnet.cChainId}/blocks`,
    parameter: 'blockchainId',
    says: /is the c-chain of mainnet, not of testnet/,
  },
  {
    template: T.blocks,
    path: `/v1/networks/mainnet/blockchains/${fuji.xChainId}/blocks`,
    parameter: 'blockchainId',
  },
  {
    template: T.blocks,
    path: `${P}/blocks?startTimestamp=-1`,
    parameter: 'startTimestamp',
    says: /^expected an integer ≥ 0 \(unix seconds\), got "-1"$/,
  },
  { template: T.blocks, path: `${P}/blocks?startTimestamp=1.5`, parameter: 'startTimestamp' },
  { template: T.blocks, path: `${P}/blocks?endTimestamp=soon`, parameter: 'endTimestamp' },
  {
    template: T.blocks,
    path: `${P}/blocks?startTimestamp=20&endTimestamp=10`,
    parameter: 'startTimestamp',
    says: /must not be after endTimestamp/,
  },
  {
    template: T.blocks,
    path: `${P}/blocks?pageSize=0`,
    parameter: 'pageSize',
    says: /^expected an integer from 1 to 100, got "0"$/,
  },
  { template: T.blocks, path: `${P}/blocks?pageSize=101`, parameter: 'pageSize' },
  { template: T.blocks, path: `${P}/blocks?pageSize=ten`, parameter: 'pageSize' },
  { template: T.blocks, path: `${P}/blocks?pageSize=1e1`, parameter: 'pageSize' },
  { template: T.blocks, path: `${P}/blocks?pageSize=5&pageSize=6`, parameter: 'pageSize' },
  {
    template: T.blocks,
    path: `${P}/blocks?pageToken=not-a-token`,
    parameter: 'pageToken',
    says: /malformed/,
  },
  // getBlockById
  { template: T.block, path: '/v1/networks/main/blockchains/p-chain/blocks/1', parameter: 'network' },
  { template: T.block, path: '/v1/networks/fuji/blockchains/d-chain/blocks/1', parameter: 'blockchainId' },
  { template: T.block, path: `${P}/blocks/0xabc`, parameter: 'blockId' },
  { template: T.block, path: `${C}/blocks/0x${'ab'.repeat(33)}`, parameter: 'blockId' },
  { template: T.block, path: `${P}/blocks/-1`, parameter: 'blockId' },
  // Heights are int64 in the services: past that, a 400 here rather than SQL out of range there.
  {
    template: T.block,
    path: `${P}/blocks/${2n ** 63n}`,
    parameter: 'blockId',
    says: /^expected a block height \(0 to 9223372036854775807, no leading zeros\)/,
  },
  { template: T.block, path: `${X}/blocks/${2n ** 64n}`, parameter: 'blockId' },
  { template: T.block, path: `${P}/blocks/99999999999999999999`, parameter: 'blockId' },
  { template: T.block, path: `${P}/blocks/007`, parameter: 'blockId' },
  // getVertexByHeight
  {
    template: T.vertices,
    path: '/v1/networks/x/blockchains/x-chain/vertices:listByHeight',
    parameter: 'network',
  },
  { template: T.vertices, path: `${P}/vertices:listByHeight?vertexHeight=1`, parameter: 'blockchainId' },
  { template: T.vertices, path: `${C}/vertices:listByHeight?vertexHeight=1`, parameter: 'blockchainId' },
  {
    template: T.vertices,
    path: `/v1/networks/mainnet/blockchains/${fuji.xChainId}/vertices:listByHeight?vertexHeight=1`,
    parameter: 'blockchainId',
  },
  {
    template: T.vertices,
    path: `${X}/vertices:listByHeight`,
    parameter: 'vertexHeight',
    says: /^is required/,
  },
  { template: T.vertices, path: `${X}/vertices:listByHeight?vertexHeight=-3`, parameter: 'vertexHeight' },
  { template: T.vertices, path: `${X}/vertices:listByHeight?vertexHeight=top`, parameter: 'vertexHeight' },
  {
    template: T.vertices,
    path: `${X}/vertices:listByHeight?vertexHeight=1&pageSize=200`,
    parameter: 'pageSize',
  },
  {
    template: T.vertices,
    path: `${X}/vertices:listByHeight?vertexHeight=1&pageToken=%20`,
    parameter: 'pageToken',
  },
  {
    template: T.vertices,
    path: `${X}/vertices:listByHeight?vertexHeight=1&sortOrder=up`,
    parameter: 'sortOrder',
    says: /^expected one of asc, desc, got "up"$/,
  },
  // listLatestPrimaryNetworkTransactions
  {
    template: T.transactions,
    path: '/v1/networks/avax/blockchains/p-chain/transactions',
    parameter: 'network',
  },
  {
    template: T.transactions,
    path: '/v1/networks/fuji/blockchains/c/transactions',
    parameter: 'blockchainId',
  },
  {
    template: T.transactions,
    path: `${P}/transactions?addresses=${BAD_CHECKSUM}`,
    parameter: 'addresses',
    says: new RegExp(`^"${BAD_CHECKSUM}" is not an address: its bech32 checksum does not match$`),
  },
  {
    template: T.transactions,
    path: `${P}/transactions?addresses=P-${FUJI_ADDRESS},X-${MAINNET_ADDRESS}`,
    parameter: 'addresses',
    says: new RegExp(`^"X-${MAINNET_ADDRESS}" has the prefix "avax"; addresses on fuji start with "fuji"$`),
  },
  {
    template: T.transactions,
    path: `${P}/transactions?addresses=${SHORT_ADDRESS}`,
    parameter: 'addresses',
    says: /holds 19 bytes, not 20/,
  },
  { template: T.transactions, path: `${P}/transactions?addresses=hello`, parameter: 'addresses' },
  {
    template: T.transactions,
    path: `${P}/transactions?addresses=${EVM_ADDRESS}`,
    parameter: 'addresses',
    says: /EVM addresses are accepted on the C-Chain only/,
  },
  { template: T.transactions, path: `${C}/transactions?addresses=0x1234`, parameter: 'addresses' },
  { template: T.transactions, path: `${P}/transactions?l1ValidationId=xyz`, parameter: 'l1ValidationId' },
  {
    template: T.transactions,
    path: `${P}/transactions?l1ValidationId=0x${'ab'.repeat(31)}`,
    parameter: 'l1ValidationId',
  },
  {
    template: T.transactions,
    path: `${X}/transactions?l1ValidationId=${ID}`,
    parameter: 'l1ValidationId',
    says: /P-Chain/,
  },
  {
    template: T.transactions,
    path: `${P}/transactions?addresses=${FUJI_ADDRESS}&txTypes=BaseTx&txTypes=FooTx`,
    parameter: 'txTypes',
    says: /got "FooTx"$/,
  },
  {
    template: T.transactions,
    path: `${P}/transactions?addresses=${FUJI_ADDRESS}&txTypes=BaseTx,ImportTx,Nope`,
    parameter: 'txTypes',
  },
  {
    template: T.transactions,
    path: `${P}/transactions?txTypes=BaseTx`,
    parameter: 'txTypes',
    says: /needs addresses/,
  },
  {
    template: T.transactions,
    path: `${P}/transactions?startTimestamp=1`,
    parameter: 'startTimestamp',
    says: /needs addresses/,
  },
  {
    template: T.transactions,
    path: `${P}/transactions?endTimestamp=1`,
    parameter: 'endTimestamp',
    says: /needs addresses/,
  },
  {
    template: T.transactions,
    path: `${P}/transactions?addresses=${FUJI_ADDRESS}&startTimestamp=x`,
    parameter: 'startTimestamp',
  },
  {
    template: T.transactions,
    path: `${P}/transactions?addresses=${FUJI_ADDRESS}&endTimestamp=-5`,
    parameter: 'endTimestamp',
  },
  { template: T.transactions, path: `${P}/transactions?pageSize=1000`, parameter: 'pageSize' },
  { template: T.transactions, path: `${P}/transactions?pageToken=abc`, parameter: 'pageToken' },
  { template: T.transactions, path: `${P}/transactions?sortOrder=ASC`, parameter: 'sortOrder' },
  // getTxByHash
  {
    template: T.transaction,
    path: `/v1/networks/testnett/blockchains/p-chain/transactions/${ID}`,
    parameter: 'network',
  },
  {
    template: T.transaction,
    path: `/v1/networks/fuji/blockchains/chain/transactions/${ID}`,
    parameter: 'blockchainId',
  },
  { template: T.transaction, path: `${P}/transactions/${ID.slice(0, -1)}`, parameter: 'txHash' },
  { template: T.transaction, path: `${P}/transactions/0x${'ab'.repeat(31)}`, parameter: 'txHash' },
  // getUtxosByAddresses (v1)
  {
    template: T.utxos,
    path: `/v1/networks/local/blockchains/p-chain/utxos?addresses=${FUJI_ADDRESS}`,
    parameter: 'network',
  },
  {
    template: T.utxos,
    path: `/v1/networks/fuji/blockchains/p/utxos?addresses=${FUJI_ADDRESS}`,
    parameter: 'blockchainId',
  },
  { template: T.utxos, path: `${P}/utxos`, parameter: 'addresses', says: /^is required/ },
  { template: T.utxos, path: `${P}/utxos?addresses=avax1qqqq`, parameter: 'addresses' },
  { template: T.utxos, path: `${P}/utxos?addresses=${FUJI_ADDRESS}&pageSize=101`, parameter: 'pageSize' },
  { template: T.utxos, path: `${P}/utxos?addresses=${FUJI_ADDRESS}&pageToken=x`, parameter: 'pageToken' },
  { template: T.utxos, path: `${P}/utxos?addresses=${FUJI_ADDRESS}&assetId=abc`, parameter: 'assetId' },
  {
    template: T.utxos,
    path: `${P}/utxos?addresses=${FUJI_ADDRESS}&minUtxoAmount=-1`,
    parameter: 'minUtxoAmount',
  },
  {
    template: T.utxos,
    path: `${P}/utxos?addresses=${FUJI_ADDRESS}&includeSpent=yes`,
    parameter: 'includeSpent',
  },
  { template: T.utxos, path: `${P}/utxos?addresses=${FUJI_ADDRESS}&sortBy=size`, parameter: 'sortBy' },
  { template: T.utxos, path: `${P}/utxos?addresses=${FUJI_ADDRESS}&sortOrder=up`, parameter: 'sortOrder' },
  // getUtxosByAddressesV2
  {
    template: T.utxos,
    method: 'POST',
    path: '/v1/networks/local/blockchains/p-chain/utxos',
    body: utxosOf(FUJI_ADDRESS),
    parameter: 'network',
  },
  {
    template: T.utxos,
    method: 'POST',
    path: '/v1/networks/fuji/blockchains/11111111111111111111111111111111/utxos',
    body: utxosOf(FUJI_ADDRESS),
    parameter: 'blockchainId',
  },
  { template: T.utxos, method: 'POST', path: `${P}/utxos`, parameter: 'addresses', says: /^is required/ },
  { template: T.utxos, method: 'POST', path: `${P}/utxos`, body: '{"addresses":', parameter: 'addresses' },
  { template: T.utxos, method: 'POST', path: `${P}/utxos`, body: '{}', parameter: 'addresses' },
  {
    template: T.utxos,
    method: 'POST',
    path: `${P}/utxos`,
    body: utxosOf(FUJI_ADDRESS),
    headers: { 'content-type': 'text/plain' },
    parameter: 'addresses',
    says: /^expected a JSON body \(Content-Type: application\/json\), got Content-Type "text\/plain"$/,
  },
  {
    template: T.utxos,
    method: 'POST',
    path: `${P}/utxos`,
    body: utxosOf(FUJI_ADDRESS),
    headers: { 'content-type': 'application/json; charset=latin1' },
    parameter: 'addresses',
  },
  {
    template: T.utxos,
    method: 'POST',
    path: `${P}/utxos`,
    body: `{"addresses":${'['.repeat(10_000)}${']'.repeat(10_000)}}`,
    parameter: 'addresses',
    says: /^expected a JSON body nested at most 32 levels deep$/,
  },
  {
    template: T.utxos,
    method: 'POST',
    path: `${P}/utxos`,
    body: `{"addresses":${'['.repeat(20)}${']'.repeat(20)}}`,
    parameter: 'addresses',
    says: /got \[\[\[/,
  },
  { template: T.utxos, method: 'POST', path: `${P}/utxos`, body: '"fuji1"', parameter: 'addresses' },
  {
    template: T.utxos,
    method: 'POST',
    path: `${P}/utxos`,
    body: utxosOf(' , '),
    parameter: 'addresses',
    says: /at least one address/,
  },
  {
    template: T.utxos,
    method: 'POST',
    path: `${P}/utxos`,
    body: JSON.stringify({ addresses: [FUJI_ADDRESS] }),
    parameter: 'addresses',
  },
  {
    template: T.utxos,
    method: 'POST',
    path: `${P}/utxos`,
    body: utxosOf(BAD_CHECKSUM),
    parameter: 'addresses',
  },
  {
    template: T.utxos,
    method: 'POST',
    path: `${P}/utxos`,
    body: utxosOf(MAINNET_ADDRESS),
    parameter: 'addresses',
  },
  {
    template: T.utxos,
    method: 'POST',
    path: `${C}/utxos`,
    body: utxosOf(EVM_ADDRESS),
    parameter: 'addresses',
  },
  {
    template: T.utxos,
    method: 'POST',
    path: `${P}/utxos?pageToken=%24%24`,
    body: utxosOf(FUJI_ADDRESS),
    parameter: 'pageToken',
  },
  {
    template: T.utxos,
    method: 'POST',
    path: `${P}/utxos?pageSize=1025`,
    body: utxosOf(FUJI_ADDRESS),
    parameter: 'pageSize',
    says: /^expected an integer from 1 to 1024, got "1025"$/,
  },
  {
    template: T.utxos,
    method: 'POST',
    path: `${X}/utxos?assetId=AVAX`,
    body: utxosOf(FUJI_ADDRESS),
    parameter: 'assetId',
  },
  {
    template: T.utxos,
    method: 'POST',
    path: `${P}/utxos?assetId=${fuji.avaxAssetId}`,
    body: utxosOf(FUJI_ADDRESS),
    parameter: 'assetId',
    says: /X-Chain/,
  },
  {
    template: T.utxos,
    method: 'POST',
    path: `${P}/utxos?minUtxoAmount=-1`,
    body: utxosOf(FUJI_ADDRESS),
    parameter: 'minUtxoAmount',
  },
  {
    template: T.utxos,
    method: 'POST',
    path: `${P}/utxos?minUtxoAmount=lots`,
    body: utxosOf(FUJI_ADDRESS),
    parameter: 'minUtxoAmount',
  },
  {
    template: T.utxos,
    method: 'POST',
    path: `${P}/utxos?includeSpent=yes`,
    body: utxosOf(FUJI_ADDRESS),
    parameter: 'includeSpent',
    says: /^expected true or false, got "yes"$/,
  },
  {
    template: T.utxos,
    method: 'POST',
    path: `${P}/utxos?sortBy=size`,
    body: utxosOf(FUJI_ADDRESS),
    parameter: 'sortBy',
  },
  {
    template: T.utxos,
    method: 'POST',
    path: `${P}/utxos?sortOrder=random`,
    body: utxosOf(FUJI_ADDRESS),
    parameter: 'sortOrder',
  },
  // listHistoricalPrimaryNetworkRewards
  { template: T.rewards, path: `/v1/networks/xfuji/rewards?addresses=${FUJI_ADDRESS}`, parameter: 'network' },
  {
    template: T.rewards,
    path: '/v1/networks/fuji/rewards',
    parameter: 'addresses',
    says: /^at least one of addresses or nodeIds is required$/,
  },
  { template: T.rewards, path: '/v1/networks/fuji/rewards?addresses=,', parameter: 'addresses' },
  {
    template: T.rewards,
    path: `/v1/networks/mainnet/rewards?addresses=${FUJI_ADDRESS}`,
    parameter: 'addresses',
  },
  { template: T.rewards, path: `/v1/networks/fuji/rewards?addresses=${EVM_ADDRESS}`, parameter: 'addresses' },
  { template: T.rewards, path: '/v1/networks/fuji/rewards?nodeIds=NodeID-xyz', parameter: 'nodeIds' },
  { template: T.rewards, path: `/v1/networks/fuji/rewards?nodeIds=${ID}`, parameter: 'nodeIds' },
  {
    template: T.rewards,
    path: `/v1/networks/fuji/rewards?nodeIds=${NODE_ID}&pageSize=0`,
    parameter: 'pageSize',
  },
  {
    template: T.rewards,
    path: `/v1/networks/fuji/rewards?nodeIds=${NODE_ID}&pageToken=x`,
    parameter: 'pageToken',
  },
  {
    template: T.rewards,
    path: `/v1/networks/fuji/rewards?nodeIds=${NODE_ID}&sortOrder=1`,
    parameter: 'sortOrder',
  },
  {
    template: T.rewards,
    path: `/v1/networks/fuji/rewards?nodeIds=${NODE_ID}&currency=btc`,
    parameter: 'currency',
    says: /^expected one of usd, eur, .*, nzd, got "btc"$/,
  },
  // listPendingPrimaryNetworkRewards
  {
    template: T.pendingRewards,
    path: `/v1/networks/fujii/rewards:listPending?nodeIds=${NODE_ID}`,
    parameter: 'network',
  },
  { template: T.pendingRewards, path: '/v1/networks/fuji/rewards:listPending', parameter: 'addresses' },
  {
    template: T.pendingRewards,
    path: `/v1/networks/fuji/rewards:listPending?addresses=${BAD_CHECKSUM}`,
    parameter: 'addresses',
  },
  {
    template: T.pendingRewards,
    path: `/v1/networks/fuji/rewards:listPending?nodeIds=${NODE_ID},NodeID-`,
    parameter: 'nodeIds',
  },
  {
    template: T.pendingRewards,
    path: `/v1/networks/fuji/rewards:listPending?nodeIds=${NODE_ID}&pageSize=101`,
    parameter: 'pageSize',
  },
  {
    template: T.pendingRewards,
    path: `/v1/networks/fuji/rewards:listPending?nodeIds=${NODE_ID}&pageToken=x`,
    parameter: 'pageToken',
  },
  {
    template: T.pendingRewards,
    path: `/v1/networks/fuji/rewards:listPending?nodeIds=${NODE_ID}&sortOrder=newest`,
    parameter: 'sortOrder',
  },
  // getNetworkDetails
  { template: T.network, path: '/v1/networks/devnet', parameter: 'network' },
  // listValidators
  { template: T.validators, path: '/v1/networks/local/validators', parameter: 'network' },
  { template: T.validators, path: '/v1/networks/fuji/validators?pageSize=101', parameter: 'pageSize' },
  { template: T.validators, path: '/v1/networks/fuji/validators?pageToken=x', parameter: 'pageToken' },
  { template: T.validators, path: '/v1/networks/fuji/validators?nodeIds=NodeID-', parameter: 'nodeIds' },
  {
    template: T.validators,
    path: '/v1/networks/fuji/validators?sortBy=stake',
    parameter: 'sortBy',
    says: /^expected one of blockIndex, delegationCapacity, timeRemaining, delegationFee, uptimePerformance/,
  },
  { template: T.validators, path: '/v1/networks/fuji/validators?sortOrder=up', parameter: 'sortOrder' },
  {
    template: T.validators,
    path: '/v1/networks/fuji/validators?validationStatus=done',
    parameter: 'validationStatus',
  },
  {
    template: T.validators,
    path: '/v1/networks/fuji/validators?minDelegationCapacity=1e9',
    parameter: 'minDelegationCapacity',
  },
  {
    template: T.validators,
    path: '/v1/networks/fuji/validators?maxDelegationCapacity=720000000000000001',
    parameter: 'maxDelegationCapacity',
  },
  {
    template: T.validators,
    path: '/v1/networks/fuji/validators?minDelegationCapacity=10&maxDelegationCapacity=9',
    parameter: 'minDelegationCapacity',
  },
  {
    template: T.validators,
    path: '/v1/networks/fuji/validators?minTimeRemaining=-1',
    parameter: 'minTimeRemaining',
  },
  {
    template: T.validators,
    path: '/v1/networks/fuji/validators?maxTimeRemaining=2147483648',
    parameter: 'maxTimeRemaining',
  },
  {
    template: T.validators,
    path: '/v1/networks/fuji/validators?minFeePercentage=1.5',
    parameter: 'minFeePercentage',
    says: /^expected a number from 2 to 100, got "1.5"$/,
  },
  {
    template: T.validators,
    path: '/v1/networks/fuji/validators?maxFeePercentage=x',
    parameter: 'maxFeePercentage',
  },
  {
    template: T.validators,
    path: '/v1/networks/fuji/validators?minUptimePerformance=101',
    parameter: 'minUptimePerformance',
  },
  {
    template: T.validators,
    path: '/v1/networks/fuji/validators?minUptimePerformance=90&maxUptimePerformance=80',
    parameter: 'minUptimePerformance',
  },
  {
    template: T.validators,
    path: '/v1/networks/fuji/validators?maxUptimePerformance=',
    parameter: 'maxUptimePerformance',
  },
  { template: T.validators, path: '/v1/networks/fuji/validators?subnetId=abc', parameter: 'subnetId' },
  // getSingleValidatorDetails
  { template: T.validator, path: `/v1/networks/fuj/validators/${NODE_ID}`, parameter: 'network' },
  { template: T.validator, path: `/v1/networks/fuji/validators/${ID}`, parameter: 'nodeId' },
  {
    template: T.validator,
    path: `/v1/networks/fuji/validators/${NODE_ID}?pageSize=0`,
    parameter: 'pageSize',
  },
  {
    template: T.validator,
    path: `/v1/networks/fuji/validators/${NODE_ID}?pageToken=x`,
    parameter: 'pageToken',
  },
  {
    template: T.validator,
    path: `/v1/networks/fuji/validators/${NODE_ID}?validationStatus=x`,
    parameter: 'validationStatus',
  },
  {
    template: T.validator,
    path: `/v1/networks/fuji/validators/${NODE_ID}?sortOrder=x`,
    parameter: 'sortOrder',
  },
  // listDelegators
  { template: T.delegators, path: '/v1/networks/x/delegators', parameter: 'network' },
  { template: T.delegators, path: '/v1/networks/fuji/delegators?pageSize=1000', parameter: 'pageSize' },
  { template: T.delegators, path: '/v1/networks/fuji/delegators?pageToken=x', parameter: 'pageToken' },
  {
    template: T.delegators,
    path: `/v1/networks/fuji/delegators?rewardAddresses=${MAINNET_ADDRESS}`,
    parameter: 'rewardAddresses',
  },
  {
    template: T.delegators,
    path: `/v1/networks/fuji/delegators?rewardAddresses=${EVM_ADDRESS}`,
    parameter: 'rewardAddresses',
  },
  { template: T.delegators, path: '/v1/networks/fuji/delegators?sortOrder=x', parameter: 'sortOrder' },
  {
    template: T.delegators,
    path: '/v1/networks/fuji/delegators?delegationStatus=removed',
    parameter: 'delegationStatus',
  },
  { template: T.delegators, path: `/v1/networks/fuji/delegators?nodeIds=${ID}`, parameter: 'nodeIds' },
  // listL1Validators
  { template: T.l1Validators, path: '/v1/networks/x/l1Validators', parameter: 'network' },
  { template: T.l1Validators, path: '/v1/networks/fuji/l1Validators?pageSize=0', parameter: 'pageSize' },
  { template: T.l1Validators, path: '/v1/networks/fuji/l1Validators?pageToken=x', parameter: 'pageToken' },
  {
    template: T.l1Validators,
    path: '/v1/networks/fuji/l1Validators?l1ValidationId=0x12',
    parameter: 'l1ValidationId',
  },
  {
    template: T.l1Validators,
    path: '/v1/networks/fuji/l1Validators?includeInactiveL1Validators=1',
    parameter: 'includeInactiveL1Validators',
  },
  { template: T.l1Validators, path: '/v1/networks/fuji/l1Validators?nodeId=NodeID-1', parameter: 'nodeId' },
  { template: T.l1Validators, path: '/v1/networks/fuji/l1Validators?subnetId=x', parameter: 'subnetId' },
  // listActivePrimaryNetworkStakingTransactions
  {
    template: T.stakingTransactions,
    path: '/v1/networks/main/blockchains/p-chain/transactions:listStaking',
    parameter: 'network',
  },
  {
    template: T.stakingTransactions,
    path: `${C}/transactions:listStaking`,
    parameter: 'blockchainId',
  },
  {
    template: T.stakingTransactions,
    path: `${P}/transactions:listStaking?addresses=${MAINNET_ADDRESS}`,
    parameter: 'addresses',
  },
  {
    template: T.stakingTransactions,
    path: `${P}/transactions:listStaking?txTypes=AddValidatorTx&txTypes=Stake`,
    parameter: 'txTypes',
  },
  {
    template: T.stakingTransactions,
    path: `${P}/transactions:listStaking?startTimestamp=-5`,
    parameter: 'startTimestamp',
  },
  {
    template: T.stakingTransactions,
    path: `${P}/transactions:listStaking?startTimestamp=9&endTimestamp=8`,
    parameter: 'startTimestamp',
  },
  {
    template: T.stakingTransactions,
    path: `${P}/transactions:listStaking?endTimestamp=x`,
    parameter: 'endTimestamp',
  },
  {
    template: T.stakingTransactions,
    path: `${P}/transactions:listStaking?pageSize=0`,
    parameter: 'pageSize',
  },
  {
    template: T.stakingTransactions,
    path: `${P}/transactions:listStaking?pageToken=x`,
    parameter: 'pageToken',
  },
  {
    template: T.stakingTransactions,
    path: `${P}/transactions:listStaking?sortOrder=x`,
    parameter: 'sortOrder',
  },
];

describe('gateway-data without a primary-network service', function () {
  let gateway: { base: string; close(): Promise<void> };
  let grpc: { close(): void };
  let calls: string[];

  before(async function () {
    const unusedPort = await freePort();
    const client = createGrpcClient(PrimaryNetworkService, `127.0.0.1:${unusedPort}`, 2_000);
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

  it('covers every parameter of every primary-network route in the table below', function () {
    for (const route of PRIMARY_NETWORK_ROUTES) {
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
    it(`${c.method ?? 'GET'} ${c.path}${c.body === undefined ? '' : ` ${c.body}`}: 400 naming ${c.parameter}`, async function () {
      const reply = await request(gateway.base, c.method ?? 'GET', c.path, c.body, c.headers);
      expect(reply.status, JSON.stringify(reply.body)).to.equal(400);
      expect(reply.headers.get('content-type')).to.equal('application/json; charset=utf-8');
      const message = String(reply.body.message);
      expect(message.startsWith(`${c.parameter}: `), message).to.equal(true);
      if (c.says) expect(message.slice(c.parameter.length + 2)).to.match(c.says);
      expect(reply.body).to.deep.equal({ message, statusCode: 400, error: 'Bad Request' });
      assertDataApiResponse(c.method ?? 'GET', c.template, 400, reply.body);
      expect(calls, 'no gRPC call for a bad request').to.deep.equal([]);
    });
  }

  it('ignores query parameters it does not know, as the real API does', async function () {
    const reply = await request(gateway.base, 'GET', `${P}/blocks?pageSize=5&color=blue&pageSize2=x`);
    expect(reply.status).to.equal(503);
    expect(calls).to.deep.equal(['ListBlocks']);
  });

  it('matches the colon routes literally: rewards:listPending is not rewards (it takes no currency)', async function () {
    const pending = await request(
      gateway.base,
      'GET',
      `/v1/networks/fuji/rewards:listPending?nodeIds=${NODE_ID}&currency=btc`,
    );
    expect(pending.status).to.equal(503);
    expect(calls).to.deep.equal(['ListPendingRewards']);
    const historical = await request(
      gateway.base,
      'GET',
      `/v1/networks/fuji/rewards?nodeIds=${NODE_ID}&currency=btc`,
    );
    expect(historical.status).to.equal(400);
    for (const path of [
      '/v1/networks/fuji/rewards:listOther',
      `${X}/vertices:listByHeights?vertexHeight=1`,
    ]) {
      const reply = await request(gateway.base, 'GET', path);
      expect(reply.status, path).to.equal(404);
    }
  });

  it('answers a valid request it cannot serve with a 503 in the documented shape, without hanging', async function () {
    const started = performance.now();
    const reply = await request(gateway.base, 'GET', `${P}/blocks`, undefined, {
      'x-data-api-key': 'some-key',
      'x-glacier-api-key': 'other-key',
    });
    expect(performance.now() - started).to.be.below(2_500);
    expect(reply.status).to.equal(503);
    expect(reply.body).to.deep.equal({
      message: 'the data service is unavailable; try again later',
      statusCode: 503,
      error: 'Service Unavailable',
    });
    assertDataApiResponse('GET', T.blocks, 503, reply.body);
    expect(calls).to.deep.equal(['ListBlocks']);
  });

  it('answers an unknown path or method with the API error body', async function () {
    const unknown = await request(gateway.base, 'GET', '/v1/networks/fuji/nothing');
    expect(unknown.status).to.equal(404);
    expect(unknown.body).to.deep.equal({
      message: 'Cannot GET /v1/networks/fuji/nothing',
      statusCode: 404,
      error: 'Not Found',
    });
    assertDataApiResponse('GET', T.blockchain, 404, unknown.body);
    const wrongMethod = await request(gateway.base, 'PUT', `${P}/utxos`);
    expect(wrongMethod.status).to.equal(404);
  });

  it('answers CORS preflights for the API key headers', async function () {
    const response = await fetch(`${gateway.base}${P}/utxos`, {
      method: 'OPTIONS',
      headers: { origin: 'https://app.example', 'access-control-request-method': 'POST' },
    });
    expect(response.status).to.equal(204);
    expect(response.headers.get('access-control-allow-origin')).to.equal('*');
    expect(response.headers.get('access-control-allow-headers')).to.include('x-glacier-api-key');
  });

  it('serves its OpenAPI 3.1 document with every route and the official parameter names', async function () {
    const reply = await request(gateway.base, 'GET', '/openapi.json');
    expect(reply.status).to.equal(200);
    expect(reply.body.openapi).to.equal('3.1.0');
    const paths = reply.body.paths as Record<string, Record<string, Record<string, unknown>>>;
    for (const route of DATA_ROUTES) {
      const operation = paths[route.path]?.[route.method.toLowerCase()];
      expect(operation, route.path).to.not.equal(undefined);
      expect(operation!.operationId).to.equal(route.operationId);
      const parameters = operation!.parameters as { name: string; in: string; required: boolean }[];
      const official = officialParameters(route.path, route.method);
      expect(parameters.map((p) => `${p.in} ${p.name}`).sort()).to.deep.equal(
        official.map((p) => `${p.in} ${p.name}`).sort(),
      );
      for (const p of parameters)
        expect(p.required, `${route.operationId} ${p.name}`).to.equal(
          official.find((o) => o.name === p.name)!.required,
        );
    }
    const vertices = paths[T.vertices]!.get!.parameters as {
      name: string;
      schema: Record<string, unknown>;
    }[];
    expect(vertices.find((p) => p.name === 'pageSize')!.schema).to.deep.equal({
      default: 10,
      type: 'integer',
      minimum: 1,
      maximum: 100,
    });
    const utxos = paths[T.utxos]!.post!;
    expect(utxos.requestBody)
      .to.have.nested.property('content.application/json.schema.required')
      .that.deep.equals(['addresses']);
  });
});

function officialParameters(path: string, method: string): { name: string; in: string; required: boolean }[] {
  const operation = dataApiDocument().paths[path]?.[method.toLowerCase()];
  if (!operation) throw new Error(`the Data API document has no ${method} ${path}`);
  return (operation.parameters ?? []).map((p) => ({ name: p.name, in: p.in, required: p.required ?? false }));
}

describe('gateway-data when the service does not answer in time', function () {
  let silentServer: TcpServer;
  const sockets: Socket[] = [];
  let grpc: { close(): void };
  let gateway: { base: string; close(): Promise<void> };

  before(async function () {
    // Accepts connections and never speaks HTTP/2: the call can only end at its deadline.
    silentServer = createTcpServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silentServer.listen(0, '127.0.0.1', resolve));
    const client = createGrpcClient(
      PrimaryNetworkService,
      `127.0.0.1:${(silentServer.address() as AddressInfo).port}`,
      500,
    );
    grpc = client;
    gateway = await startGateway(client.unary);
  });

  after(async function () {
    await gateway?.close();
    grpc?.close();
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => silentServer.close(() => resolve()));
  });

  it('answers 503 at the gRPC deadline', async function () {
    const started = performance.now();
    const reply = await request(gateway.base, 'GET', `${P}/blocks`);
    const elapsed = performance.now() - started;
    expect(elapsed).to.be.within(400, 3_000);
    expect(reply.status).to.equal(503);
    expect(reply.body).to.deep.equal({
      message: 'the data service did not answer in time; try again later',
      statusCode: 503,
      error: 'Service Unavailable',
    });
    assertDataApiResponse('GET', T.blocks, 503, reply.body);
  });
});

describe('gateway-data caller admission (the seam for API keys and rate limits)', function () {
  const admitted: { apiKey: string | undefined; operationId: string }[] = [];
  let gateway: { base: string; close(): Promise<void> };
  const refusing: RestAdmission = {
    admit(ctx, { operationId }) {
      const apiKey = apiKeyOf(ctx.headers);
      admitted.push({ apiKey, operationId });
      if (apiKey === 'over-the-limit') throw new DomainError('resource_exhausted', 'rate limit exceeded');
    },
  };
  const unreachable = new Proxy({} as PrimaryNetworkClient, {
    get: () => () => Promise.reject(new DomainError('not_found', 'nothing here')),
  });

  before(async function () {
    gateway = await startGateway(unreachable, refusing);
  });

  after(async function () {
    await gateway?.close();
  });

  it('hands the admission the key from either header, before validation', async function () {
    await request(gateway.base, 'GET', `${P}/blocks`, undefined, { 'x-data-api-key': 'data-key' });
    await request(gateway.base, 'GET', `${P}/blocks?pageSize=0`, undefined, {
      'x-glacier-api-key': 'glacier-key',
    });
    await request(gateway.base, 'GET', '/v1/networks/fuji/rewards');
    expect(admitted).to.deep.equal([
      { apiKey: 'data-key', operationId: 'listLatestPrimaryNetworkBlocks' },
      { apiKey: 'glacier-key', operationId: 'listLatestPrimaryNetworkBlocks' },
      { apiKey: undefined, operationId: 'listHistoricalPrimaryNetworkRewards' },
    ]);
  });

  it('answers a refused caller with the documented error body', async function () {
    const reply = await request(gateway.base, 'GET', `${P}/blocks`, undefined, {
      'x-glacier-api-key': 'over-the-limit',
    });
    expect(reply.status).to.equal(429);
    expect(reply.body).to.deep.equal({
      message: 'rate limit exceeded',
      statusCode: 429,
      error: 'Too Many Requests',
    });
    assertDataApiResponse('GET', T.blocks, 429, reply.body);
  });
});

describe('Data API response validator (test support)', function () {
  const asset = {
    assetId: ID,
    name: 'Avalanche',
    symbol: 'AVAX',
    denomination: 9,
    type: 'secp256k1',
    amount: '1',
  };
  const pChainTransaction = {
    txHash: ID,
    txType: 'BaseTx',
    blockTimestamp: 1_700_000_000,
    blockNumber: '12',
    blockHash: ID,
    consumedUtxos: [],
    emittedUtxos: [],
    value: [asset],
    amountBurned: [],
    amountStaked: [],
    amountL1ValidatorBalanceBurned: [],
  };

  it('accepts a minimal valid PChainTransaction', function () {
    expect(validateDataApiResponse('GET', T.transaction, 200, pChainTransaction)).to.deep.equal([]);
  });

  it('rejects a PChainTransaction without txHash, saying so', function () {
    const { txHash: _txHash, ...withoutHash } = pChainTransaction;
    const errors = validateDataApiResponse('GET', T.transaction, 200, withoutHash);
    expect(errors).to.not.deep.equal([]);
    expect(errors.join('\n')).to.include("must have required property 'txHash'");
    expect(() => assertDataApiResponse('GET', T.transaction, 200, withoutHash)).to.throw(/txHash/);
  });

  it('checks enums and nested $refs (an AssetAmount of an unknown type)', function () {
    const errors = validateDataApiResponse('GET', T.transaction, 200, {
      ...pChainTransaction,
      value: [{ ...asset, type: 'erc20' }],
    });
    expect(errors.join('\n')).to.include('/value/0/type must be equal to one of the allowed values');
  });

  it('accepts an empty page of a union of list responses (oneOf checked as anyOf)', function () {
    expect(
      validateDataApiResponse('GET', T.transactions, 200, {
        transactions: [],
        chainInfo: { chainName: 'p-chain', network: 'fuji' },
      }),
    ).to.deep.equal([]);
  });

  it('checks error bodies against the documented error schemas', function () {
    expect(
      validateDataApiResponse('GET', T.blocks, 400, { message: 'x', statusCode: 400, error: 'Bad Request' }),
    ).to.deep.equal([]);
    expect(
      validateDataApiResponse('GET', T.blocks, 400, { message: 'x', statusCode: 400 }),
    ).to.not.deep.equal([]);
  });

  it('refuses to validate a route or status the document does not describe', function () {
    expect(() => validateDataApiResponse('GET', '/v1/nothing', 200, {})).to.throw(/no GET \/v1\/nothing/);
    expect(() => validateDataApiResponse('GET', T.blocks, 418, {})).to.throw(/no 418 response/);
  });
});

// ---- With a stub service: documents and paging

const BLOCK = {
  blockNumber: '12',
  blockHash: ID,
  parentHash: ID,
  blockTimestamp: 1_700_000_000,
  blockType: 'ApricotProposalBlock',
  txCount: 1,
  transactions: [ID],
  blockSizeBytes: 300,
};
const ASSET = {
  assetId: fuji.avaxAssetId,
  name: 'Avalanche',
  symbol: 'AVAX',
  denomination: 9,
  type: 'secp256k1',
  amount: '1000',
};
const P_CHAIN_UTXO = {
  addresses: [FUJI_ADDRESS],
  asset: ASSET,
  consumedOnChainId: fuji.pChainId,
  createdOnChainId: fuji.pChainId,
  utxoId: ID,
  amount: '1000',
  assetId: fuji.avaxAssetId,
  blockNumber: '12',
  blockTimestamp: 1_700_000_000,
  outputIndex: 0,
  txHash: ID,
  utxoType: 'TRANSFER',
  staked: false,
};
const P_CHAIN_TRANSACTION = {
  txHash: ID,
  txType: 'BaseTx',
  blockTimestamp: 1_700_000_000,
  blockNumber: '12',
  blockHash: ID,
  consumedUtxos: [P_CHAIN_UTXO],
  emittedUtxos: [],
  value: [ASSET],
  amountBurned: [{ ...ASSET, amount: '1' }],
  amountStaked: [],
  amountL1ValidatorBalanceBurned: [],
  memo: '',
};
const X_UTXO = {
  addresses: [FUJI_ADDRESS],
  asset: ASSET,
  consumedOnChainId: fuji.xChainId,
  createdOnChainId: fuji.xChainId,
  utxoId: ID,
  creationTxHash: ID,
  locktime: 0,
  outputIndex: '0',
  threshold: 1,
  timestamp: 1_700_000_000,
  utxoType: 'TRANSFER',
};
const X_LINEAR_TRANSACTION = {
  txHash: ID,
  chainFormat: 'linear',
  timestamp: 1_700_000_000,
  txType: 'BaseTx',
  memo: '',
  consumedUtxos: [X_UTXO],
  emittedUtxos: [X_UTXO],
  amountUnlocked: [ASSET],
  amountCreated: [ASSET],
  blockHeight: 40,
  blockHash: ID,
};

type Stub = Partial<AsyncImplementation<PrimaryNetworkServiceHandlers>>;
type Answers = {
  [K in keyof Stub]: (
    request: Parameters<NonNullable<Stub[K]>>[0],
  ) => Awaited<ReturnType<NonNullable<Stub[K]>>>;
};

/** A stub from plain functions: what they return (or throw) is the call's answer. */
function answering(answers: Answers): Stub {
  return Object.fromEntries(
    Object.entries(answers).map(([method, answer]) => [
      method,
      (request: never) => Promise.resolve().then(() => (answer as (request: never) => unknown)(request)),
    ]),
  );
}

describe('gateway-data with a stub primary-network service', function () {
  let server: GrpcServer;
  let grpc: { close(): void };
  let gateway: { base: string; close(): Promise<void> };
  const received: Record<string, unknown[]> = {};
  const record = (method: string, request: unknown) => (received[method] ??= []).push(request);

  const stub = answering({
    GetBlockchain: (request) => {
      record('GetBlockchain', request);
      if (request.chain?.blockchain_id === ID)
        return {
          createBlockTimestamp: 1_700_000_000,
          createBlockNumber: '5',
          blockchainId: ID,
          vmId: ID,
          subnetId: ID,
          blockchainName: 'custom-vm',
          genesisJson: 'not json',
        };
      return {
        createBlockTimestamp: 1_599_696_000,
        createBlockNumber: '0',
        blockchainId: fuji.cChainId,
        vmId: 'mgj786NP7uDwBCcq6YwThhaN8FLyybkCa4zBWTQbNgmK6k9A6',
        subnetId: fuji.pChainId,
        blockchainName: 'C-Chain',
        evmChainId: 43113,
        genesisJson: JSON.stringify({
          config: { chainId: 43113 },
          alloc: {},
          nonce: '0x0',
          gasLimit: '0x5f5e100',
        }),
      };
    },
    ListBlocks: (request) => {
      record('ListBlocks', request);
      return {
        blocks: [BLOCK],
        chainInfo: { chainName: 'p-chain', network: 'fuji' },
        next_cursor: request.cursor === '' ? 'after-block-12' : '',
      };
    },
    GetTransaction: (request) => {
      record('GetTransaction', request);
      if (request.tx_hash === BROKEN_ID) return {};
      if (request.tx_hash !== ID)
        throw new DomainError('not_found', `transaction ${request.tx_hash} not found`);
      return { pChain: P_CHAIN_TRANSACTION };
    },
    ListTransactions: (request) => {
      record('ListTransactions', request);
      return {
        transactions: [{ xChainLinear: X_LINEAR_TRANSACTION }],
        chainInfo: { chainName: 'x-chain', network: 'fuji' },
        next_cursor: '',
      };
    },
    ListUtxos: (request) => {
      record('ListUtxos', request);
      return {
        utxos: [{ pChain: P_CHAIN_UTXO }],
        chainInfo: { chainName: 'p-chain', network: 'fuji' },
        next_cursor: 'u2',
      };
    },
    ListHistoricalRewards: (request) => {
      record('ListHistoricalRewards', request);
      return {
        historicalRewards: [
          {
            addresses: [FUJI_ADDRESS],
            txHash: ID,
            amountStaked: '2000000000000',
            nodeId: NODE_ID,
            startTimestamp: 1_700_000_000,
            endTimestamp: 1_701_000_000,
            rewardType: 'VALIDATOR',
            utxoId: ID,
            outputIndex: 1,
            reward: { ...ASSET, historicalPrice: { currencyCode: request.currency, value: 12.5 } },
            rewardTxHash: ID,
          },
        ],
        next_cursor: '',
      };
    },
  });

  before(async function () {
    server = await startGrpcServer({
      address: '127.0.0.1:0',
      services: [
        {
          name: 'chaindata.primarynetwork.v1.PrimaryNetworkService',
          definition: PrimaryNetworkService.service,
          implementation: implementService(PrimaryNetworkService.service, silent, stub),
        },
      ],
      log: silent,
    });
    const client = createGrpcClient(PrimaryNetworkService, `127.0.0.1:${server.port}`, 5_000);
    grpc = client;
    gateway = await startGateway(client.unary);
  });

  after(async function () {
    await gateway?.close();
    grpc?.close();
    await server?.shutdown(1_000);
  });

  async function documented(method: 'GET' | 'POST', template: string, path: string, body?: string) {
    const reply = await request(gateway.base, method, path, body);
    expect(reply.status, JSON.stringify(reply.body)).to.equal(200);
    assertDataApiResponse(method, template, 200, reply.body);
    return reply.body;
  }

  it('answers a blockchain with its genesis parsed into genesisData, aliases resolved, testnet as fuji', async function () {
    const body = await documented('GET', T.blockchain, '/v1/networks/testnet/blockchains/c-chain');
    expect(received.GetBlockchain!.at(-1)).to.deep.include({
      chain: { network: 'fuji', blockchain_id: fuji.cChainId },
    });
    expect(body).to.deep.equal({
      createBlockTimestamp: 1_599_696_000,
      createBlockNumber: '0',
      blockchainId: fuji.cChainId,
      vmId: 'mgj786NP7uDwBCcq6YwThhaN8FLyybkCa4zBWTQbNgmK6k9A6',
      subnetId: fuji.pChainId,
      blockchainName: 'C-Chain',
      evmChainId: 43113,
      genesisData: { config: { chainId: 43113 }, alloc: {}, nonce: '0x0', gasLimit: '0x5f5e100' },
    });
    const other = await documented('GET', T.blockchain, `/v1/networks/fuji/blockchains/${ID}`);
    expect(other.genesisData).to.equal('not json');
    expect(other).to.not.have.property('evmChainId');
  });

  it('pages blocks with tokens bound to the query, and leaves out unset optional members', async function () {
    const first = await documented('GET', T.blocks, `${P}/blocks?pageSize=1&startTimestamp=10`);
    expect(first.blocks).to.deep.equal([BLOCK]);
    expect(first.chainInfo).to.deep.equal({ chainName: 'p-chain', network: 'fuji' });
    const token = first.nextPageToken as string;
    expect(token).to.match(/^[A-Za-z0-9_-]+$/);
    expect(Object.keys(first)[0]).to.equal('nextPageToken');

    const second = await documented(
      'GET',
      T.blocks,
      `${P}/blocks?pageSize=3&startTimestamp=10&pageToken=${token}`,
    );
    expect(second).to.not.have.property('nextPageToken');
    expect(received.ListBlocks!.at(-1)).to.deep.include({ page_size: 3, cursor: 'after-block-12' });

    const sameQueryById = await request(
      gateway.base,
      'GET',
      `/v1/networks/testnet/blockchains/${fuji.pChainId}/blocks?startTimestamp=10&pageToken=${token}`,
    );
    expect(sameQueryById.status).to.equal(200);

    const otherQuery = await request(gateway.base, 'GET', `${P}/blocks?startTimestamp=11&pageToken=${token}`);
    expect(otherQuery.status).to.equal(400);
    expect(otherQuery.body.message).to.match(/^pageToken: issued for a different query/);
    const otherChain = await request(gateway.base, 'GET', `${X}/blocks?startTimestamp=10&pageToken=${token}`);
    expect(otherChain.body.message).to.match(/^pageToken: issued for a different query/);
  });

  it('unwraps a transaction oneof into the chain document, and maps NOT_FOUND to 404', async function () {
    const body = await documented('GET', T.transaction, `${P}/transactions/${ID}`);
    // proto3 cannot tell an empty repeated field from an absent one: optional lists come back empty.
    expect(body).to.deep.equal({ ...P_CHAIN_TRANSACTION, l1ValidatorDetails: [], rewardAddresses: [] });
    expect(JSON.stringify(body)).to.not.match(/"_|"kind"|null/);
    const missing = await request(gateway.base, 'GET', `${P}/transactions/${encodeCb58(new Uint8Array(32))}`);
    expect(missing.status).to.equal(404);
    expect(missing.body).to.deep.equal({
      message: `transaction ${encodeCb58(new Uint8Array(32))} not found`,
      statusCode: 404,
      error: 'Not Found',
    });
    assertDataApiResponse('GET', T.transaction, 404, missing.body);
  });

  it('lists transactions with the filters decoded for the service', async function () {
    const body = await documented(
      'GET',
      T.transactions,
      `${X}/transactions?addresses=X-${FUJI_ADDRESS},${FUJI_ADDRESS_2}&txTypes=BaseTx&txTypes=ImportTx,ExportTx&sortOrder=asc&startTimestamp=5`,
    );
    const utxo = { ...X_UTXO, credentials: [] };
    expect(body).to.deep.equal({
      transactions: [{ ...X_LINEAR_TRANSACTION, consumedUtxos: [utxo], emittedUtxos: [utxo] }],
      chainInfo: { chainName: 'x-chain', network: 'fuji' },
    });
    const sent = received.ListTransactions!.at(-1) as Record<string, unknown>;
    expect(sent.addresses).to.deep.equal([Buffer.alloc(20, 7), Buffer.alloc(20, 8)]);
    expect(sent).to.deep.include({
      tx_types: ['BaseTx', 'ImportTx', 'ExportTx'],
      sort_order: 'SORT_ORDER_ASC',
      start_timestamp: '5',
      page_size: 10,
      cursor: '',
    });
    expect(sent).to.not.have.property('end_timestamp');

    await documented('GET', T.transactions, `${C}/transactions?addresses=${EVM_ADDRESS}`);
    expect((received.ListTransactions!.at(-1) as Record<string, unknown>).evm_addresses).to.deep.equal([
      Buffer.from('ab'.repeat(20), 'hex'),
    ]);
  });

  it('lists UTXOs from the JSON body, with the query filters', async function () {
    const body = await documented(
      'POST',
      T.utxos,
      `${P}/utxos?pageSize=1024&minUtxoAmount=10.5&includeSpent=true&sortBy=amount`,
      utxosOf(`P-${FUJI_ADDRESS}, ${FUJI_ADDRESS_2}`),
    );
    expect(body.utxos).to.deep.equal([P_CHAIN_UTXO]);
    expect(body.nextPageToken).to.be.a('string');
    expect(received.ListUtxos!.at(-1)).to.deep.include({
      min_utxo_amount: '11',
      include_spent: true,
      sort_by: 'amount',
      sort_order: 'SORT_ORDER_DESC',
      page_size: 1024,
    });
    const next = await request(
      gateway.base,
      'POST',
      `${P}/utxos?pageToken=${String(body.nextPageToken)}&minUtxoAmount=10.5&includeSpent=true&sortBy=amount`,
      utxosOf(FUJI_ADDRESS),
    );
    expect(next.body.message, 'another address list is another query').to.match(
      /^pageToken: issued for a different/,
    );
  });

  it('lists historical rewards with the requested currency', async function () {
    const body = await documented(
      'GET',
      T.rewards,
      `/v1/networks/fuji/rewards?nodeIds=${NODE_ID}&addresses=${FUJI_ADDRESS}&currency=eur`,
    );
    expect(body).to.not.have.property('nextPageToken');
    expect(received.ListHistoricalRewards!.at(-1)).to.deep.include({ network: 'fuji', currency: 'eur' });
    expect((received.ListHistoricalRewards!.at(-1) as { node_ids: Buffer[] }).node_ids).to.deep.equal([
      Buffer.alloc(20, 4),
    ]);
  });

  it('answers a broken answer of the service with a logged, generic 500', async function () {
    const reply = await request(gateway.base, 'GET', `${P}/transactions/${BROKEN_ID}`);
    expect(reply.status).to.equal(500);
    expect(reply.body).to.deep.equal({
      message: 'internal error',
      statusCode: 500,
      error: 'Internal Server Error',
    });
    assertDataApiResponse('GET', T.transaction, 500, reply.body);
  });

  it('answers 501 for a method the service does not implement yet', async function () {
    const reply = await request(
      gateway.base,
      'GET',
      `/v1/networks/fuji/rewards:listPending?nodeIds=${NODE_ID}`,
    );
    expect(reply.status).to.equal(501);
    expect(reply.body).to.include({ statusCode: 501, error: 'Not Implemented' });
  });
});
