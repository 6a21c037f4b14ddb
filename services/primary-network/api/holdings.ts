import type { AggregatedAssetAmount } from '../../generated/proto/chaindata/primarynetwork/v1/AggregatedAssetAmount.ts';
import type { AvaxSupply } from '../../generated/proto/chaindata/primarynetwork/v1/AvaxSupply.ts';
import type { Balances } from '../../generated/proto/chaindata/primarynetwork/v1/Balances.ts';
import type { ChainRef__Output } from '../../generated/proto/chaindata/primarynetwork/v1/ChainRef.ts';
import type { PrimaryNetworkServiceHandlers } from '../../generated/proto/chaindata/primarynetwork/v1/PrimaryNetworkService.ts';
import type { SharedAssetAmount } from '../../generated/proto/chaindata/primarynetwork/v1/SharedAssetAmount.ts';
import type { XChainAssetDetails } from '../../generated/proto/chaindata/primarynetwork/v1/XChainAssetDetails.ts';
import { DomainError } from '../../runtime/errors.ts';
import { formatBech32 } from '../../runtime/formatting/address.ts';
import { encodeCb58 } from '../../runtime/formatting/cb58.ts';
import * as field from '../../runtime/grpc/request-fields.ts';
import type { AsyncImplementation } from '../../runtime/grpc/server.ts';
import { MAX_PAGE_SIZE } from '../../runtime/pagination/limits.ts';
import { X_BLOCK_SEQ_BASE, type ChainKey, type NetworkContext } from '../network.ts';
import type { CurrentSupply } from '../platform-supply.ts';
import type { HeldUtxo, HoldingsReader, StoredAsset } from '../store/holdings.ts';
import type { AssetDirectory, PrimaryNetworkReader } from '../store/reader.ts';
import {
  assetAmount,
  blockDoc,
  chainName,
  PRIMARY_CHAINS_CREATED_AT,
  answerNames,
  transactionDoc,
  vertexDoc,
} from './documents.ts';

const ID_LENGTH = 32;
const SHORT_ID_LENGTH = 20;
const MAX_TX_TYPES = 64;
const TX_TYPE = /^[A-Za-z0-9]{1,64}$/;
const NANO_AVAX_PER_AVAX = 1_000_000_000n;
/** The first X-Chain block transaction's sequence number (a block's height above 16 bits of position). */
const X_BLOCK_TX_SEQ = X_BLOCK_SEQ_BASE << 16n;

/**
 * AVAX's genesis allocation on mainnet and Fuji alike (360 million AVAX): where the supply starts, before rewards
 * and burns. The devnet allocates the same.
 */
const GENESIS_SUPPLY = 360_000_000n * NANO_AVAX_PER_AVAX;

/** The request checks every method of the service shares (service.ts), so these ones judge requests the same way. */
export interface RequestChecks {
  checkNetwork(name: string): void;
  chainOf(ref: ChainRef__Output | null): ChainKey;
  chainInfo(chain: ChainKey): { chainName: string; network: string };
  idOf(text: string, what: string): Uint8Array;
}

type HoldingsMethods =
  | 'ListVertices'
  | 'GetVertex'
  | 'GetAsset'
  | 'ListAssetTransactions'
  | 'ListBlocksByNode'
  | 'GetBalances'
  | 'GetLastActivity'
  | 'ListChainIdsForAddresses'
  | 'GetAvaxSupply';

/**
 * The gRPC methods of the projection read by holder and by asset: vertices, assets and their transactions, the
 * blocks a node proposed, balances, last activity, the chains an address touched, and AVAX's supply.
 */
