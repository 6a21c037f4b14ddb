import { status, type CallOptions, type ClientReadableStream, type StatusObject } from '@grpc/grpc-js';
import { expect } from 'chai';
import { IDENTITIES } from '../../services/runtime/avalanche/networks.ts';
import { formatBech32 } from '../../services/runtime/formatting/address.ts';
import { encodeCb58 } from '../../services/runtime/formatting/cb58.ts';
import {
  call as callUnary,
  EXPORT_OPERATIONS,
  FUJI,
  startGrpcServices,
  type CallOutcome,
  type GrpcService,
  type GrpcServices,
} from '../support/grpc-services.ts';

/**
 * Every service validates its own requests, whoever sends them: each bad field is INVALID_ARGUMENT with a message
 * naming the field (the node's own texts for the container indexer, which mirrors a node's Index API), never
 * INTERNAL, and a value no row can have is NOT_FOUND (or FAILED_PRECONDITION), not a database error.
 */
const INT64_OVERFLOW = (2n ** 63n).toString();
const UINT64_MAX = (2n ** 64n - 1n).toString();
const bytes = (length: number, fill = 1) => Buffer.alloc(length, fill);
const ID = encodeCb58(bytes(32));
const P_CHAIN = { network: 'fuji', blockchain_id: FUJI.pChainId };
const X_CHAIN = { network: 'fuji', blockchain_id: FUJI.xChainId };
const HEX_ID = 'ab'.repeat(32);

interface Case {
  /** What the case changes, for the test's title. */
  change: string;
  request: object;
  code: status;
  /** The message must match (for INVALID_ARGUMENT: name the field). */
  message: RegExp;
}

/** `answered`: what the valid request may answer, when not one of ANSWERED. */
type Table = Record<string, { valid: object; answered?: status[]; cases: Case[] }>;

const invalid = (change: string, request: object, field: string): Case => ({
  change,
  request,
  code: status.INVALID_ARGUMENT,
  message: new RegExp(`^${field.replace(/[[\]]/g, '\\$&')}: `),
});

const pageCases = (valid: object, max: number): Case[] => [
  invalid('page_size 0', { ...valid, page_size: 0 }, 'pageSize'),
  invalid(`page_size ${max + 1}`, { ...valid, page_size: max + 1 }, 'pageSize'),
  invalid('page_size 5000', { ...valid, page_size: 5000 }, 'pageSize'),
  invalid('an over-long cursor', { ...valid, cursor: '1'.repeat(10_000) }, 'pageToken'),
  invalid('a cursor that is not one', { ...valid, cursor: 'not a cursor' }, 'pageToken'),
];

const CONTAINER_INDEXER: Table = {
  GetContainerByID: {
    valid: { index_name: 'P/block', id: ID },
    cases: [
      {
        change: 'an unknown index',
        request: { index_name: 'Q/block', id: ID },
        code: status.INVALID_ARGUMENT,
        message: /^unknown index "Q\/block"$/,
      },
      {
        change: 'an id that is not cb58',
        request: { index_name: 'P/block', id: 'not an id' },
        code: status.INVALID_ARGUMENT,
        message: /^couldn't decode ID to bytes/,
      },
      {
        change: 'an over-long id',
        request: { index_name: 'P/block', id: '1'.repeat(100_000) },
        code: status.INVALID_ARGUMENT,
        message: /^couldn't decode ID to bytes: expected at most/,
      },
    ],
  },
  GetContainerByIndex: {
    valid: { index_name: 'X/vtx', index: '3' },
    cases: [
      {
        change: 'an index above int64',
        request: { index_name: 'X/vtx', index: INT64_OVERFLOW },
        code: status.NOT_FOUND,
        message: /^no container at index 9223372036854775808$/,
      },
      {
        change: 'the largest uint64 index',
        request: { index_name: 'X/vtx', index: UINT64_MAX },
        code: status.NOT_FOUND,
        message: /^no container at index/,
      },
    ],
  },
  GetContainersByIndex: {
    valid: { index_name: 'X/vtx', indexes: ['3', INT64_OVERFLOW, UINT64_MAX] },
    cases: [
      {
        change: 'an unknown index',
        request: { index_name: 'Q/block', indexes: ['3'] },
        code: status.INVALID_ARGUMENT,
        message: /^unknown index "Q\/block"$/,
      },
      invalid(
        '101 indexes',
        { index_name: 'X/vtx', indexes: Array.from({ length: 101 }, (_, i) => String(i)) },
        'indexes',
      ),
    ],
  },
  GetContainersByID: {
    valid: { index_name: 'P/block', ids: [ID, ID] },
    cases: [
      {
        change: 'an unknown index',
        request: { index_name: 'Q/block', ids: [ID] },
        code: status.INVALID_ARGUMENT,
        message: /^unknown index "Q\/block"$/,
      },
      invalid('101 ids', { index_name: 'P/block', ids: Array<string>(101).fill(ID) }, 'ids'),
      invalid('an id that is not cb58', { index_name: 'P/block', ids: [ID, 'not an id'] }, 'ids[1]'),
      invalid('an over-long id', { index_name: 'P/block', ids: ['1'.repeat(100_000)] }, 'ids[0]'),
    ],
  },
  GetContainerRange: {
    valid: { index_name: 'X/tx', start_index: '0', num_to_fetch: '10' },
    cases: [
      {
        change: 'num_to_fetch 0',
        request: { index_name: 'X/tx', start_index: '0', num_to_fetch: '0' },
        code: status.INVALID_ARGUMENT,
        message: /^numToFetch must be in \[1,1024\] but is 0$/,
      },
      {
        change: 'num_to_fetch 5000',
        request: { index_name: 'X/tx', start_index: '0', num_to_fetch: '5000' },
        code: status.INVALID_ARGUMENT,
        message: /^numToFetch must be in \[1,1024\]/,
      },
      {
        change: 'a start index above int64',
        request: { index_name: 'X/tx', start_index: UINT64_MAX, num_to_fetch: '1024' },
        code: status.INVALID_ARGUMENT,
        message: /^start index \(18446744073709551615\) > last accepted index/,
      },
    ],
  },
  StreamContainers: {
    valid: { index_name: 'P/block', after_index: '3' },
    cases: [
      {
        change: 'an unknown index',
        request: { index_name: 'Q/block' },
        code: status.INVALID_ARGUMENT,
        message: /^unknown index "Q\/block"$/,
      },
    ],
  },
};

const BLOCKS = { chain: P_CHAIN, page_size: 10 };
const TRANSACTIONS = { chain: P_CHAIN, page_size: 10 };
const UTXOS = { chain: X_CHAIN, addresses: [bytes(20)], page_size: 10 };
const REWARDS = { network: 'fuji', addresses: [bytes(20)], page_size: 10 };
const VALIDATORS = { network: 'fuji', page_size: 10 };
const DELEGATORS = { network: 'fuji', page_size: 10 };
const L1_VALIDATORS = { network: 'fuji', page_size: 10 };
const STAKING_TRANSACTIONS = { chain: P_CHAIN, page_size: 10 };
const TRANSACTION_STREAM = { ...TRANSACTIONS, start_timestamp: '10', end_timestamp: '11' };

const NETWORK_LIST = { network: 'fuji', page_size: 100 };
const TIME_FRAME_VALIDATORS = { network: 'fuji', subnet_id: bytes(32), page_size: 10 };
const networkListCases = (cursorName: string, overflow: string): Case[] => [
  // Up to 10000 a page: pageCases' 5000 is a valid size here.
  ...pageCases(NETWORK_LIST, 10_000).filter((c) => c.change !== 'page_size 5000'),
  invalid('an unknown sort order', { ...NETWORK_LIST, sort_order: 9 }, 'sortOrder'),
  invalid(`a ${cursorName} cursor above int64`, { ...NETWORK_LIST, cursor: overflow }, 'pageToken'),
  {
    change: 'a network not indexed here',
    request: { ...NETWORK_LIST, network: 'mainnet' },
    code: status.NOT_FOUND,
    message: /^network "mainnet" is not indexed here/,
  },
];

