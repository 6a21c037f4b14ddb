import { bytea, integerOrNull } from '../../runtime/database/pool.ts';
import { DomainError } from '../../runtime/errors.ts';
import { callBoundPool, type Queryable } from '../../runtime/grpc/call-scope.ts';
import { MAX_INT64 } from '../../runtime/grpc/request-fields.ts';
import { keysetPage, type Page } from '../../runtime/pagination/keyset.ts';
import type { ChainKey } from '../network.ts';
import { BLOCK_COLUMNS, type StoredBlock, type StoredVertex } from './reader.ts';

/**
 * The projection read by holder and by asset: vertices, assets, the blocks a node proposed, what addresses own, when
 * they last moved and where, and the totals AVAX's supply is made of. Lists are keyset-paginated and read through an
 * index, as every list of the reader.
 */

/** One UTXO an address owns, with what decides which balance it counts in. */
export interface HeldUtxo {
  utxo_id: Buffer;
  chain: ChainKey;
  created_chain: ChainKey;
  asset_id: Buffer;
  amount: string;
  locktime: string;
  stakeable_locktime: string | null;
  /** Staked at the time asked about. */
  staked: boolean;
  stake_start: string | null;
}

export interface StoredAsset {
  id: Buffer;
  name: string;
  symbol: string;
  denomination: number;
  asset_type: string;
  cap: string;
  created_timestamp: string;
}

/** The latest creation or consumption of a UTXO some addresses own. */
export interface StoredActivity {
  tx_id: Buffer;
  block_height: string;
  block_timestamp: string;
  utxo_id: Buffer;
  is_consumed: boolean;
}

/** The amounts, in nAVAX, that AVAX's supply is made of. */
export interface SupplyTotals {
  burned: Record<ChainKey, bigint>;
  /** Of the P-Chain's burned: what L1 validators' balances paid (their continuous fees come out of it). */
  l1ValidatorBalances: bigint;
  staked: bigint;
  /** Unspent UTXOs under a locktime (or stakeable locktime) still ahead of their chain's time. */
  locked: bigint;
  rewardsPaid: bigint;
}

const VERTEX_COLUMNS = 'id, idx, height, parent_ids, vertex_timestamp, size_bytes, tx_ids';

/** A mint output is the right to mint more of an asset, not an amount of it: no balance counts it. */
const MINT_OUTPUTS = `'secp256k1-mint', 'nft-mint'`;

/** How many of each address's latest transactions are searched for a UTXO of theirs (see lastActivity). */
const ACTIVITY_CANDIDATES = 16;

function heightCursor(cursor: string, what: string): bigint | undefined {
  if (cursor === '') return undefined;
  const n = /^\d{1,19}$/.test(cursor) ? BigInt(cursor) : undefined;
  if (n === undefined || n > MAX_INT64)
    throw new DomainError('invalid_argument', `pageToken: malformed ${what} cursor`);
  return n;
}

export class HoldingsReader {
  private readonly pool: Queryable;

  constructor(pool: Queryable) {
    this.pool = callBoundPool(pool);
  }

  // ---- vertices

  /** The X-Chain's vertices, latest (highest index in X/vtx) first. */
  async vertices(pageSize: number, cursor: string): Promise<Page<StoredVertex>> {
    const before = heightCursor(cursor, 'vertex');
    const { rows } = await this.pool.query<StoredVertex>(
      `SELECT ${VERTEX_COLUMNS} FROM primary_network.vertices
       WHERE ($1::bigint IS NULL OR idx < $1) ORDER BY idx DESC LIMIT $2`,
      [integerOrNull(before), pageSize + 1],
    );
    return keysetPage(rows, pageSize, (r) => r.idx);
  }

  async vertex(id: Uint8Array): Promise<StoredVertex | undefined> {
    const { rows } = await this.pool.query<StoredVertex>(
      `SELECT ${VERTEX_COLUMNS} FROM primary_network.vertices WHERE id = $1`,
      [bytea(id)],
    );
    return rows[0];
  }

  // ---- assets

  async asset(id: Uint8Array): Promise<StoredAsset | undefined> {
    const { rows } = await this.pool.query<StoredAsset>(
      `SELECT id, name, symbol, denomination, asset_type, cap, created_timestamp FROM primary_network.assets
       WHERE id = $1`,
      [bytea(id)],
    );
    return rows[0];
  }

  // ---- blocks by proposer