export function holdingsService(options: {
  ctx: NetworkContext;
  reader: PrimaryNetworkReader;
  holdings: HoldingsReader;
  supply: CurrentSupply;
  checks: RequestChecks;
}): Pick<AsyncImplementation<PrimaryNetworkServiceHandlers>, HoldingsMethods> {
  const { ctx, reader, holdings, checks } = options;
  const network = ctx.identity.name;
  const xChainOnly = (chain: ChainKey, what: string) => {
    if (chain !== 'X')
      throw new DomainError('invalid_argument', `blockchainId: ${what} exist only on the X-Chain`);
  };
  const addressList = (values: Buffer[]) => {
    const addresses = field.bytesList('addresses', values, SHORT_ID_LENGTH);
    if (addresses.length === 0)
      throw new DomainError('invalid_argument', 'addresses: is required: expected at least one address');
    return addresses;
  };
  const timestamp = (name: string, value: string | undefined) =>
    field.optionalInteger(name, value, field.MAX_INT64);
  const burned = new RunningBurns(holdings, Buffer.from(ctx.avaxAssetId).toString('hex'));

  return {
    ListVertices: async (req) => {
      const chain = checks.chainOf(req.chain);
      const pageSize = field.pageSize(req.page_size, MAX_PAGE_SIZE);
      const cursor = field.cursor(req.cursor);
      xChainOnly(chain, 'vertices');
      const page = await holdings.vertices(pageSize, cursor);
      return {
        vertices: page.items.map(vertexDoc),
        chainInfo: checks.chainInfo(chain),
        next_cursor: page.nextCursor,
      };
    },

    GetVertex: async (req) => {
      const chain = checks.chainOf(req.chain);
      const id = checks.idOf(req.vertex_hash, 'vertexHash');
      xChainOnly(chain, 'vertices');
      const vertex = await holdings.vertex(id);
      if (!vertex)
        throw new DomainError(
          'not_found',
          `vertex ${field.quoted(req.vertex_hash)} not found on the x-chain`,
        );
      return vertexDoc(vertex);
    },

    GetAsset: async (req) => {
      const chain = checks.chainOf(req.chain);
      const assetId = field.bytes('assetId', req.asset_id, ID_LENGTH);
      xChainOnly(chain, 'assets');
      const asset = await holdings.asset(assetId);
      if (!asset)
        throw new DomainError(
          'not_found',
          `asset ${encodeCb58(assetId)} not found: neither AVAX nor created by an X-Chain CreateAssetTx`,
        );
      return assetDoc(asset);
    },

    ListAssetTransactions: async (req) => {
      const chain = checks.chainOf(req.chain);
      const assetId = field.bytes('assetId', req.asset_id, ID_LENGTH);
      const filter = {
        txTypes: field.textList('txTypes', req.tx_types, MAX_TX_TYPES, (name, value) =>
          field.text(name, value, { pattern: TX_TYPE, what: 'a transaction type such as BaseTx' }),
        ),
        startTimestamp: timestamp('startTimestamp', req.start_timestamp),
        endTimestamp: timestamp('endTimestamp', req.end_timestamp),
      };
      const pageSize = field.pageSize(req.page_size, MAX_PAGE_SIZE);
      const cursor = field.cursor(req.cursor);
      xChainOnly(chain, 'assets');
      const page = await reader.assetTransactions(assetId, filter, pageSize, cursor);
      const names = answerNames(ctx);
      return {
        transactions: page.items.map((tx) => transactionDoc(ctx, page.assets, tx, names)),
        chainInfo: checks.chainInfo(chain),
        next_cursor: page.nextCursor,
      };
    },

    ListBlocksByNode: async (req) => {
      const chain = checks.chainOf(req.chain);
      const nodeId = field.bytes('nodeId', req.node_id, SHORT_ID_LENGTH);
      const filter = {
        startTimestamp: timestamp('startTimestamp', req.start_timestamp),
        endTimestamp: timestamp('endTimestamp', req.end_timestamp),
      };
      const pageSize = field.pageSize(req.page_size, MAX_PAGE_SIZE);
      const page = await holdings.blocksByProposer(chain, nodeId, filter, pageSize, field.cursor(req.cursor));
      return {
        blocks: page.items.map(blockDoc),
        chainInfo: checks.chainInfo(chain),
        next_cursor: page.nextCursor,
      };
    },

    GetBalances: async (req) => {
      const chain = checks.chainOf(req.chain);
      const addresses = addressList(req.addresses);
      const at = timestamp('blockTimestamp', req.block_timestamp);
      const utxos =
        at === undefined
          ? await holdings.unspent(chain, addresses)
          : await holdings.unspentAt(chain, addresses, at);
      const now = at ?? (await holdings.chainTime(chain));
      const assets = await reader.assets(utxos.map((u) => u.asset_id));
      return { ...balancesDoc(ctx, assets, chain, utxos, now), chainInfo: checks.chainInfo(chain) };
    },

    GetLastActivity: async (req) => {
      const chain = checks.chainOf(req.chain);
      const addresses = addressList(req.addresses);
      const activity = await holdings.lastActivity(chain, addresses);
      if (!activity)
        throw new DomainError(
          'not_found',
          `no activity on the ${chainName(chain)}: none of the addresses owns or owned a UTXO there`,
        );
      return {
        timestamp: Number(activity.block_timestamp),
        blockNumber: activity.block_height,
        txHash: encodeCb58(activity.tx_id),
        utxoId: encodeCb58(activity.utxo_id),
        isConsumed: activity.is_consumed,
        chainName: chainName(chain),
        network,
      };
    },

    ListChainIdsForAddresses: async (req) => {
      checks.checkNetwork(req.network);
      const addresses = addressList(req.addresses);
      const touched = await holdings.chainsTouched(addresses);
      return {
        addresses: touched.map((t) => ({
          address: formatBech32(ctx.identity.hrp, t.address),
          blockchainIds: t.chains.map((c) => encodeCb58(ctx.chainIds[c])),
        })),
      };
    },

    GetAvaxSupply: async (req, signal) => {
      if (req.network !== '') checks.checkNetwork(req.network);
      const now = await holdings.chainTime('P');
      // Before the projection's first P-Chain block the supply is the genesis allocation, as at height 0: the
      // nodes are asked for theirs only once there is a projected head to answer for.
      const projected = now > 0n;
      const [supply, burns, staked, locked] = await Promise.all([
        projected ? options.supply.currentSupply(signal).then((s) => s.supply) : GENESIS_SUPPLY,
        burned.totals(),
        holdings.primaryNetworkStake(),
        holdings.lockedAmount(ctx.avaxAssetId, now),
      ]);
      return supplyDoc({
        currentSupply: supply,
        burns,
        staked,
        locked,
        updatedAt: projected ? now : BigInt(PRIMARY_CHAINS_CREATED_AT),
      });
    },
  };
}