const PRIMARY_NETWORK: Table = {
  // Vertices, assets, blocks by proposer, balances, activity, chains touched, supply (api/holdings.ts).
  ListVertices: {
    valid: { chain: X_CHAIN, page_size: 10 },
    cases: [
      ...pageCases({ chain: X_CHAIN, page_size: 10 }, 100),
      invalid('a cursor above int64', { chain: X_CHAIN, page_size: 10, cursor: INT64_OVERFLOW }, 'pageToken'),
      invalid('the P-Chain', { chain: P_CHAIN, page_size: 10 }, 'blockchainId'),
    ],
  },
  GetVertex: {
    valid: { chain: X_CHAIN, vertex_hash: ID },
    cases: [
      invalid('a hash that is not one', { chain: X_CHAIN, vertex_hash: 'nope' }, 'vertexHash'),
      invalid('an over-long hash', { chain: X_CHAIN, vertex_hash: 'a'.repeat(100_000) }, 'vertexHash'),
      invalid('the P-Chain', { chain: P_CHAIN, vertex_hash: ID }, 'blockchainId'),
      {
        change: 'a vertex the X-Chain does not have',
        request: { chain: X_CHAIN, vertex_hash: ID },
        code: status.NOT_FOUND,
        message: /^vertex "\w+" not found on the x-chain$/,
      },
    ],
  },
  GetAsset: {
    valid: { chain: X_CHAIN, asset_id: bytes(32) },
    cases: [
      invalid('a 31-byte asset id', { chain: X_CHAIN, asset_id: bytes(31) }, 'assetId'),
      invalid('no asset id', { chain: X_CHAIN }, 'assetId'),
      invalid(
        'the C-Chain',
        { chain: { network: 'fuji', blockchain_id: FUJI.cChainId }, asset_id: bytes(32) },
        'blockchainId',
      ),
    ],
  },
  ListAssetTransactions: {
    valid: { chain: X_CHAIN, asset_id: bytes(32), page_size: 10 },
    cases: [
      ...pageCases({ chain: X_CHAIN, asset_id: bytes(32), page_size: 10 }, 100),
      invalid('a 33-byte asset id', { chain: X_CHAIN, asset_id: bytes(33), page_size: 10 }, 'assetId'),
      invalid(
        'a transaction type that is not one',
        { chain: X_CHAIN, asset_id: bytes(32), page_size: 10, tx_types: ['Base Tx;'] },
        'txTypes[0]',
      ),
      invalid(
        'end_timestamp above int64',
        { chain: X_CHAIN, asset_id: bytes(32), page_size: 10, end_timestamp: UINT64_MAX },
        'endTimestamp',
      ),
      invalid('the P-Chain', { chain: P_CHAIN, asset_id: bytes(32), page_size: 10 }, 'blockchainId'),
    ],
  },
  ListBlocksByNode: {
    valid: { chain: P_CHAIN, node_id: bytes(20), page_size: 10 },
    cases: [
      ...pageCases({ chain: P_CHAIN, node_id: bytes(20), page_size: 10 }, 100),
      invalid('a 32-byte node id', { chain: P_CHAIN, node_id: bytes(32), page_size: 10 }, 'nodeId'),
      invalid(
        'start_timestamp above int64',
        { chain: P_CHAIN, node_id: bytes(20), page_size: 10, start_timestamp: INT64_OVERFLOW },
        'startTimestamp',
      ),
    ],
  },
  GetBalances: {
    valid: { chain: P_CHAIN, addresses: [bytes(20)] },
    cases: [
      invalid('no address', { chain: P_CHAIN, addresses: [] }, 'addresses'),
      invalid('a 19-byte address', { chain: P_CHAIN, addresses: [bytes(19)] }, 'addresses[0]'),
      invalid(
        'a time above int64',
        { chain: P_CHAIN, addresses: [bytes(20)], block_timestamp: INT64_OVERFLOW },
        'blockTimestamp',
      ),
    ],
  },
  GetLastActivity: {
    valid: { chain: X_CHAIN, addresses: [bytes(20)] },
    cases: [
      invalid('no address', { chain: X_CHAIN }, 'addresses'),
      invalid(
        '1025 addresses',
        { chain: X_CHAIN, addresses: Array.from({ length: 1025 }, () => bytes(20)) },
        'addresses',
      ),
    ],
  },
  ListChainIdsForAddresses: {
    valid: { network: 'fuji', addresses: [bytes(20)] },
    cases: [
      invalid('no address', { network: 'fuji' }, 'addresses'),
      invalid('a 21-byte address', { network: 'fuji', addresses: [bytes(20), bytes(21)] }, 'addresses[1]'),
      {
        change: 'a network not indexed here',
        request: { network: 'mainnet', addresses: [bytes(20)] },
        code: status.NOT_FOUND,
        message: /^network "mainnet" is not indexed here/,
      },
    ],
  },
  GetAvaxSupply: {
    valid: { network: '' },
    cases: [
      {
        change: 'a network not indexed here',
        request: { network: 'mainnet' },
        code: status.NOT_FOUND,
        message: /^network "mainnet" is not indexed here/,
      },
    ],
  },
  // Every height is a valid one to stream after (past the projection, the stream is empty).
  StreamStakingActivity: { valid: { after_height: UINT64_MAX }, cases: [] },
  ListValidatorsByTimeFrame: {
    valid: TIME_FRAME_VALIDATORS,
    cases: [
      ...pageCases(TIME_FRAME_VALIDATORS, 5000).filter((c) => c.change !== 'page_size 5000'),
      invalid('a 31-byte subnet id', { ...TIME_FRAME_VALIDATORS, subnet_id: bytes(31) }, 'subnetId'),
      invalid(
        'an end before the start',
        { ...TIME_FRAME_VALIDATORS, start_timestamp: '10', end_timestamp: '9' },
        'endTimestamp',
      ),
      {
        change: 'a network not indexed here',
        request: { ...TIME_FRAME_VALIDATORS, network: 'mainnet' },
        code: status.NOT_FOUND,
        message: /^network "mainnet" is not indexed here/,
      },
    ],
  },
  ListBlockchains: {
    valid: NETWORK_LIST,
    cases: networkListCases('blockchain', `${INT64_OVERFLOW}:${HEX_ID}`),
  },
  ListSubnets: { valid: NETWORK_LIST, cases: networkListCases('subnet', INT64_OVERFLOW) },
  GetSubnet: {
    valid: { network: 'fuji', subnet_id: bytes(32, 0) },
    cases: [
      invalid('a 31-byte subnet id', { network: 'fuji', subnet_id: bytes(31) }, 'subnetId'),
      invalid('no subnet id', { network: 'fuji' }, 'subnetId'),
      {
        change: 'a subnet no CreateSubnetTx created',
        request: { network: 'fuji', subnet_id: bytes(32, 7) },
        code: status.NOT_FOUND,
        message: /^subnet \S+ is not a subnet of fuji/,
      },
    ],
  },
  GetBlockchain: {
    valid: { chain: P_CHAIN },
    cases: [
      invalid('no chain', {}, 'chain'),
      invalid(
        'an over-long blockchain id',
        { chain: { ...P_CHAIN, blockchain_id: 'x'.repeat(5_000) } },
        'blockchainId',
      ),
    ],
  },
  ListBlocks: {
    valid: BLOCKS,
    cases: [
      ...pageCases(BLOCKS, 100),
      invalid('a cursor above int64', { ...BLOCKS, cursor: INT64_OVERFLOW }, 'pageToken'),
      invalid(
        'start_timestamp above int64',
        { ...BLOCKS, start_timestamp: INT64_OVERFLOW },
        'startTimestamp',
      ),
      invalid('end_timestamp above int64', { ...BLOCKS, end_timestamp: UINT64_MAX }, 'endTimestamp'),
    ],
  },
  GetBlock: {
    valid: { chain: P_CHAIN, block_id: '1' },
    cases: [
      invalid('a block id that is neither height nor id', { chain: P_CHAIN, block_id: 'block?' }, 'blockId'),
      invalid('an over-long block id', { chain: P_CHAIN, block_id: '1'.repeat(100_000) }, 'blockId'),
      {
        change: 'a height above int64',
        request: { chain: P_CHAIN, block_id: INT64_OVERFLOW },
        code: status.NOT_FOUND,
        message: /^block "9223372036854775808" not found on the p-chain$/,
      },
    ],
  },
  ListVerticesByHeight: {
    valid: { chain: X_CHAIN, vertex_height: '1', page_size: 10 },
    cases: [
      ...pageCases({ chain: X_CHAIN, vertex_height: '1', page_size: 10 }, 100),
      invalid(
        'a height above int64',
        { chain: X_CHAIN, vertex_height: INT64_OVERFLOW, page_size: 10 },
        'vertexHeight',
      ),
      invalid(
        'an unknown sort order',
        { chain: X_CHAIN, vertex_height: '1', page_size: 10, sort_order: 7 },
        'sortOrder',
      ),
    ],
  },
  ListTransactions: {
    valid: TRANSACTIONS,
    cases: [
      ...pageCases(TRANSACTIONS, 100),
      invalid('a 19-byte address', { ...TRANSACTIONS, addresses: [bytes(20), bytes(19)] }, 'addresses[1]'),
      invalid(
        '1025 addresses',
        { ...TRANSACTIONS, addresses: Array.from({ length: 1025 }, () => bytes(20)) },
        'addresses',
      ),
      invalid('a 21-byte EVM address', { ...TRANSACTIONS, evm_addresses: [bytes(21)] }, 'evmAddresses[0]'),
      invalid('a 31-byte validation id', { ...TRANSACTIONS, l1_validation_id: bytes(31) }, 'l1ValidationId'),
      invalid(
        'a transaction type that is not one',
        { ...TRANSACTIONS, tx_types: ['Base Tx;'] },
        'txTypes[0]',
      ),
      invalid(
        'start_timestamp above int64',
        { ...TRANSACTIONS, start_timestamp: INT64_OVERFLOW },
        'startTimestamp',
      ),
      invalid('a cursor above int64', { ...TRANSACTIONS, cursor: '99999999999999999999' }, 'pageToken'),
    ],
  },
  StreamTransactions: {
    valid: TRANSACTION_STREAM,
    // Nothing is projected here: every window ends at or after the time the P-Chain is projected through (0).
    answered: [status.FAILED_PRECONDITION],
    cases: [
      ...pageCases(TRANSACTION_STREAM, 100),
      invalid('no start_timestamp', { ...TRANSACTION_STREAM, start_timestamp: undefined }, 'startTimestamp'),
      invalid('no end_timestamp', { ...TRANSACTION_STREAM, end_timestamp: undefined }, 'endTimestamp'),
      invalid(
        'start_timestamp above int64',
        { ...TRANSACTION_STREAM, start_timestamp: INT64_OVERFLOW },
        'startTimestamp',
      ),
      invalid(
        'end_timestamp above int64',
        { ...TRANSACTION_STREAM, end_timestamp: UINT64_MAX },
        'endTimestamp',
      ),
      invalid('a 19-byte address', { ...TRANSACTION_STREAM, addresses: [bytes(19)] }, 'addresses[0]'),
      invalid(
        'a 21-byte EVM address',
        { ...TRANSACTION_STREAM, evm_addresses: [bytes(21)] },
        'evmAddresses[0]',
      ),
      invalid(
        'a 31-byte validation id',
        { ...TRANSACTION_STREAM, l1_validation_id: bytes(31) },
        'l1ValidationId',
      ),
      invalid(
        'a transaction type that is not one',
        { ...TRANSACTION_STREAM, tx_types: ['Base Tx;'] },
        'txTypes[0]',
      ),
      invalid('an unknown sort order', { ...TRANSACTION_STREAM, sort_order: 9 }, 'sortOrder'),
      invalid('a cursor above int64', { ...TRANSACTION_STREAM, cursor: '99999999999999999999' }, 'pageToken'),
      invalid('no chain', { ...TRANSACTION_STREAM, chain: undefined }, 'chain'),
      {
        change: 'an end not before the time the chain is projected through',
        request: TRANSACTION_STREAM,
        code: status.FAILED_PRECONDITION,
        message: /^endTimestamp: 11 is not before 0, the time the p-chain is projected through/,
      },
      {
        change: 'a chain of another network',
        request: { ...TRANSACTION_STREAM, chain: { ...P_CHAIN, network: 'mainnet' } },
        code: status.NOT_FOUND,
        message: /^network "mainnet" is not indexed here/,
      },
    ],
  },
  GetTransaction: {
    valid: { chain: P_CHAIN, tx_hash: ID },
    cases: [
      invalid('a hash that is not one', { chain: P_CHAIN, tx_hash: 'nope' }, 'txHash'),
      invalid('an over-long hash', { chain: P_CHAIN, tx_hash: 'a'.repeat(100_000) }, 'txHash'),
    ],
  },
  ListUtxos: {
    valid: UTXOS,
    cases: [
      ...pageCases(UTXOS, 1024),
      invalid('a 32-byte address', { ...UTXOS, addresses: [bytes(32)] }, 'addresses[0]'),
      invalid('a 5-byte asset id', { ...UTXOS, asset_id: bytes(5) }, 'assetId'),
      invalid(
        'a minimum amount that is not a number',
        { ...UTXOS, min_utxo_amount: 'lots' },
        'minUtxoAmount',
      ),
      invalid('a negative minimum amount', { ...UTXOS, min_utxo_amount: '-1' }, 'minUtxoAmount'),
      invalid(
        'a minimum amount above uint64',
        { ...UTXOS, min_utxo_amount: '18446744073709551616' },
        'minUtxoAmount',
      ),
      invalid('an unknown sort key', { ...UTXOS, sort_by: 'height' }, 'sortBy'),
      invalid(
        'a cursor with an amount too large',
        { ...UTXOS, sort_by: 'amount', cursor: `99999999999999999999:${HEX_ID}` },
        'pageToken',
      ),
    ],
  },
  ListHistoricalRewards: {
    valid: REWARDS,
    cases: [
      ...pageCases(REWARDS, 100),
      invalid('a 3-byte node id', { ...REWARDS, node_ids: [bytes(3)] }, 'nodeIds[0]'),
      invalid('a currency that is not a code', { ...REWARDS, currency: 'US dollars' }, 'currency'),
      invalid(
        'a cursor with a sequence above int64',
        { ...REWARDS, cursor: `${INT64_OVERFLOW}:${HEX_ID}` },
        'pageToken',
      ),
    ],
  },
  ListPendingRewards: {
    valid: REWARDS,
    cases: [
      ...pageCases(REWARDS, 100),
      invalid(
        '1025 node ids',
        { ...REWARDS, node_ids: Array.from({ length: 1025 }, () => bytes(20)) },
        'nodeIds',
      ),
    ],
  },
  GetValidatorSet: {
    valid: { network: 'fuji', subnet_id: bytes(32, 0) },
    cases: [
      invalid('a 3-byte subnet id', { network: 'fuji', subnet_id: bytes(3) }, 'subnetId'),
      {
        change: 'a height above the projection',
        request: { network: 'fuji', subnet_id: bytes(32, 0), p_chain_height: UINT64_MAX },
        code: status.FAILED_PRECONDITION,
        message: /^P-Chain height 18446744073709551615 is above the projected height/,
      },
    ],
  },
  GetL1ValidatorWeightChange: {
    valid: { network: 'fuji', tx_id: bytes(32, 7) },
    cases: [
      invalid('a 31-byte transaction id', { network: 'fuji', tx_id: bytes(31) }, 'txId'),
      invalid('no transaction id', { network: 'fuji' }, 'txId'),
      {
        change: 'another network',
        request: { network: 'mainnet', tx_id: bytes(32, 7) },
        code: status.NOT_FOUND,
        message: /^network "mainnet" is not indexed here/,
      },
      {
        change: 'a transaction the P-Chain does not have',
        request: { network: 'fuji', tx_id: bytes(32, 7) },
        code: status.NOT_FOUND,
        message: /^transaction \w+ not found on the P-Chain$/,
      },
    ],
  },
  GetNetworkDetails: {
    valid: { network: 'fuji' },
    cases: [
      {
        change: 'another network',
        request: { network: 'mainnet' },
        code: status.NOT_FOUND,
        message: /^network "mainnet" is not indexed here/,
      },
    ],
  },
  ListValidators: {
    valid: VALIDATORS,
    cases: [
      ...pageCases(VALIDATORS, 100),
      invalid('a 3-byte node id', { ...VALIDATORS, node_ids: [bytes(3)] }, 'nodeIds[0]'),
      invalid('an unknown sort key', { ...VALIDATORS, sort_by: 'height' }, 'sortBy'),
      invalid('an unknown status', { ...VALIDATORS, validation_status: 'gone' }, 'validationStatus'),
      invalid(
        'a negative capacity',
        { ...VALIDATORS, min_delegation_capacity: '-1' },
        'minDelegationCapacity',
      ),
      invalid(
        'a capacity above 720M AVAX',
        { ...VALIDATORS, max_delegation_capacity: '720000000000000001' },
        'maxDelegationCapacity',
      ),
      invalid('a negative time remaining', { ...VALIDATORS, min_time_remaining: -1 }, 'minTimeRemaining'),
      invalid(
        'a time remaining of NaN',
        { ...VALIDATORS, max_time_remaining: Number.NaN },
        'maxTimeRemaining',
      ),
      invalid('a fee above 100%', { ...VALIDATORS, min_fee_percentage: 101 }, 'minFeePercentage'),
      invalid(
        'an infinite uptime',
        { ...VALIDATORS, max_uptime_performance: Infinity },
        'maxUptimePerformance',
      ),
      invalid('a 3-byte subnet id', { ...VALIDATORS, subnet_id: bytes(3) }, 'subnetId'),
      invalid('a sort order out of range', { ...VALIDATORS, sort_order: 7 }, 'sortOrder'),
    ],
  },
  ListDelegators: {
    valid: DELEGATORS,
    cases: [
      ...pageCases(DELEGATORS, 100),
      invalid(
        'a 3-byte reward address',
        { ...DELEGATORS, reward_addresses: [bytes(3)] },
        'rewardAddresses[0]',
      ),
      invalid('a 21-byte node id', { ...DELEGATORS, node_ids: [bytes(21)] }, 'nodeIds[0]'),
      invalid('the removed status', { ...DELEGATORS, delegation_status: 'removed' }, 'delegationStatus'),
    ],
  },
  ListL1Validators: {
    valid: L1_VALIDATORS,
    cases: [
      ...pageCases(L1_VALIDATORS, 100),
      invalid('a 31-byte validation id', { ...L1_VALIDATORS, l1_validation_id: bytes(31) }, 'l1ValidationId'),
      invalid('a 3-byte node id', { ...L1_VALIDATORS, node_id: bytes(3) }, 'nodeId'),
      invalid('a 3-byte subnet id', { ...L1_VALIDATORS, subnet_id: bytes(3) }, 'subnetId'),
    ],
  },
  ListStakingTransactions: {
    valid: STAKING_TRANSACTIONS,
    cases: [
      ...pageCases(STAKING_TRANSACTIONS, 100),
      invalid('the X-Chain', { ...STAKING_TRANSACTIONS, chain: X_CHAIN }, 'blockchainId'),
      invalid('no chain', { page_size: 10 }, 'chain'),
      invalid('a 3-byte address', { ...STAKING_TRANSACTIONS, addresses: [bytes(3)] }, 'addresses[0]'),
      invalid(
        'a tx type with spaces',
        { ...STAKING_TRANSACTIONS, tx_types: ['Add Validator'] },
        'txTypes[0]',
      ),
      invalid(
        'a time above int64',
        { ...STAKING_TRANSACTIONS, start_timestamp: UINT64_MAX },
        'startTimestamp',
      ),
    ],
  },
};

