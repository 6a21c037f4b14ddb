import type { ChainRef__Output } from '../../generated/proto/chaindata/primarynetwork/v1/ChainRef.ts';
import type { ListTransactionsRequest__Output } from '../../generated/proto/chaindata/primarynetwork/v1/ListTransactionsRequest.ts';
import type { ListTransactionsResponse } from '../../generated/proto/chaindata/primarynetwork/v1/ListTransactionsResponse.ts';
import type { PrimaryNetworkServiceHandlers } from '../../generated/proto/chaindata/primarynetwork/v1/PrimaryNetworkService.ts';
import { DomainError } from '../../runtime/errors.ts';
import { formatNodeId } from '../../runtime/formatting/address.ts';
import { decodeCb58, encodeCb58 } from '../../runtime/formatting/cb58.ts';
import * as field from '../../runtime/grpc/request-fields.ts';
import type { AsyncImplementation } from '../../runtime/grpc/server.ts';
import {
  MAX_NETWORK_LIST_PAGE_SIZE,
  MAX_PAGE_SIZE,
  MAX_UTXO_PAGE_SIZE,
} from '../../runtime/pagination/limits.ts';
import type { PriceSource } from '../../runtime/prices/price-source.ts';
import type { PotentialRewards } from '../platform-rewards.ts';
import type { CurrentSupply } from '../platform-supply.ts';
import type { HoldingsReader } from '../store/holdings.ts';
import { holdingsService } from './holdings.ts';
import { chainKeyOf, type ChainKey, type NetworkContext } from '../network.ts';
import { cursorBigint, type PrimaryNetworkReader } from '../store/reader.ts';
import type { StakingReader } from '../store/staking.ts';
import type { ValidatorNodes } from '../platform-validators.ts';
import { stakingHandlers } from './staking.ts';
import type { StakingActivityReader } from '../store/staking-activity.ts';
import { stakingActivityHandlers } from './staking-activity.ts';
import type { TimeFrameValidatorsReader } from '../store/looking-glass.ts';
import { lookingGlassHandlers } from './looking-glass.ts';
import { transactionStreamHandlers, type TransactionsQuery } from './transaction-stream.ts';
import {
  answerNames,
  blockDoc,
  chainName,
  createdBlockchainDoc,
  historicalRewardDoc,
  listedBlockchainDoc,
  otherUtxo,
  pChainUtxo,
  pendingRewardDoc,
  primaryBlockchain,
  subnetDoc,
  transactionDoc,
  vertexDoc,
} from './documents.ts';

const ID_LENGTH = 32;
const SHORT_ID_LENGTH = 20;
/** Transaction types a request may filter by: the API knows 23. */
const MAX_TX_TYPES = 64;
const TX_TYPE = /^[A-Za-z0-9]{1,64}$/;
const UTXO_SORT_KEYS = ['', 'timestamp', 'amount'] as const;

/** Timestamps and heights are int64 columns; a value above that matches nothing and must not reach SQL. */
const timestamp = (name: string, value: string | undefined) =>
  field.optionalInteger(name, value, field.MAX_INT64);

/**
 * The gRPC face of the projection. It validates every request itself (gateway-data does too, but the service is
 * reachable without it), and checks what only it knows.
 */