/**
 * Ranges of sequence numbers each projected in order, one index each: the P- and C-Chain's blocks; the X-Chain's
 * vertices (X/vtx), then its blocks (X/block), which the projection may reach before the last vertices.
 */
const SEQUENCES: { chain: ChainKey; from: bigint; below?: bigint }[] = [
  { chain: 'P', from: 0n },
  { chain: 'X', from: 0n, below: X_BLOCK_TX_SEQ },
  { chain: 'X', from: X_BLOCK_TX_SEQ },
  { chain: 'C', from: 0n },
];

/**
 * What each chain's transactions burned, kept as running totals: each call reads only the transactions projected
 * since the last (a range of a sequence the projection writes in order), so the totals cost one scan per process,
 * not one per call.
 */
class RunningBurns {
  private readonly ranges = SEQUENCES.map((range) => ({
    ...range,
    burned: 0n,
    l1: 0n,
    lastSeq: range.from - 1n,
  }));
  private pending: Promise<unknown> = Promise.resolve();
  private readonly holdings: HoldingsReader;
  private readonly assetHex: string;

  constructor(holdings: HoldingsReader, assetHex: string) {
    this.holdings = holdings;
    this.assetHex = assetHex;
  }

  /** One update at a time, so two calls never add the same transactions twice. */
  totals(): Promise<{ burned: Record<ChainKey, bigint>; l1ValidatorBalances: bigint }> {
    const next = this.pending.then(() => this.update());
    this.pending = next.catch(() => undefined);
    return next;
  }