const C = '43113';
const WALLET = { chain_id: C, address: bytes(20) };
const ADDRESS_TXS = { ...WALLET, page_size: 10 };
const ADDRESS_LIST = { ...WALLET, page_size: 10 };
const ADDRESS_TRANSFERS = { ...ADDRESS_LIST, standard: 'TRANSFER_STANDARD_ERC721' };
const COLLECTIBLES = { ...WALLET, page_size: 10 };
const NFTS = { chain_id: C, contract_address: bytes(20), page_size: 10 };
const ICM = { address: bytes(20), page_size: 10 };
const ERC20_BALANCES = { ...WALLET, currency: 'usd', page_size: 10 };
const NFT_BALANCES = { ...WALLET, page_size: 10 };
const NFT_TOKEN = { chain_id: C, contract_address: bytes(20), token_id: '1' };
const ICM_LIST = { page_size: 10 };
const LATEST_BLOCKS = { chain_id: C, page_size: 10 };
const BLOCK = { chain_id: C, block_number: '1' };
const BLOCK_TXS = { ...BLOCK, page_size: 10 };
const LATEST_TXS = { chain_id: C, status: 'TRANSACTION_STATUS_FAILED', page_size: 10 };
const ALL_CHAINS = { network: 'fuji', page_size: 10 };
const NFT_HOLDERS = { chain_id: C, contract: bytes(20), page_size: 10 };
const ERC20_HOLDERS = { chain_id: C, contract: bytes(20), min_balance: '1', page_size: 10 };
const ALL_CHAINS_TXS = { ...ALL_CHAINS, status: 'TRANSACTION_STATUS_SUCCESS' };
const ADDRESS_STREAM = { ...WALLET, start_timestamp: '10', end_timestamp: '11', page_size: 10 };
const blockCases = (valid: object): Case[] => [
  invalid('no block', { chain_id: C, page_size: 10 }, 'blockId'),
  invalid('a block number above int64', { ...valid, block_number: INT64_OVERFLOW }, 'blockId'),
  invalid('a 31-byte block hash', { ...valid, block_number: undefined, block_hash: bytes(31) }, 'blockId'),
];