export function primaryNetworkService(options: {
  ctx: NetworkContext;
  reader: PrimaryNetworkReader;
  holdings: HoldingsReader;
  potentialRewards: PotentialRewards;
  supply: CurrentSupply;
  prices: PriceSource;
  staking: StakingReader;
  validatorNodes: ValidatorNodes;
  stakingActivity: StakingActivityReader;
  timeFrameValidators: TimeFrameValidatorsReader;
}): AsyncImplementation<PrimaryNetworkServiceHandlers> {
  const { ctx, reader } = options;
  const network = ctx.identity.name;

  const checkNetwork = (name: string) => {
    if (name !== network)
      throw new DomainError(
        'not_found',
        `network ${field.quoted(name)} is not indexed here (this deployment indexes ${network})`,
      );
  };
  /** A request's chain reference, present and on this deployment's network. */
  const chainRefOf = (ref: ChainRef__Output | null): ChainRef__Output => {
    if (!ref)
      throw new DomainError('invalid_argument', 'chain: is required: expected a network and a blockchain id');
    checkNetwork(ref.network);
    return ref;
  };
  const chainOf = (request: ChainRef__Output | null): ChainKey => {
    const ref = chainRefOf(request);
    field.text('blockchainId', ref.blockchain_id, { what: 'a blockchain id (cb58)' });
    let key: ChainKey | undefined;
    try {
      key = chainKeyOf(ctx, decodeCb58(ref.blockchain_id));
    } catch {
      key = undefined;
    }
    if (!key)
      throw new DomainError(
        'not_found',
        `blockchain ${field.quoted(ref.blockchain_id)} is not a primary-network chain of ${network}`,
      );
    return key;
  };
  const chainInfo = (chain: ChainKey) => ({ chainName: chainName(chain), network });
  const idOf = (text: string, what: string): Uint8Array => {
    field.text(what, text, { what: 'a 32-byte id (cb58 or 0x-hex)' });
    try {
      const bytes = /^0x[0-9a-fA-F]{64}$/.test(text) ? Buffer.from(text.slice(2), 'hex') : decodeCb58(text);
      if (bytes.length === 32) return bytes;
    } catch {
      // reported below
    }
    throw field.invalidField(what, 'a 32-byte id (cb58 or 0x-hex)', text);
  };
  const addresses = (name: string, values: Buffer[]) => field.bytesList(name, values, SHORT_ID_LENGTH);
  /** A ListTransactions request checked, as StreamTransactions takes it too. */
  const transactionsQuery = (req: ListTransactionsRequest__Output): TransactionsQuery => {
    const chain = chainOf(req.chain);
    const l1ValidationId = field.optionalBytes('l1ValidationId', req.l1_validation_id, ID_LENGTH);
    const filter = {
      addresses: addresses('addresses', req.addresses),
      evmAddresses: addresses('evmAddresses', req.evm_addresses),
      ...(l1ValidationId ? { l1ValidationId } : {}),
      txTypes: field.textList('txTypes', req.tx_types, MAX_TX_TYPES, (name, value) =>
        field.text(name, value, { pattern: TX_TYPE, what: 'a transaction type such as BaseTx' }),
      ),
      startTimestamp: timestamp('startTimestamp', req.start_timestamp),
      endTimestamp: timestamp('endTimestamp', req.end_timestamp),
    };
    const order = field.sortOrder(req.sort_order);
    const pageSize = field.pageSize(req.page_size, MAX_PAGE_SIZE);
    const cursor = field.cursor(req.cursor);
    // Parsed again by the query: checked here too, so that a stream refuses a malformed cursor before it checks
    // the window against the projection.
    cursorBigint(cursor, 'transaction');
    return { chain, filter, order, pageSize, cursor };
  };
  const transactionsPage = async (q: TransactionsQuery): Promise<ListTransactionsResponse> => {
    const page = await reader.transactions(q.chain, q.filter, q.order, q.pageSize, q.cursor);
    const names = answerNames(ctx);
    return {
      transactions: page.items.map((tx) => transactionDoc(ctx, page.assets, tx, names)),
      chainInfo: chainInfo(q.chain),
      next_cursor: page.nextCursor,
    };
  };

  return {
    GetBlockchain: async (req) => {
      const ref = chainRefOf(req.chain);
      const id = idOf(ref.blockchain_id, 'blockchainId');
      const primary = chainKeyOf(ctx, id);
      if (primary) return primaryBlockchain(ctx, primary);
      // Any other chain is one a CreateChainTx created, as the P-Chain recorded it.
      const created = await reader.createdBlockchain(id);
      if (!created)
        throw new DomainError(
          'not_found',
          `blockchain ${field.quoted(ref.blockchain_id)} is not a chain of ${network}: no CreateChainTx created it`,
        );
      return createdBlockchainDoc(created);
    },

    ListBlockchains: async (req) => {
      checkNetwork(req.network);
      const order = field.sortOrder(req.sort_order);
      const pageSize = field.pageSize(req.page_size, MAX_NETWORK_LIST_PAGE_SIZE);
      const page = await reader.blockchains(order, pageSize, field.cursor(req.cursor));
      return {
        blockchains: page.items.map((b) => listedBlockchainDoc(ctx, b)),
        next_cursor: page.nextCursor,
      };
    },

    ListSubnets: async (req) => {
      checkNetwork(req.network);
      const order = field.sortOrder(req.sort_order);
      const pageSize = field.pageSize(req.page_size, MAX_NETWORK_LIST_PAGE_SIZE);
      const page = await reader.subnets(order, pageSize, field.cursor(req.cursor));
      return { subnets: page.items.map((s) => subnetDoc(ctx, s)), next_cursor: page.nextCursor };
    },

    GetSubnet: async (req) => {
      checkNetwork(req.network);
      const subnetId = field.bytes('subnetId', req.subnet_id, ID_LENGTH);
      const subnet = await reader.subnet(subnetId);
      if (!subnet)
        throw new DomainError(
          'not_found',
          `subnet ${encodeCb58(subnetId)} is not a subnet of ${network}: no CreateSubnetTx created it`,
        );
      return subnetDoc(ctx, subnet);
    },

    ListBlocks: async (req) => {
      const chain = chainOf(req.chain);
      const filter = {
        startTimestamp: timestamp('startTimestamp', req.start_timestamp),
        endTimestamp: timestamp('endTimestamp', req.end_timestamp),
      };
      const pageSize = field.pageSize(req.page_size, MAX_PAGE_SIZE);
      const page = await reader.blocks(chain, filter, pageSize, field.cursor(req.cursor));
      return { blocks: page.items.map(blockDoc), chainInfo: chainInfo(chain), next_cursor: page.nextCursor };
    },

    GetBlock: async (req) => {
      const chain = chainOf(req.chain);
      const blockId = field.text('blockId', req.block_id, { what: 'a block height or a 32-byte block id' });
      // The Data API names a block by its height or its id; heights are int64, so a larger one names no block.
      const height = /^\d{1,20}$/.test(blockId) ? BigInt(blockId) : undefined;
      const block =
        height === undefined
          ? await reader.block(chain, idOf(blockId, 'blockId'))
          : height <= field.MAX_INT64
            ? await reader.blockAtHeight(chain, height)
            : undefined;
      if (!block)
        throw new DomainError(
          'not_found',
          `block ${field.quoted(blockId)} not found on the ${chainName(chain)}`,
        );
      return blockDoc(block);
    },

    ListVerticesByHeight: async (req) => {
      const chain = chainOf(req.chain);
      const height = field.integer('vertexHeight', req.vertex_height, field.MAX_INT64);
      const order = field.sortOrder(req.sort_order);
      const pageSize = field.pageSize(req.page_size, MAX_PAGE_SIZE);
      const cursor = field.cursor(req.cursor);
      if (chain !== 'X')
        throw new DomainError('invalid_argument', 'blockchainId: vertices exist only on the X-Chain');
      const page = await reader.verticesByHeight(height, order, pageSize, cursor);
      return {
        vertices: page.items.map(vertexDoc),
        chainInfo: chainInfo(chain),
        next_cursor: page.nextCursor,
      };
    },

    ListTransactions: async (req) => transactionsPage(transactionsQuery(req)),

    ...transactionStreamHandlers({
      query: transactionsQuery,
      page: transactionsPage,
      projectedThrough: () => reader.projectedThrough(),
    }),

    GetTransaction: async (req) => {
      const chain = chainOf(req.chain);
      const found = await reader.transaction(chain, idOf(req.tx_hash, 'txHash'));
      if (!found)
        throw new DomainError(
          'not_found',
          `transaction ${field.quoted(req.tx_hash)} not found on the ${chainName(chain)}`,
        );
      return transactionDoc(ctx, found.assets, found.transaction);
    },

    ListUtxos: async (req) => {
      const chain = chainOf(req.chain);
      const assetId = field.optionalBytes('assetId', req.asset_id, ID_LENGTH);
      const filter = {
        addresses: addresses('addresses', req.addresses),
        ...(assetId ? { assetId } : {}),
        // Amounts are numeric(20, 0) and a UTXO's amount a uint64.
        minAmount: BigInt(field.decimalText('minUtxoAmount', req.min_utxo_amount, field.MAX_UINT64, '0')),
        includeSpent: req.include_spent,
      };
      const sortBy = field.oneOf('sortBy', req.sort_by, UTXO_SORT_KEYS) === 'amount' ? 'amount' : 'timestamp';
      const order = field.sortOrder(req.sort_order);
      const pageSize = field.pageSize(req.page_size, MAX_UTXO_PAGE_SIZE);
      const page = await reader.utxos(chain, filter, sortBy, order, pageSize, field.cursor(req.cursor));
      const names = answerNames(ctx);
      const utxos = page.items.map((u) =>
        chain === 'P'
          ? { pChain: pChainUtxo(ctx, page.assets, u, names) }
          : { other: otherUtxo(ctx, page.assets, u, names) },
      );
      return { utxos, chainInfo: chainInfo(chain), next_cursor: page.nextCursor };
    },

    ListHistoricalRewards: async (req) => {
      checkNetwork(req.network);
      const filter = rewardsFilter(req);
      const currency = field.currency('currency', req.currency) || 'usd';
      const order = field.sortOrder(req.sort_order);
      const pageSize = field.pageSize(req.page_size, MAX_PAGE_SIZE);
      const page = await reader.historicalRewards(filter, order, pageSize, field.cursor(req.cursor));
      const price = {
        currency,
        at: (unixSeconds: number) => options.prices.priceAt('AVAX', currency, unixSeconds),
        now: Math.floor(Date.now() / 1000),
      };
      return {
        historicalRewards: page.items.map((r) => historicalRewardDoc(ctx, page.assets, r, price)),
        next_cursor: page.nextCursor,
      };
    },

    ListPendingRewards: async (req, signal) => {
      checkNetwork(req.network);
      const filter = rewardsFilter(req);
      field.currency('currency', req.currency);
      const order = field.sortOrder(req.sort_order);
      const pageSize = field.pageSize(req.page_size, MAX_PAGE_SIZE);
      const page = await reader.pendingStakers(filter, order, pageSize, field.cursor(req.cursor));
      const nodes = [...new Set(page.items.map((s) => formatNodeId(s.nodeId)))];
      // The nodes' answer is for this caller alone: the calls end when its deadline passes or it goes.
      const potential =
        nodes.length > 0
          ? await options.potentialRewards.potentialRewards(nodes, undefined, signal)
          : new Map<string, bigint>();
      return {
        pendingRewards: page.items.map((s) =>
          pendingRewardDoc(ctx, s, potential.get(encodeCb58(s.txId)) ?? 0n),
        ),
        next_cursor: page.nextCursor,
      };
    },

    GetValidatorSet: async (req) => {
      checkNetwork(req.network);
      const subnetId = field.bytes('subnetId', req.subnet_id, ID_LENGTH);
      const asked = field.integer('pChainHeight', req.p_chain_height, field.MAX_UINT64);
      const latest = await reader.latestPChainHeight();
      const height = asked === 0n ? latest : asked;
      if (height > latest)
        throw new DomainError(
          'failed_precondition',
          `P-Chain height ${height} is above the projected height ${latest}`,
        );
      const validators = await reader.validatorSet(subnetId, height);
      return { p_chain_height: height.toString(), validators };
    },

    GetL1ValidatorWeightChange: async (req) => {
      checkNetwork(req.network);
      const txId = field.bytes('txId', req.tx_id, ID_LENGTH);
      const found = await reader.pChainTransactionFacts(txId);
      if (!found)
        throw new DomainError('not_found', `transaction ${encodeCb58(txId)} not found on the P-Chain`);
      const change = found.details.l1Validators?.[0];
      if (found.txType !== 'SetL1ValidatorWeightTx' || !change)
        throw new DomainError(
          'invalid_argument',
          `txId: ${encodeCb58(txId)} is a ${found.txType}, expected a SetL1ValidatorWeightTx`,
        );
      // Projected before nonces were kept: migration 003 replays the projection, so this passes once it has.
      if (change.nonce === undefined)
        throw new DomainError(
          'unavailable',
          `transaction ${encodeCb58(txId)} was projected before nonces were kept and is being projected again`,
        );
      return {
        validation_id: Buffer.from(change.validationId, 'hex'),
        subnet_id: Buffer.from(change.subnetId, 'hex'),
        nonce: change.nonce,
        weight: change.weight,
      };
    },

    GetProjectionStatus: async () => {
      const [indexes, through] = await Promise.all([reader.cursors(), reader.projectedThrough()]);
      const chains = (['P', 'X', 'C'] as const).map((chain) => ({
        blockchain_id: encodeCb58(ctx.chainIds[chain]),
        projected_through_timestamp: through[chain].toString(),
      }));
      return { indexes, chains };
    },

    ...stakingHandlers({
      ctx,
      staking: options.staking,
      nodes: options.validatorNodes,
      supply: options.supply,
      checkNetwork,
    }),

    ...stakingActivityHandlers({ ctx, activity: options.stakingActivity }),

    ...lookingGlassHandlers({ ctx, validators: options.timeFrameValidators, checkNetwork }),

    ...holdingsService({
      ctx,
      reader,
      holdings: options.holdings,
      supply: options.supply,
      checks: { checkNetwork, chainOf, chainInfo, idOf },
    }),
  };

  function rewardsFilter(req: { addresses: Buffer[]; node_ids: Buffer[] }) {
    return { addresses: addresses('addresses', req.addresses), nodeIds: addresses('nodeIds', req.node_ids) };
  }
}