  /** The blocks a node signed as their proposervm proposer, highest first. */
  async blocksByProposer(
    chain: ChainKey,
    nodeId: Uint8Array,
    filter: { startTimestamp?: bigint; endTimestamp?: bigint },
    pageSize: number,
    cursor: string,
  ): Promise<Page<StoredBlock>> {
    const before = heightCursor(cursor, 'block');
    const { rows } = await this.pool.query<StoredBlock>(
      `SELECT ${BLOCK_COLUMNS} FROM primary_network.blocks
       WHERE chain = $1 AND proposer_node_id = $2 AND ($3::bigint IS NULL OR height < $3)
         AND ($4::bigint IS NULL OR block_timestamp >= $4) AND ($5::bigint IS NULL OR block_timestamp <= $5)
       ORDER BY height DESC LIMIT $6`,
      [
        chain,
        bytea(nodeId),
        integerOrNull(before),
        integerOrNull(filter.startTimestamp),
        integerOrNull(filter.endTimestamp),
        pageSize + 1,
      ],
    );
    return keysetPage(rows, pageSize, (r) => r.height);
  }

  // ---- balances

  /** The chain's time: its latest block's (or, on an X-Chain not yet linearized, its latest vertex's). */
  async chainTime(chain: ChainKey): Promise<bigint> {
    const { rows } = await this.pool.query<{ block_timestamp: string }>(
      `SELECT block_timestamp FROM primary_network.blocks WHERE chain = $1 ORDER BY height DESC LIMIT 1`,
      [chain],
    );
    if (rows[0]) return BigInt(rows[0].block_timestamp);
    if (chain !== 'X') return 0n;
    const vertices = await this.pool.query<{ vertex_timestamp: string }>(
      `SELECT vertex_timestamp FROM primary_network.vertices ORDER BY idx DESC LIMIT 1`,
    );
    return BigInt(vertices.rows[0]?.vertex_timestamp ?? '0');
  }

  /** The UTXOs spendable on `chain` that the addresses own now: each once, however many of them own it. */
  async unspent(chain: ChainKey, addresses: Uint8Array[]): Promise<HeldUtxo[]> {
    const { rows } = await this.pool.query<HeldUtxo>(
      `SELECT u.utxo_id, u.chain, u.created_chain, u.asset_id, u.amount, u.locktime, u.stakeable_locktime, u.staked,
              u.stake_start
       FROM (SELECT DISTINCT utxo_id FROM primary_network.address_unspent
             WHERE chain = $1 AND address = ANY($2::bytea[])) au
       JOIN primary_network.utxos u ON u.utxo_id = au.utxo_id
       WHERE u.output_type NOT IN (${MINT_OUTPUTS})`,
      [chain, addresses.map(bytea)],
    );
    return rows;
  }

  /**
   * The UTXOs spendable on `chain` that the addresses owned at the end of second `at`: created by then and not spent
   * by then. A stake output counts as staked until the RewardValidatorTx that returned it.
   */
  async unspentAt(chain: ChainKey, addresses: Uint8Array[], at: bigint): Promise<HeldUtxo[]> {
    const { rows } = await this.pool.query<HeldUtxo>(
      `SELECT u.utxo_id, u.chain, u.created_chain, u.asset_id, u.amount, u.locktime, u.stakeable_locktime,
              u.stake_start,
              (u.staked OR (u.stake_start IS NOT NULL AND u.reward_type IS NULL AND returned.block_timestamp > $3))
                AS staked
       FROM (SELECT DISTINCT utxo_id FROM primary_network.address_utxos
             WHERE chain = $1 AND address = ANY($2::bytea[]) AND block_timestamp <= $3) au
       JOIN primary_network.utxos u ON u.utxo_id = au.utxo_id
       LEFT JOIN primary_network.utxo_spends s ON s.utxo_id = u.utxo_id
       LEFT JOIN LATERAL (
         SELECT rt.block_timestamp FROM primary_network.stakers st
         JOIN primary_network.transactions rt ON rt.chain = 'P' AND rt.id = st.reward_tx_id
         WHERE u.stake_start IS NOT NULL AND st.tx_id = u.tx_id) returned ON true
       WHERE (s.utxo_id IS NULL OR s.consumed_block_timestamp > $3) AND u.output_type NOT IN (${MINT_OUTPUTS})`,
      [chain, addresses.map(bytea), at.toString()],
    );
    return rows;
  }

  // ---- activity

  /**
   * The latest transaction on `chain` that created or consumed a UTXO one of the addresses owns, with that UTXO (a
   * created one before a consumed one of the same transaction). Each address's latest transactions are read from
   * its links, newest first; a link that is not ownership (a reward or subnet owner) has no UTXO of the address.
   */
  async lastActivity(chain: ChainKey, addresses: Uint8Array[]): Promise<StoredActivity | undefined> {
    const { rows } = await this.pool.query<StoredActivity>(
      `WITH candidates AS (
         SELECT DISTINCT x.seq, x.tx_id FROM unnest($2::bytea[]) AS wanted(address), LATERAL (
           SELECT a.seq, a.tx_id FROM primary_network.address_transactions a
           WHERE a.chain = $1 AND a.kind = 0 AND a.address = wanted.address
           ORDER BY a.seq DESC LIMIT ${ACTIVITY_CANDIDATES}) x
       ),
       touched AS (
         SELECT c.seq, u.utxo_id, false AS is_consumed, u.output_index
         FROM candidates c JOIN primary_network.utxos u ON u.emitted_by_tx = c.tx_id
         WHERE u.addresses && $2::bytea[]
         UNION ALL
         SELECT c.seq, u.utxo_id, true AS is_consumed, u.output_index
         FROM candidates c JOIN primary_network.utxo_spends s ON s.consumed_by_tx = c.tx_id
         JOIN primary_network.utxos u ON u.utxo_id = s.utxo_id
         WHERE u.addresses && $2::bytea[]
       )
       SELECT t.id AS tx_id, t.block_height, t.block_timestamp, touched.utxo_id, touched.is_consumed
       FROM touched JOIN primary_network.transactions t ON t.chain = $1 AND t.seq = touched.seq
       ORDER BY touched.seq DESC, touched.is_consumed, touched.output_index, touched.utxo_id LIMIT 1`,
      [chain, addresses.map(bytea)],
    );
    return rows[0];
  }