const EVM_DATA: Table = {
  ListChains: {
    valid: { network: 'fuji' },
    cases: [invalid('an over-long network', { network: 'n'.repeat(10_000) }, 'network')],
  },
  GetChain: {
    valid: { chain_id: C },
    cases: [
      invalid('an over-long chain id', { chain_id: '4'.repeat(10_000) }, 'chainId'),
      {
        change: 'a chain not indexed here',
        request: { chain_id: '1' },
        code: status.NOT_FOUND,
        message: /^chainId: /,
      },
    ],
  },
  ListAddressTransactions: {
    valid: ADDRESS_TXS,
    cases: [
      ...pageCases(ADDRESS_TXS, 100),
      invalid('a 19-byte address', { ...ADDRESS_TXS, address: bytes(19) }, 'address'),
      invalid('start_block above int64', { ...ADDRESS_TXS, start_block: INT64_OVERFLOW }, 'startBlock'),
      invalid('end_block above int64', { ...ADDRESS_TXS, end_block: UINT64_MAX }, 'endBlock'),
      invalid('an unknown sort order', { ...ADDRESS_TXS, sort_order: 2 }, 'sortOrder'),
      invalid(
        'a cursor with a block above int64',
        { ...ADDRESS_TXS, cursor: '8000000000000000:0' },
        'pageToken',
      ),
      invalid('a cursor with a tx index above int32', { ...ADDRESS_TXS, cursor: '1:80000000' }, 'pageToken'),
    ],
  },
  ListAddressNativeTransactions: {
    valid: ADDRESS_LIST,
    cases: [
      ...pageCases(ADDRESS_LIST, 100),
      invalid('a 21-byte address', { ...ADDRESS_LIST, address: bytes(21) }, 'address'),
      invalid('start_block above int64', { ...ADDRESS_LIST, start_block: INT64_OVERFLOW }, 'startBlock'),
      invalid('a cursor of three fields', { ...ADDRESS_LIST, cursor: '1:1:1' }, 'pageToken'),
    ],
  },
  ListAddressTokenTransfers: {
    valid: ADDRESS_TRANSFERS,
    cases: [
      ...pageCases(ADDRESS_TRANSFERS, 100),
      invalid('no standard', { ...ADDRESS_TRANSFERS, standard: 0 }, 'standard'),
      invalid('an unknown standard', { ...ADDRESS_TRANSFERS, standard: 9 }, 'standard'),
      invalid('end_block above int64', { ...ADDRESS_TRANSFERS, end_block: UINT64_MAX }, 'endBlock'),
      invalid(
        'a cursor with a log index above int32',
        { ...ADDRESS_TRANSFERS, cursor: '1:80000000:0' },
        'pageToken',
      ),
    ],
  },
  ListAddressInternalTransactions: {
    valid: ADDRESS_LIST,
    cases: [
      ...pageCases(ADDRESS_LIST, 100),
      invalid('an empty address', { ...ADDRESS_LIST, address: Buffer.alloc(0) }, 'address'),
      invalid(
        'a cursor with a block above int64',
        { ...ADDRESS_LIST, cursor: '8000000000000000:0:0' },
        'pageToken',
      ),
    ],
  },
  ListTokenTransfers: {
    valid: ADDRESS_LIST,
    cases: [
      ...pageCases(ADDRESS_LIST, 100),
      invalid('a 19-byte contract', { ...ADDRESS_LIST, address: bytes(19) }, 'address'),
      invalid('start_block above int64', { ...ADDRESS_LIST, start_block: UINT64_MAX }, 'startBlock'),
    ],
  },
  GetDeploymentTransaction: {
    valid: { ...WALLET, currency: 'usd' },
    cases: [
      invalid('a 19-byte contract', { ...WALLET, address: bytes(19), currency: 'usd' }, 'address'),
      invalid('a currency that is not a code', { ...WALLET, currency: 'US Dollar' }, 'currency'),
      {
        change: 'a contract whose deployment is not indexed',
        request: { ...WALLET, currency: 'usd' },
        code: status.NOT_FOUND,
        message: /^address: /,
      },
    ],
  },
  ListContractDeployments: {
    valid: ADDRESS_LIST,
    cases: [
      ...pageCases(ADDRESS_LIST, 100),
      invalid('a 21-byte deployer', { ...ADDRESS_LIST, address: bytes(21) }, 'address'),
      invalid(
        'a cursor with a block above int64',
        { ...ADDRESS_LIST, cursor: `8000000000000000:${'ab'.repeat(20)}` },
        'pageToken',
      ),
    ],
  },
  GetTransaction: {
    valid: { chain_id: C, tx_hash: bytes(32) },
    cases: [invalid('a 31-byte hash', { chain_id: C, tx_hash: bytes(31) }, 'txHash')],
  },
  ListLatestBlocks: {
    valid: LATEST_BLOCKS,
    cases: [
      ...pageCases(LATEST_BLOCKS, 100),
      invalid('an over-long chain id', { ...LATEST_BLOCKS, chain_id: '4'.repeat(10_000) }, 'chainId'),
      invalid(
        'a cursor with a block above int64',
        { ...LATEST_BLOCKS, cursor: '8000000000000000' },
        'pageToken',
      ),
    ],
  },
  GetBlock: {
    valid: BLOCK,
    cases: blockCases(BLOCK),
  },
  ListBlockTransactions: {
    valid: BLOCK_TXS,
    cases: [
      ...blockCases(BLOCK_TXS),
      invalid('page_size 101', { ...BLOCK_TXS, page_size: 101 }, 'pageSize'),
      invalid('a cursor that is not one', { ...BLOCK_TXS, cursor: 'not a cursor' }, 'pageToken'),
      invalid('a cursor with an index above int32', { ...BLOCK_TXS, cursor: '80000000' }, 'pageToken'),
    ],
  },
  ListLatestTransactions: {
    valid: LATEST_TXS,
    cases: [
      ...pageCases(LATEST_TXS, 100),
      invalid('an unknown status', { ...LATEST_TXS, status: 7 }, 'status'),
      invalid('a cursor with a tx index above int32', { ...LATEST_TXS, cursor: '1:80000000' }, 'pageToken'),
    ],
  },
  ListLatestBlocksAllChains: {
    valid: ALL_CHAINS,
    cases: [
      ...pageCases(ALL_CHAINS, 100),
      invalid('an over-long network', { ...ALL_CHAINS, network: 'n'.repeat(10_000) }, 'network'),
      invalid('a cursor with a chain above int16', { ...ALL_CHAINS, cursor: '1:8000:1' }, 'pageToken'),
    ],
  },
  ListLatestTransactionsAllChains: {
    valid: ALL_CHAINS_TXS,
    cases: [
      ...pageCases(ALL_CHAINS_TXS, 100),
      invalid('an over-long network', { ...ALL_CHAINS_TXS, network: 'n'.repeat(10_000) }, 'network'),
      invalid('an unknown status', { ...ALL_CHAINS_TXS, status: 3 }, 'status'),
      invalid('a cursor of three fields', { ...ALL_CHAINS_TXS, cursor: '1:1:1' }, 'pageToken'),
    ],
  },
  GetNativeBalance: {
    valid: { ...WALLET, currency: 'usd' },
    cases: [
      invalid('an empty address', { ...WALLET, address: Buffer.alloc(0) }, 'address'),
      invalid('a currency that is not a code', { ...WALLET, currency: 'USD' }, 'currency'),
      invalid('a block above the chain head', { ...WALLET, block_number: UINT64_MAX }, 'blockNumber'),
    ],
  },
  ListCollectibleBalances: {
    valid: COLLECTIBLES,
    cases: [
      ...pageCases(COLLECTIBLES, 500),
      invalid('a 2-byte contract', { ...COLLECTIBLES, contract_address: bytes(2) }, 'contractAddress'),
    ],
  },
  GetContractMetadata: {
    valid: WALLET,
    cases: [invalid('a 21-byte address', { ...WALLET, address: bytes(21) }, 'address')],
  },
  ListNftTokens: {
    valid: NFTS,
    cases: [
      ...pageCases(NFTS, 100),
      invalid('an empty contract', { ...NFTS, contract_address: Buffer.alloc(0) }, 'address'),
    ],
  },
  ReindexNftToken: {
    valid: { chain_id: C, contract_address: bytes(20), token_id: '1' },
    cases: [
      invalid(
        'a token id that is not a number',
        { chain_id: C, contract_address: bytes(20), token_id: 'one' },
        'tokenId',
      ),
      invalid(
        'a token id above uint256',
        { chain_id: C, contract_address: bytes(20), token_id: (2n ** 256n).toString() },
        'tokenId',
      ),
      invalid('a 19-byte contract', { chain_id: C, contract_address: bytes(19), token_id: '1' }, 'address'),
    ],
  },
  ListErc20Balances: {
    valid: ERC20_BALANCES,
    cases: [
      ...pageCases(ERC20_BALANCES, 500),
      invalid('a 19-byte address', { ...ERC20_BALANCES, address: bytes(19) }, 'address'),
      invalid(
        'a 21-byte contract in the filter',
        { ...ERC20_BALANCES, contract_addresses: [bytes(20), bytes(21)] },
        'contractAddresses[1]',
      ),
      invalid('a currency that is not a code', { ...ERC20_BALANCES, currency: 'USD' }, 'currency'),
      invalid('a block above int64', { ...ERC20_BALANCES, block_number: UINT64_MAX }, 'blockNumber'),
      invalid('a block not indexed', { ...ERC20_BALANCES, block_number: '1000000' }, 'blockNumber'),
      invalid('a cursor of one field', { ...ERC20_BALANCES, cursor: 'ab' }, 'pageToken'),
    ],
  },
  ListErc721Balances: {
    valid: NFT_BALANCES,
    cases: [
      ...pageCases(NFT_BALANCES, 500),
      invalid('an empty address', { ...NFT_BALANCES, address: Buffer.alloc(0) }, 'address'),
      invalid('a 2-byte contract', { ...NFT_BALANCES, contract_address: bytes(2) }, 'contractAddress'),
    ],
  },
  ListErc1155Balances: {
    valid: NFT_BALANCES,
    cases: [
      ...pageCases(NFT_BALANCES, 500),
      invalid('a 21-byte contract', { ...NFT_BALANCES, contract_address: bytes(21) }, 'contractAddress'),
      invalid('a block above int64', { ...NFT_BALANCES, block_number: INT64_OVERFLOW }, 'blockNumber'),
      invalid('a block not indexed', { ...NFT_BALANCES, block_number: '1000000' }, 'blockNumber'),
    ],
  },
  GetNftToken: {
    valid: NFT_TOKEN,
    cases: [
      invalid('a 19-byte contract', { ...NFT_TOKEN, contract_address: bytes(19) }, 'address'),
      invalid('a token id that is not a number', { ...NFT_TOKEN, token_id: '0x1' }, 'tokenId'),
      invalid('a token id above uint256', { ...NFT_TOKEN, token_id: (2n ** 256n).toString() }, 'tokenId'),
      { change: 'a token never seen', request: NFT_TOKEN, code: status.NOT_FOUND, message: /^tokenId: / },
    ],
  },
  ListAddressChains: {
    valid: { address: bytes(20) },
    cases: [invalid('a 32-byte address', { address: bytes(32) }, 'address')],
  },
  ListIcmMessages: {
    valid: ICM_LIST,
    cases: [
      ...pageCases(ICM_LIST, 100),
      invalid(
        'a source that is not a chain',
        { ...ICM_LIST, source_blockchain_id: 'c-chain' },
        'sourceBlockchainId',
      ),
      invalid(
        'a destination of 20 bytes',
        { ...ICM_LIST, destination_blockchain_id: encodeCb58(bytes(20)) },
        'destinationBlockchainId',
      ),
      invalid('an over-long chain', { ...ICM_LIST, blockchain_id: '1'.repeat(1_000) }, 'blockchainId'),
      invalid('a 19-byte sender', { ...ICM_LIST, from: bytes(19) }, 'from'),
      invalid('a 21-byte recipient', { ...ICM_LIST, to: bytes(21) }, 'to'),
      invalid('an over-long network', { ...ICM_LIST, network: 'n'.repeat(1_000) }, 'network'),
      invalid(
        'a cursor with a time above int64',
        { ...ICM_LIST, cursor: `8000000000000000:${HEX_ID}` },
        'pageToken',
      ),
    ],
  },
  GetIcmMessage: {
    valid: { message_id: bytes(32) },
    cases: [
      invalid('a 31-byte id', { message_id: bytes(31) }, 'messageId'),
      {
        change: 'a message not indexed',
        request: { message_id: bytes(32) },
        code: status.NOT_FOUND,
        message: /^messageId: /,
      },
    ],
  },
  ListIcmMessagesByAddress: {
    valid: ICM,
    cases: [
      ...pageCases(ICM, 100),
      invalid('a 19-byte address', { ...ICM, address: bytes(19) }, 'address'),
      invalid('an over-long network', { ...ICM, network: 'n'.repeat(1_000) }, 'network'),
      invalid(
        'a cursor with a time above int64',
        { ...ICM, cursor: `8000000000000000:${HEX_ID}` },
        'pageToken',
      ),
    ],
  },
  ListNftHolders: {
    valid: NFT_HOLDERS,
    cases: [
      ...pageCases(NFT_HOLDERS, 5000).filter((c) => c.change !== 'page_size 5000'),
      invalid('a 19-byte contract', { ...NFT_HOLDERS, contract: bytes(19) }, 'address'),
      invalid('an over-long chain id', { ...NFT_HOLDERS, chain_id: '4'.repeat(10_000) }, 'chainId'),
    ],
  },
  ListErc20HoldersOverTime: {
    valid: ERC20_HOLDERS,
    cases: [
      ...pageCases(ERC20_HOLDERS, 5000).filter((c) => c.change !== 'page_size 5000'),
      invalid('a 21-byte contract', { ...ERC20_HOLDERS, contract: bytes(21) }, 'address'),
      invalid('a threshold that is not a number', { ...ERC20_HOLDERS, min_balance: '1e3' }, 'threshold'),
      invalid(
        'a threshold above uint256',
        { ...ERC20_HOLDERS, min_balance: (2n ** 256n).toString() },
        'threshold',
      ),
      invalid(
        'an end before the start',
        { ...ERC20_HOLDERS, start_timestamp: '10', end_timestamp: '9' },
        'endTimestamp',
      ),
    ],
  },
  StreamAddressTransactions: {
    valid: ADDRESS_STREAM,
    // Nothing of the C-Chain is indexed here: every window ends after the time it is indexed through.
    answered: [status.FAILED_PRECONDITION],
    cases: [
      invalid('an over-long chain id', { ...ADDRESS_STREAM, chain_id: '4'.repeat(10_000) }, 'chainId'),
      invalid('a 19-byte address', { ...ADDRESS_STREAM, address: bytes(19) }, 'address'),
      invalid(
        'start_timestamp above int64',
        { ...ADDRESS_STREAM, start_timestamp: UINT64_MAX },
        'startTimestamp',
      ),
      invalid(
        'end_timestamp above int64',
        { ...ADDRESS_STREAM, end_timestamp: INT64_OVERFLOW },
        'endTimestamp',
      ),
      invalid('an end at the start', { ...ADDRESS_STREAM, end_timestamp: '10' }, 'endTimestamp'),
      invalid('an end before the start', { ...ADDRESS_STREAM, end_timestamp: '9' }, 'endTimestamp'),
      invalid('page_size 101', { ...ADDRESS_STREAM, page_size: 101 }, 'pageSize'),
      invalid('an over-long cursor', { ...ADDRESS_STREAM, cursor: '1'.repeat(10_000) }, 'pageToken'),
      invalid('a cursor that is not one', { ...ADDRESS_STREAM, cursor: 'not a cursor' }, 'pageToken'),
      invalid(
        'a cursor with a block above int64',
        { ...ADDRESS_STREAM, cursor: '8000000000000000:0' },
        'pageToken',
      ),
      {
        change: 'an end after the indexed time',
        request: { ...ADDRESS_STREAM, page_size: 0 },
        code: status.FAILED_PRECONDITION,
        message: /^endTimestamp: 11 is after the time chain 43113 is indexed through, 0 /,
      },
      {
        change: 'a chain not indexed here',
        request: { ...ADDRESS_STREAM, chain_id: '1' },
        code: status.NOT_FOUND,
        message: /^chainId: /,
      },
    ],
  },
  StreamBlockActivity: {
    valid: { chain_id: C, after_block: '3' },
    cases: [
      invalid('an over-long chain id', { chain_id: '4'.repeat(10_000) }, 'chainId'),
      {
        change: 'a chain not indexed here',
        request: { chain_id: '1', after_block: UINT64_MAX },
        code: status.NOT_FOUND,
        message: /^chainId: /,
      },
    ],
  },
};