  private async update() {
    for (const range of this.ranges) {
      const added = await this.holdings.burnedAfter(range.chain, this.assetHex, range.lastSeq, range.below);
      range.burned += added.burned;
      range.l1 += added.l1ValidatorBalances;
      range.lastSeq = added.lastSeq;
    }
    const sum = (chain: ChainKey, of: 'burned' | 'l1') =>
      this.ranges.filter((r) => r.chain === chain).reduce((total, r) => total + r[of], 0n);
    return {
      burned: { P: sum('P', 'burned'), X: sum('X', 'burned'), C: sum('C', 'burned') },
      l1ValidatorBalances: sum('P', 'l1'),
    };
  }
}

/** nAVAX as AVAX in decimal text, without trailing zeros. */
export function avaxText(nanoAvax: bigint): string {
  const sign = nanoAvax < 0n ? '-' : '';
  const abs = nanoAvax < 0n ? -nanoAvax : nanoAvax;
  const whole = abs / NANO_AVAX_PER_AVAX;
  const fraction = (abs % NANO_AVAX_PER_AVAX).toString().padStart(9, '0').replace(/0+$/, '');
  return `${sign}${whole}${fraction ? `.${fraction}` : ''}`;
}

/**
 * The supply as the Data API writes it. The P-Chain's supply already holds every reward (paid or promised to a
 * current staker): rewards are that supply above the genesis allocation; the total is that supply less what every
 * chain burned (the P-Chain's burns include what funded L1 validators' balances, from which their fees are paid).
 */
function supplyDoc(s: {
  currentSupply: bigint;
  burns: { burned: Record<ChainKey, bigint>; l1ValidatorBalances: bigint };
  staked: bigint;
  locked: bigint;
  updatedAt: bigint;
}): AvaxSupply {
  const pBurned = s.burns.burned.P + s.burns.l1ValidatorBalances;
  const total = s.currentSupply - pBurned - s.burns.burned.X - s.burns.burned.C;
  return {
    circulatingSupply: avaxText(total),
    totalSupply: avaxText(total),
    totalPBurned: avaxText(pBurned),
    totalCBurned: avaxText(s.burns.burned.C),
    totalXBurned: avaxText(s.burns.burned.X),
    totalStaked: avaxText(s.staked),
    totalLocked: avaxText(s.locked),
    totalRewards: avaxText(s.currentSupply - GENESIS_SUPPLY),
    lastUpdated: new Date(Number(s.updatedAt) * 1000).toISOString(),
    genesisUnlock: avaxText(GENESIS_SUPPLY),
    l1ValidatorFees: avaxText(s.burns.l1ValidatorBalances),
  };
}

function assetDoc(a: StoredAsset): XChainAssetDetails {
  return {
    assetId: encodeCb58(a.id),
    name: a.name,
    symbol: a.symbol,
    denomination: a.denomination,
    type: a.asset_type,
    // AVAX is the X-Chain's genesis asset: created with the primary network's chains.
    createdAtTimestamp: Number(a.created_timestamp) || PRIMARY_CHAINS_CREATED_AT,
    cap: a.cap,
  };
}

// ---- balances

type Bucket = Map<string, { assetId: Buffer; amount: bigint; utxoCount: number; sharedWith?: ChainKey }>;

/** Sums per asset (and, in atomic memory, per chain it came from), in the order of the asset ids. */
function add(bucket: Bucket, u: HeldUtxo, sharedWith?: ChainKey) {
  const key = `${u.asset_id.toString('hex')}${sharedWith ?? ''}`;
  const entry = bucket.get(key) ?? { assetId: u.asset_id, amount: 0n, utxoCount: 0, sharedWith };
  entry.amount += BigInt(u.amount);
  entry.utxoCount += 1;
  bucket.set(key, entry);
}