  // ---- supply

  /**
   * What a chain's transactions with a sequence number after `afterSeq` (and below `belowSeq`) burned of an asset
   * (`assetHex`), and deposited to L1 validators' balances less what disables refunded of them: a range of the chain's sequence index, so a running
   * total only reads what is new.
   */
  async burnedAfter(
    chain: ChainKey,
    assetHex: string,
    afterSeq: bigint,
    belowSeq?: bigint,
  ): Promise<{ burned: bigint; l1ValidatorBalances: bigint; lastSeq: bigint }> {
    const { rows } = await this.pool.query<{ burned: string; l1: string; last_seq: string | null }>(
      `SELECT coalesce(sum((details -> 'amounts' -> 'burned' ->> $3)::numeric), 0)::text AS burned,
              (coalesce(sum((details -> 'amounts' -> 'l1ValidatorBalance' ->> $3)::numeric), 0)
                - coalesce(sum((details -> 'amounts' -> 'l1ValidatorRefund' ->> $3)::numeric), 0))::text AS l1,
              max(seq) AS last_seq
       FROM primary_network.transactions WHERE chain = $1 AND seq > $2 AND ($4::bigint IS NULL OR seq < $4)`,
      [chain, afterSeq.toString(), assetHex, integerOrNull(belowSeq)],
    );
    const row = rows[0]!;
    return {
      burned: BigInt(row.burned),
      l1ValidatorBalances: BigInt(row.l1),
      lastSeq: row.last_seq === null ? afterSeq : BigInt(row.last_seq),
    };
  }

  /** The weight of the primary network's current stakers (started, not yet rewarded). */
  async primaryNetworkStake(): Promise<bigint> {
    const { rows } = await this.pool.query<{ staked: string }>(
      `SELECT coalesce(sum(weight), 0)::text AS staked FROM primary_network.stakers
       WHERE subnet_id = $1 AND to_height IS NULL AND from_height IS NOT NULL`,
      [Buffer.alloc(32)],
    );
    return BigInt(rows[0]!.staked);
  }

  /** Unspent UTXOs of an asset under a locktime or stakeable locktime after `now`. */
  async lockedAmount(assetId: Uint8Array, now: bigint): Promise<bigint> {
    const { rows } = await this.pool.query<{ locked: string }>(
      // Each arm restates its partial index's predicate, so that a generic plan can still use the index.
      `SELECT coalesce(sum(u.amount), 0)::text AS locked FROM primary_network.utxos u
       WHERE u.utxo_id IN (
           SELECT utxo_id FROM primary_network.utxos WHERE locktime > 0 AND locktime > $2
           UNION SELECT utxo_id FROM primary_network.utxos WHERE stakeable_locktime > 0 AND stakeable_locktime > $2)
         AND u.asset_id = $1 AND NOT u.staked
         AND NOT EXISTS (SELECT 1 FROM primary_network.utxo_spends s WHERE s.utxo_id = u.utxo_id)`,
      [bytea(assetId), now.toString()],
    );
    return BigInt(rows[0]!.locked);
  }

  /** Which of the chains each address has a transaction on. */
  async chainsTouched(addresses: Uint8Array[]): Promise<{ address: Buffer; chains: ChainKey[] }[]> {
    const { rows } = await this.pool.query<{ address: Buffer; chain: ChainKey }>(
      `SELECT wanted.address, c.chain FROM unnest($1::bytea[]) AS wanted(address)
       CROSS JOIN (VALUES ('P'), ('X'), ('C')) AS c(chain)
       WHERE EXISTS (SELECT 1 FROM primary_network.address_transactions a
                     WHERE a.chain = c.chain AND a.kind = 0 AND a.address = wanted.address)`,
      [addresses.map(bytea)],
    );
    return addresses.map((address) => ({
      address: Buffer.from(address),
      chains: (['P', 'X', 'C'] as const).filter((chain) =>
        rows.some((r) => r.chain === chain && r.address.equals(address)),
      ),
    }));
  }
}