const METRIC = { chain_id: 'total', metric: 'txCount', time_interval: 'hour', page_size: 10 };
const ROLLING = { chain_id: 'total', metric: 'txCount' };
const ICM_SERIES = { time_interval: 'day', page_size: 10 };
const STAKING = { network: 'fuji', metric: 'validatorCount', page_size: 10 };
const HOLDERS = { chain_id: C, address: `0x${'ab'.repeat(20)}`, page_size: 10 };
const BALANCES = { ...HOLDERS, threshold: '1' };
const VALIDATORS_IN_RANGE = {
  subnet_id: '11111111111111111111111111111111LpoYY',
  network: 'fuji',
  page_size: 10,
};
const METRICS: Table = {
  ListChains: {
    valid: { network: 'fuji', page_size: 10 },
    cases: [
      ...pageCases({ network: '' }, 10_000).filter((c) => !c.change.includes('5000')),
      invalid('an unknown network', { network: 'devnet' }, 'network'),
      invalid('a cursor that is not a chain id', { cursor: '-1' }, 'pageToken'),
    ],
  },
  GetChain: {
    valid: { chain_id: '43113' },
    cases: [
      invalid('an empty chain id', { chain_id: '' }, 'chainId'),
      invalid('a chain id above uint256', { chain_id: (2n ** 256n).toString() }, 'chainId'),
      invalid('an over-long chain id', { chain_id: '4'.repeat(10_000) }, 'chainId'),
      {
        change: 'a chain not followed',
        request: { chain_id: '1' },
        code: status.NOT_FOUND,
        message: /^chainId: /,
      },
    ],
  },
  GetEvmChainMetrics: {
    valid: METRIC,
    cases: [
      ...pageCases(METRIC, 2160),
      invalid('a cursor above any time', { ...METRIC, cursor: '1'.repeat(20) }, 'pageToken'),
      invalid('an unknown metric', { ...METRIC, metric: 'txcount' }, 'metric'),
      invalid('no metric', { ...METRIC, metric: '' }, 'metric'),
      invalid('an unknown interval', { ...METRIC, time_interval: 'minute' }, 'timeInterval'),
      invalid('a day-only metric by the hour', { ...METRIC, metric: 'avgTps' }, 'timeInterval'),
      invalid(
        'feesPaid by the week',
        { ...METRIC, metric: 'feesPaid', time_interval: 'week' },
        'timeInterval',
      ),
      invalid('a chain id that is not one', { ...METRIC, chain_id: 'C' }, 'chainId'),
      invalid('an over-long chain id', { ...METRIC, chain_id: '4'.repeat(10_000) }, 'chainId'),
      invalid('a start above int64', { ...METRIC, start_timestamp: INT64_OVERFLOW }, 'startTimestamp'),
      invalid('an end above int64', { ...METRIC, end_timestamp: UINT64_MAX }, 'endTimestamp'),
      invalid(
        'an end before the start',
        { ...METRIC, start_timestamp: '10', end_timestamp: '9' },
        'endTimestamp',
      ),
      {
        change: 'a chain not followed',
        request: { ...METRIC, chain_id: '1' },
        code: status.NOT_FOUND,
        message: /^chainId: /,
      },
    ],
  },
  GetEvmChainRollingWindowMetrics: {
    valid: ROLLING,
    cases: [
      invalid('an unknown metric', { ...ROLLING, metric: 'txcount' }, 'metric'),
      invalid('a cumulative metric', { ...ROLLING, metric: 'cumulativeTxCount' }, 'metric'),
      invalid('a chain id that is not one', { ...ROLLING, chain_id: 'C' }, 'chainId'),
      invalid('a time above int64', { ...ROLLING, at: UINT64_MAX }, 'at'),
    ],
  },
  GetAvgTps: {
    valid: { chain_id: 'total', page_token: '' },
    cases: [
      invalid('a token that is not a UUID', { chain_id: 'total', page_token: 'x' }, 'pageToken'),
      invalid(
        'an unknown token',
        { chain_id: 'total', page_token: '6f1c2b8e-0c8a-4c61-9e2f-1d3c5b7a9e01' },
        'pageToken',
      ),
      invalid('page_size 0', { chain_id: 'total', page_size: 0 }, 'pageSize'),
      invalid('a chain id that is not one', { chain_id: 'C' }, 'chainId'),
    ],
  },
  GetIcmTimeseries: {
    valid: ICM_SERIES,
    cases: [
      ...pageCases(ICM_SERIES, 2160),
      invalid('a source that is not an id', { ...ICM_SERIES, src_blockchain_id: 'x' }, 'srcBlockchainId'),
      invalid(
        'a destination that is not an id',
        { ...ICM_SERIES, dest_blockchain_id: 'x' },
        'destBlockchainId',
      ),
      invalid('an unknown grouping', { ...ICM_SERIES, group_by: 'network' }, 'groupBy'),
      invalid('an unknown network', { ...ICM_SERIES, network: 'devnet' }, 'network'),
      invalid('an unknown interval', { ...ICM_SERIES, time_interval: 'minute' }, 'timeInterval'),
      invalid(
        'an end before the start',
        { ...ICM_SERIES, start_timestamp: '10', end_timestamp: '9' },
        'endTimestamp',
      ),
    ],
  },
  GetIcmSummary: {
    valid: {},
    cases: [
      invalid('a source that is not an id', { src_blockchain_id: 'x' }, 'srcBlockchainId'),
      invalid('an unknown grouping', { group_by: 'network' }, 'groupBy'),
      invalid('an unknown network', { network: 'devnet' }, 'network'),
    ],
  },
  GetStakingMetrics: {
    valid: STAKING,
    cases: [
      ...pageCases(STAKING, 2160),
      invalid('an unknown metric', { ...STAKING, metric: 'stakers' }, 'metric'),
      invalid('an unknown network', { ...STAKING, network: 'devnet' }, 'network'),
      invalid('a subnet id that is not one', { ...STAKING, subnet_id: 'x' }, 'subnetId'),
      invalid(
        'an end before the start',
        { ...STAKING, start_timestamp: '10', end_timestamp: '9' },
        'endTimestamp',
      ),
    ],
  },
  GetL1ValidatorFeeMetrics: {
    valid: { metric: 'totalValidatorFeesDaily', id: '' },
    cases: [
      invalid('an unknown metric', { metric: 'validatorCount', id: '' }, 'metric'),
      invalid('an id with a total metric', { metric: 'totalValidatorFeesDaily', id: 'x' }, 'id'),
      invalid(
        'a validation id that is not one',
        { metric: 'validationFeesDaily', id: 'x' },
        'l1ValidationId',
      ),
      invalid('a node id that is not one', { metric: 'perNodeDailyFeesPaid', id: 'NodeID-x' }, 'nodeId'),
      invalid('a subnet id that is not one', { metric: 'perSubnetDailyFeesPaid', id: '' }, 'subnetId'),
      invalid(
        'an end before the start',
        { metric: 'totalValidatorFeesDaily', id: '', start_timestamp: '10', end_timestamp: '9' },
        'endTimestamp',
      ),
    ],
  },
  ListNftHolders: {
    valid: HOLDERS,
    cases: [
      invalid('page_size 0', { ...HOLDERS, page_size: 0 }, 'pageSize'),
      invalid('an address that is not one', { ...HOLDERS, address: '0x1234' }, 'address'),
      invalid('a chain id that is not one', { ...HOLDERS, chain_id: 'C' }, 'chainId'),
    ],
  },
  ListAddressesByBalanceOverTime: {
    valid: BALANCES,
    cases: [
      invalid('page_size 0', { ...BALANCES, page_size: 0 }, 'pageSize'),
      invalid('a threshold that is not a number', { ...BALANCES, threshold: '-1' }, 'threshold'),
      invalid('an address that is not one', { ...BALANCES, address: 'abc' }, 'address'),
      invalid(
        'an end before the start',
        { ...BALANCES, start_timestamp: '10', end_timestamp: '9' },
        'endTimestamp',
      ),
    ],
  },
  ListValidatorsByDateRange: {
    valid: VALIDATORS_IN_RANGE,
    cases: [
      invalid('page_size 0', { ...VALIDATORS_IN_RANGE, page_size: 0 }, 'pageSize'),
      invalid('a subnet id that is not one', { ...VALIDATORS_IN_RANGE, subnet_id: 'x' }, 'subnetId'),
      invalid('an unknown network', { ...VALIDATORS_IN_RANGE, network: 'devnet' }, 'network'),
      invalid(
        'an end before the start',
        { ...VALIDATORS_IN_RANGE, start_timestamp: '10', end_timestamp: '9' },
        'endTimestamp',
      ),
    ],
  },
};