function aggregated(assets: AssetDirectory, bucket: Bucket): AggregatedAssetAmount[] {
  return [...bucket.keys()].sort().map((key) => {
    const e = bucket.get(key)!;
    return { ...assetAmount(assets, e.assetId, e.amount.toString()), utxoCount: e.utxoCount };
  });
}

/**
 * The balances of a chain's UTXOs at time `now`:
 * - in atomic memory: UTXOs another chain exported to this one, not imported yet (by the chain they came from);
 * - P-Chain, staked: pending until the stake starts, locked while its stakeable locktime lasts, else unlocked;
 * - P-Chain, not staked: lockedStakeable under a stakeable locktime, lockedPlatform under a locktime, else unlocked;
 * - X-Chain: locked under a locktime, else unlocked. The C-Chain has only its atomic memory here.
 */
function balancesDoc(
  ctx: NetworkContext,
  assets: AssetDirectory,
  chain: ChainKey,
  utxos: HeldUtxo[],
  now: bigint,
): Pick<Balances, 'pChain' | 'xChain' | 'cChain'> {
  const after = (time: string | null) => time !== null && BigInt(time) > now;
  const named = [
    'unlockedUnstaked',
    'unlockedStaked',
    'lockedPlatform',
    'lockedStakeable',
    'lockedStaked',
    'pendingStaked',
    'locked',
    'unlocked',
    'atomicMemoryUnlocked',
    'atomicMemoryLocked',
  ] as const;
  const buckets = Object.fromEntries(named.map((name) => [name, new Map()])) as Record<
    (typeof named)[number],
    Bucket
  >;
  for (const u of utxos) {
    const locked = after(u.locktime);
    if (u.created_chain !== chain)
      add(buckets[locked ? 'atomicMemoryLocked' : 'atomicMemoryUnlocked'], u, u.created_chain);
    else if (chain === 'X') add(buckets[locked ? 'locked' : 'unlocked'], u);
    else if (u.staked)
      add(
        buckets[
          after(u.stake_start)
            ? 'pendingStaked'
            : after(u.stakeable_locktime)
              ? 'lockedStaked'
              : 'unlockedStaked'
        ],
        u,
      );
    else
      add(
        buckets[
          after(u.stakeable_locktime) ? 'lockedStakeable' : locked ? 'lockedPlatform' : 'unlockedUnstaked'
        ],
        u,
      );
  }
  const shared = (bucket: Bucket, status?: string): SharedAssetAmount[] =>
    [...bucket.keys()].sort().map((key) => {
      const e = bucket.get(key)!;
      return {
        ...assetAmount(assets, e.assetId, e.amount.toString()),
        utxoCount: e.utxoCount,
        sharedWithChainId: encodeCb58(ctx.chainIds[e.sharedWith!]),
        ...(status === undefined ? {} : { status }),
      };
    });
  const atomic = (status: { unlocked?: string; locked?: string }) => ({
    atomicMemoryUnlocked: shared(buckets.atomicMemoryUnlocked, status.unlocked),
    atomicMemoryLocked: shared(buckets.atomicMemoryLocked, status.locked),
  });
  if (chain === 'P')
    return {
      pChain: {
        unlockedUnstaked: aggregated(assets, buckets.unlockedUnstaked),
        unlockedStaked: aggregated(assets, buckets.unlockedStaked),
        lockedPlatform: aggregated(assets, buckets.lockedPlatform),
        lockedStakeable: aggregated(assets, buckets.lockedStakeable),
        lockedStaked: aggregated(assets, buckets.lockedStaked),
        pendingStaked: aggregated(assets, buckets.pendingStaked),
        // The P-Chain's shared assets carry a status: whether the UTXO can be imported now.
        ...atomic({ unlocked: 'unlocked', locked: 'locked' }),
      },
    };
  if (chain === 'X')
    return {
      xChain: {
        locked: aggregated(assets, buckets.locked),
        unlocked: aggregated(assets, buckets.unlocked),
        ...atomic({}),
      },
    };
  return { cChain: atomic({}) };
}
