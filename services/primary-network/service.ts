import type { ChainRef__Output } from '../generated/proto/chaindata/primarynetwork/v1/ChainRef.ts';
import type { PrimaryNetworkServiceHandlers } from '../generated/proto/chaindata/primarynetwork/v1/PrimaryNetworkService.ts';
import type { SortOrder__Output } from '../generated/proto/chaindata/primarynetwork/v1/SortOrder.ts';
import { DomainError } from '../runtime/errors.ts';
import { formatNodeId } from '../runtime/formatting/address.ts';
import { decodeCb58, encodeCb58 } from '../runtime/formatting/cb58.ts';
import type { AsyncImplementation } from '../runtime/grpc/server.ts';
import type { PriceSource } from '../runtime/prices/price-source.ts';
import type { ChainKey } from './decode/model.ts';
import type { PotentialRewards } from './projection/reward-utxos.ts';
import { chainKeyOf, type NetworkContext } from './projection/rows.ts';
import type { Order, PrimaryNetworkReader } from './reader.ts';

const orderOf = (o: SortOrder__Output): Order => (o === 'SORT_ORDER_ASC' ? 'asc' : 'desc');
const optionalBigint = (v: string | undefined) => (v === undefined ? undefined : BigInt(v));

/** The gRPC face of the projection. Requests arrive validated by gateway-data; this checks what only it knows. */
export function primaryNetworkService(options: {
  ctx: NetworkContext;
  reader: PrimaryNetworkReader;
  potentialRewards: PotentialRewards;
  prices: PriceSource;
}): AsyncImplementation<PrimaryNetworkServiceHandlers> {
  const { ctx, reader } = options;
  const network = ctx.identity.name;

  const checkNetwork = (name: string) => {
    if (name !== network)
      throw new DomainError(
        'not_found',
        `network ${name} is not indexed here (this deployment indexes ${network})`,
      );
  };
  const chainOf = (ref: ChainRef__Output | null): ChainKey => {
    if (!ref) throw new DomainError('invalid_argument', 'chain is required');
    checkNetwork(ref.network);
    let key: ChainKey | undefined;
    try {
      key = chainKeyOf(ctx, decodeCb58(ref.blockchain_id));
    } catch {
      key = undefined;
    }
    if (!key)
      throw new DomainError(
        'not_found',
        `blockchain ${ref.blockchain_id} is not a primary-network chain of ${network}`,
      );
    return key;
  };
  const chainInfo = (chain: ChainKey) => ({ chainName: reader.chainName(chain), network });
  const idOf = (text: string, what: string): Uint8Array => {
    try {
      const bytes = /^0x[0-9a-fA-F]{64}$/.test(text) ? Buffer.from(text.slice(2), 'hex') : decodeCb58(text);
      if (bytes.length === 32) return bytes;
    } catch {
      // reported below
    }
    throw new DomainError(
      'invalid_argument',
      `${what}: expected a 32-byte id (cb58 or 0x-hex), got ${JSON.stringify(text)}`,
    );
  };

  return {
    GetBlockchain: (req) => Promise.resolve().then(() => reader.blockchain(chainOf(req.chain))),

    ListBlocks: async (req) => {
      const chain = chainOf(req.chain);
      const page = await reader.blocks(
        chain,
        {
          startTimestamp: optionalBigint(req.start_timestamp),
          endTimestamp: optionalBigint(req.end_timestamp),
        },
        req.page_size,
        req.cursor,
      );
      return { blocks: page.items, chainInfo: chainInfo(chain), next_cursor: page.nextCursor };
    },

    GetBlock: async (req) => {
      const chain = chainOf(req.chain);
      // The Data API names a block by its height or its id.
      const block = /^\d{1,19}$/.test(req.block_id)
        ? await reader.blockAtHeight(chain, BigInt(req.block_id))
        : await reader.block(chain, idOf(req.block_id, 'blockId'));
      if (!block)
        throw new DomainError(
          'not_found',
          `block ${req.block_id} not found on the ${reader.chainName(chain)}`,
        );
      return block;
    },

    ListVerticesByHeight: async (req) => {
      const chain = chainOf(req.chain);
      if (chain !== 'X')
        throw new DomainError('invalid_argument', 'blockchainId: vertices exist only on the X-Chain');
      const page = await reader.verticesByHeight(
        BigInt(req.vertex_height),
        orderOf(req.sort_order),
        req.page_size,
        req.cursor,
      );
      return { vertices: page.items, chainInfo: chainInfo(chain), next_cursor: page.nextCursor };
    },

    ListTransactions: async (req) => {
      const chain = chainOf(req.chain);
      const page = await reader.transactions(
        chain,
        {
          addresses: req.addresses,
          evmAddresses: req.evm_addresses,
          ...(req.l1_validation_id ? { l1ValidationId: req.l1_validation_id } : {}),
          txTypes: req.tx_types,
          startTimestamp: optionalBigint(req.start_timestamp),
          endTimestamp: optionalBigint(req.end_timestamp),
        },
        orderOf(req.sort_order),
        req.page_size,
        req.cursor,
      );
      return { transactions: page.items, chainInfo: chainInfo(chain), next_cursor: page.nextCursor };
    },

    GetTransaction: async (req) => {
      const chain = chainOf(req.chain);
      const tx = await reader.transaction(chain, idOf(req.tx_hash, 'txHash'));
      if (!tx)
        throw new DomainError(
          'not_found',
          `transaction ${req.tx_hash} not found on the ${reader.chainName(chain)}`,
        );
      return tx;
    },

    ListUtxos: async (req) => {
      const chain = chainOf(req.chain);
      const page = await reader.utxos(
        chain,
        {
          addresses: req.addresses,
          ...(req.asset_id ? { assetId: req.asset_id } : {}),
          minAmount: BigInt(req.min_utxo_amount || '0'),
          includeSpent: req.include_spent,
        },
        req.sort_by === 'amount' ? 'amount' : 'timestamp',
        orderOf(req.sort_order),
        req.page_size,
        req.cursor,
      );
      return { utxos: page.items, chainInfo: chainInfo(chain), next_cursor: page.nextCursor };
    },

    ListHistoricalRewards: async (req) => {
      checkNetwork(req.network);
      const currency = req.currency || 'usd';
      const page = await reader.historicalRewards(
        { addresses: req.addresses, nodeIds: req.node_ids },
        orderOf(req.sort_order),
        req.page_size,
        req.cursor,
        {
          currency,
          at: (unixSeconds) => options.prices.priceAt('AVAX', currency, unixSeconds),
          now: Math.floor(Date.now() / 1000),
        },
      );
      return { historicalRewards: page.items, next_cursor: page.nextCursor };
    },

    ListPendingRewards: async (req) => {
      checkNetwork(req.network);
      const page = await reader.pendingStakers(
        { addresses: req.addresses, nodeIds: req.node_ids },
        orderOf(req.sort_order),
        req.page_size,
        req.cursor,
      );
      const nodes = [...new Set(page.items.map((s) => formatNodeId(s.nodeId)))];
      const potential =
        nodes.length > 0 ? await options.potentialRewards.potentialRewards(nodes) : new Map<string, bigint>();
      return {
        pendingRewards: page.items.map((s) =>
          reader.pendingRewardDoc(s, potential.get(encodeCb58(s.txId)) ?? 0n),
        ),
        next_cursor: page.nextCursor,
      };
    },

    GetValidatorSet: async (req) => {
      checkNetwork(req.network);
      if (req.subnet_id.length !== 32)
        throw new DomainError('invalid_argument', 'subnet_id must be 32 bytes');
      const latest = await reader.latestPChainHeight();
      const height = req.p_chain_height === '0' ? latest : BigInt(req.p_chain_height);
      if (height > latest)
        throw new DomainError(
          'failed_precondition',
          `P-Chain height ${height} is above the projected height ${latest}`,
        );
      const validators = await reader.validatorSet(req.subnet_id, height);
      return { p_chain_height: height.toString(), validators };
    },

    GetProjectionStatus: async () => ({ indexes: await reader.cursors() }),
  };
}