const EVM_ADDRESS = `0x${'ab'.repeat(20)}`;
const EVM_EXPORT = {
  type: 'TRANSACTION_EXPORT_EVM',
  first_date: '2024-01-01',
  last_date: '2024-01-31',
  addresses: [EVM_ADDRESS],
  include_chains: [C],
};
const PN_EXPORT = {
  type: 'TRANSACTION_EXPORT_PRIMARY_NETWORK',
  first_date: '2024-01-01',
  last_date: '2024-01-31',
  addresses: [`X-${formatBech32(FUJI.hrp, bytes(20))}`],
  c_chain_evm_addresses: [EVM_ADDRESS],
  include_chains: ['p-chain', FUJI.xChainId, 'c-chain'],
};
/** In days from today (UTC): two ahead, so that the server's today is still before it across a midnight. */
const daysFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const UNKNOWN_OPERATION = '6f1c2b8e-0c8a-4c61-9e2f-1d3c5b7a9e01';
const FILE_SIZE = EXPORT_OPERATIONS.file.length;
const answers = (change: string, request: object): Case => ({
  change,
  request,
  code: status.OK,
  // A stream's OK status carries the text 'OK'.
  message: /^(OK)?$/,
});

const EXPORT_WORKER: Table = {
  CreateTransactionExport: {
    valid: EVM_EXPORT,
    answered: [status.OK],
    cases: [
      answers('a primary network export', PN_EXPORT),
      answers('the default dates', { ...EVM_EXPORT, first_date: '', last_date: '' }),
      answers('a default first date before 2020-09-21', {
        ...EVM_EXPORT,
        first_date: '',
        last_date: '2020-09-25',
      }),
      answers('the longest idempotency key', { ...EVM_EXPORT, idempotency_key: 'k'.repeat(255) }),
      invalid('an unknown type', { ...EVM_EXPORT, type: 'TRANSACTION_EXPORT_ERC20' }, 'type'),
      invalid('no type', { ...EVM_EXPORT, type: '' }, 'type'),
      invalid('a first date not in YYYY-MM-DD', { ...EVM_EXPORT, first_date: '2024-1-01' }, 'firstDate'),
      invalid('a first date not in the calendar', { ...EVM_EXPORT, first_date: '2023-02-29' }, 'firstDate'),
      invalid('an over-long first date', { ...EVM_EXPORT, first_date: '2'.repeat(10_000) }, 'firstDate'),
      invalid('a last date that is not one', { ...EVM_EXPORT, last_date: 'yesterday' }, 'lastDate'),
      invalid(
        'dates out of order',
        { ...EVM_EXPORT, first_date: '2024-02-01', last_date: '2024-01-31' },
        'firstDate',
      ),
      invalid(
        'a first date after today',
        { ...EVM_EXPORT, first_date: daysFromToday(2), last_date: daysFromToday(3) },
        'firstDate',
      ),
      invalid('a first date before 2020-09-21', { ...EVM_EXPORT, first_date: '2020-09-20' }, 'firstDate'),
      invalid(
        'a last date whose default first date is after today',
        { ...EVM_EXPORT, first_date: '', last_date: daysFromToday(40) },
        'lastDate',
      ),
      invalid(
        'a last date before 2020-09-21',
        { ...EVM_EXPORT, first_date: '', last_date: '2020-09-20' },
        'lastDate',
      ),
      invalid('an EVM export of no address', { ...EVM_EXPORT, addresses: [] }, 'options.addresses'),
      invalid(
        'a malformed EVM address',
        { ...EVM_EXPORT, addresses: [EVM_ADDRESS, '0x1234'] },
        'options.addresses[1]',
      ),
      invalid(
        'a bech32 address in an EVM export',
        { ...EVM_EXPORT, addresses: PN_EXPORT.addresses },
        'options.addresses[0]',
      ),
      invalid(
        'too many EVM addresses',
        {
          ...EVM_EXPORT,
          addresses: Array.from({ length: 101 }, (_, i) => `0x${i.toString(16).padStart(40, '0')}`),
        },
        'options.addresses',
      ),
      invalid(
        'cChainEvmAddresses in an EVM export',
        { ...EVM_EXPORT, c_chain_evm_addresses: [EVM_ADDRESS] },
        'options.cChainEvmAddresses',
      ),
      invalid('an EVM export of no chain', { ...EVM_EXPORT, include_chains: [] }, 'options.includeChains'),
      invalid(
        'an EVM chain id not in decimal',
        { ...EVM_EXPORT, include_chains: [C, '0xa869'] },
        'options.includeChains[1]',
      ),
      invalid(
        'an EVM chain id above uint64',
        { ...EVM_EXPORT, include_chains: ['9'.repeat(25)] },
        'options.includeChains[0]',
      ),
      invalid(
        'an EVM chain evm-data does not index',
        { ...EVM_EXPORT, include_chains: [C, '43114'] },
        'options.includeChains[1]',
      ),
      invalid(
        'too many EVM chains',
        { ...EVM_EXPORT, include_chains: Array.from({ length: 33 }, (_, i) => String(i + 1)) },
        'options.includeChains',
      ),
      invalid(
        'a primary network export of no chain',
        { ...PN_EXPORT, include_chains: [] },
        'options.includeChains',
      ),
      invalid(
        'an unknown chain alias',
        { ...PN_EXPORT, include_chains: ['p-chain', 'd-chain'] },
        'options.includeChains[1]',
      ),
      invalid(
        "the other network's X-Chain",
        { ...PN_EXPORT, include_chains: [IDENTITIES.mainnet.xChainId] },
        'options.includeChains[0]',
      ),
      invalid(
        'an EVM chain id in a primary network export',
        { ...PN_EXPORT, include_chains: [C] },
        'options.includeChains[0]',
      ),
      invalid(
        'an address of the other network',
        { ...PN_EXPORT, addresses: [`P-${formatBech32(IDENTITIES.mainnet.hrp, bytes(20))}`] },
        'options.addresses[0]',
      ),
      invalid(
        'an EVM address in a primary network export',
        { ...PN_EXPORT, addresses: [EVM_ADDRESS] },
        'options.addresses[0]',
      ),
      invalid(
        'a bech32 address of 32 bytes',
        { ...PN_EXPORT, addresses: [formatBech32(FUJI.hrp, bytes(32))] },
        'options.addresses[0]',
      ),
      invalid(
        'too many bech32 addresses',
        { ...PN_EXPORT, addresses: Array.from({ length: 101 }, () => PN_EXPORT.addresses[0]) },
        'options.addresses',
      ),
      invalid(
        'a malformed C-Chain EVM address',
        { ...PN_EXPORT, c_chain_evm_addresses: ['0x'] },
        'options.cChainEvmAddresses[0]',
      ),
      invalid(
        'an over-long idempotency key',
        { ...EVM_EXPORT, idempotency_key: 'k'.repeat(256) },
        'idempotencyKey',
      ),
    ],
  },
  GetOperation: {
    valid: { operation_id: EXPORT_OPERATIONS.completed },
    answered: [status.OK],
    cases: [
      answers('a running operation', { operation_id: EXPORT_OPERATIONS.running }),
      answers('an id in upper case', { operation_id: EXPORT_OPERATIONS.failed.toUpperCase() }),
      invalid('no operation id', { operation_id: '' }, 'operationId'),
      invalid('an operation id that is not a UUID', { operation_id: 'op-1' }, 'operationId'),
      invalid('a UUID and one more digit', { operation_id: `${UNKNOWN_OPERATION}0` }, 'operationId'),
      invalid('an over-long operation id', { operation_id: 'f'.repeat(100_000) }, 'operationId'),
      {
        change: 'an operation that does not exist',
        request: { operation_id: UNKNOWN_OPERATION },
        code: status.NOT_FOUND,
        message: /^operationId: no operation 6f1c2b8e-/,
      },
    ],
  },
  ReadExportFile: {
    valid: { operation_id: EXPORT_OPERATIONS.completed, offset: '0' },
    answered: [status.OK],
    cases: [
      answers('the offset of the end of the file', {
        operation_id: EXPORT_OPERATIONS.completed,
        offset: String(FILE_SIZE),
      }),
      invalid(
        'an offset beyond the file',
        { operation_id: EXPORT_OPERATIONS.completed, offset: String(FILE_SIZE + 1) },
        'offset',
      ),
      invalid(
        'the largest uint64 offset',
        { operation_id: EXPORT_OPERATIONS.completed, offset: UINT64_MAX },
        'offset',
      ),
      invalid('an operation id that is not a UUID', { operation_id: 'x', offset: '0' }, 'operationId'),
      {
        change: 'an operation that does not exist',
        request: { operation_id: UNKNOWN_OPERATION, offset: '0' },
        code: status.NOT_FOUND,
        message: /^operationId: no operation /,
      },
      {
        change: 'a running operation',
        request: { operation_id: EXPORT_OPERATIONS.running, offset: '0' },
        code: status.FAILED_PRECONDITION,
        message: /^operationId: operation \S+ has no file \(it is RUNNING\)$/,
      },
      {
        change: 'a failed operation',
        request: { operation_id: EXPORT_OPERATIONS.failed, offset: '0' },
        code: status.FAILED_PRECONDITION,
        message: /^operationId: operation \S+ has no file \(it is FAILED\)$/,
      },
    ],
  },
};

/** A server-streaming call read to its end, its status as `call` gives a unary call's. */
function callStream(service: GrpcService, method: string, request: object, deadlineMs: number) {
  const started = performance.now();
  const open = (service.client as unknown as Record<string, unknown>)[method] as (
    request: object,
    options: CallOptions,
  ) => ClientReadableStream<unknown>;
  const reading = open.call(service.client, request, { deadline: Date.now() + deadlineMs });
  return new Promise<CallOutcome>((resolve) => {
    reading.on('data', () => {});
    reading.on('error', () => {});
    reading.on('status', (s: StatusObject) =>
      resolve({ code: s.code, details: s.details, elapsedMs: performance.now() - started }),
    );
  });
}

/** What a valid request may answer on these near-empty services. */
const ANSWERED = [status.OK, status.NOT_FOUND, status.UNAVAILABLE];

describe('gRPC input validation', function () {
  this.timeout(120_000);
  let services: GrpcServices;

  before(async function () {
    services = await startGrpcServices();
  });

  after(async function () {
    await services?.stop();
  });

  const tables: [string, (s: GrpcServices) => GrpcService, Table][] = [
    ['container-indexer', (s) => s.containerIndexer, CONTAINER_INDEXER],
    ['primary-network', (s) => s.primaryNetwork, PRIMARY_NETWORK],
    ['evm-data', (s) => s.evmData, EVM_DATA],
    ['metrics', (s) => s.metrics, METRICS],
    ['export-worker', (s) => s.exportWorker, EXPORT_WORKER],
  ];

  for (const [name, serviceOf, table] of tables) {
    describe(name, function () {
      for (const [method, { valid, answered, cases }] of Object.entries(table)) {
        it(`${method}: answers a valid request, and refuses each bad field naming it`, async function () {
          const service = serviceOf(services);
          const call = service.definition[method]!.responseStream ? callStream : callUnary;
          const answer = await call(service, method, valid, 10_000);
          expect(answered ?? ANSWERED, `${method} valid: ${answer.details}`).to.include(answer.code);
          for (const c of cases) {
            const outcome = await call(service, method, c.request, 10_000);
            const what = `${method} with ${c.change}: ${status[outcome.code]} ${outcome.details}`;
            expect(outcome.code, what).to.equal(c.code);
            expect(outcome.details, what).to.match(c.message);
            // Messages quote what they were sent only in part: the whole would not fit a status trailer.
            expect(outcome.details.length, what).to.be.below(400);
          }
        });
      }
    });
  }

  it('covers every method of every service', function () {
    for (const [name, serviceOf, table] of tables) {
      const methods = Object.keys(serviceOf(services).definition);
      const untested = methods.filter(
        (m) =>
          !(m in table) &&
          ![
            'GetIndex',
            'GetLastAccepted',
            'IsAccepted',
            'GetProjectionStatus',
            'GetIngestionStatus',
            // Takes nothing, and runs until its caller's deadline (grpc-fuzz calls it).
            'WatchProjection',
          ].includes(m),
      );
      expect(untested, name).to.deep.equal([]);
    }
  });
});
