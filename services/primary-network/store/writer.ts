import {
  bytea,
  inTransaction,
  integerOrNull,
  type Pool,
  type PoolClient,
} from '../../runtime/database/pool.ts';
import type { ChainKey } from '../network.ts';
import type { AssetRow, KnownL1Identity, OwnerFacts, ProjectedTx, UtxoCreation } from './rows.ts';
import type { L1FeeLedgerState } from '../ingest/l1-validator-fees.ts';

/** A block, a post-Cortina X-Chain block or a C-Chain block. */
export interface BlockRow {
  chain: ChainKey;
  height: bigint;
  id: Uint8Array;
  parentId: Uint8Array;
  timestamp: bigint;
  blockType: string;
  sizeBytes: number;
  txIds: Uint8Array[];
  proposer?: {
    id: Uint8Array;
    parentId: Uint8Array;
    /** Absent when the block is unsigned. */
    nodeId?: Uint8Array;
    pChainHeight: bigint;
    timestamp: bigint;
  };
  /** P-Chain blocks from Etna on: the L1 validator fee ledger after the block. */
  l1Fees?: { accruedFees: bigint; excess: bigint; activeValidators: number };
}

export interface VertexRow {
  id: Uint8Array;
  index: bigint;
  height: bigint;
  parentIds: Uint8Array[];
  timestamp: bigint;
  sizeBytes: number;
  txIds: Uint8Array[];
}

/** A staker leaving: its RewardValidatorTx's option block was accepted. */
export interface StakerRemoval {
  stakingTxId: Uint8Array;
  rewardTxId: Uint8Array;
  toHeight: bigint;
  rewarded: boolean;
}

export interface RewardRow {
  creation: UtxoCreation;
  stakingTxId: Uint8Array;
  rewardTxId: Uint8Array;
  rewardSeq: bigint;
  nodeId: Uint8Array;
}

/** Everything one batch of containers of one index adds, written with the index's cursor in one transaction. */
export interface ProjectionBatch {
  indexName: string;
  nextIndex: bigint;
  blocks: BlockRow[];
  vertices: VertexRow[];
  txs: ProjectedTx[];
  /** X-Chain transactions accepted in vertices: the vertex each sits in. */
  vertexMemberships: { txId: Uint8Array; vertexId: Uint8Array; height: bigint; timestamp: bigint }[];
  removals: StakerRemoval[];
  rewards: RewardRow[];
  /** P-Chain blocks in order: pending stakers whose start time a block reaches count from that block. */
  pChainTimes: { height: bigint; timestamp: bigint }[];
  /** What each P-Chain block did to L1 validators' fee accounts, in block order. */
  l1FeeChanges: L1FeeChangeRow[];
}

export interface L1FeeChangeRow {
  height: bigint;
  validationId: Uint8Array;
  endAccumulatedFee: bigint;
  deposited: bigint;
  refunded: bigint;
}

/** node-postgres sends a JS array of Buffers as bytea[] only as a literal; a nested array needs building. */
const byteaArrayLiteral = (items: Uint8Array[]) =>
  `{${items.map((b) => `"\\\\x${bytea(b).toString('hex')}"`).join(',')}}`;

const ID_BYTES = 32;

/**
 * Ids (transactions, UTXOs, blocks, assets: all 32 bytes) end to end, as one binary parameter. In a bytea[] each id
 * went as hex text, written out by the projection and parsed back by the server, the most of what either spent on
 * a batch's parameters.
 */
function packedIds(ids: Uint8Array[]): Buffer {
  for (const id of ids) if (id.length !== ID_BYTES) throw new Error(`an id of ${id.length} bytes`);
  return Buffer.concat(ids);
}

/** SQL for the id of row `n.i` (WITH ORDINALITY, from 1) of a packedIds() parameter. */
const idAt = (param: string) =>
  `substring(${param}::bytea FROM (n.i::int - 1) * ${ID_BYTES} + 1 FOR ${ID_BYTES})`;

/** Byte strings of any length end to end, as one binary parameter, with where each starts and its length. */
function spans(items: Uint8Array[]): { bytes: Buffer; starts: number[]; lengths: number[] } {
  const starts: number[] = [];
  let at = 0;
  for (const item of items) {
    starts.push(at);
    at += item.length;
  }
  return { bytes: Buffer.concat(items), starts, lengths: items.map((i) => i.length) };
}

/** SQL for row n's byte string of a spans() parameter, given the columns `<column>_start` and `<column>_length`. */
const spanAt = (param: string, column: string) =>
  `substring(${param}::bytea FROM n.${column}_start + 1 FOR n.${column}_length)`;

/**
 * A batch joins its few hundred rows to tables of millions (a UTXO's spend, a spent UTXO's owners). Priced for a
 * large batch, a hash or merge join reads the whole table on every batch, so the projection slowed as it grew;
 * without them each row is found through its key's index.
 */
const LOOK_UP_BY_KEY =
  "set_config('enable_hashjoin', 'off', true), set_config('enable_mergejoin', 'off', true)";

/** The cursor that says the genesis UTXOs are written (1) or not yet (0 or absent). */
export const GENESIS_CURSOR = 'genesis';

export class ProjectionWriter {
  private readonly pool: Pool;

  constructor(pool: Pool) {
    this.pool = pool;
  }

  async cursors(): Promise<Map<string, bigint>> {
    const { rows } = await this.pool.query<{ index_name: string; next_index: string }>(
      'SELECT index_name, next_index FROM primary_network.cursors',
    );
    return new Map(rows.map((r) => [r.index_name, BigInt(r.next_index)]));
  }

  /** Refreshes the planner's statistics of the projection's tables. */
  async analyze(): Promise<void> {
    await this.pool.query(
      `ANALYZE primary_network.transactions, primary_network.utxos, primary_network.utxo_spends,
               primary_network.address_utxos, primary_network.address_unspent,
               primary_network.address_transactions, primary_network.asset_transactions, primary_network.blocks,
               primary_network.vertices, primary_network.stakers, primary_network.rewards, primary_network.reward_addresses`,
    );
  }

  /** The last transaction of the P-Chain block at `height`: a proposal block's one transaction. */
  async proposalAt(height: bigint) {
    const { rows } = await this.pool.query<{
      id: Buffer;
      tx_type: string;
      seq: string;
      rewarded: string | null;
    }>(
      `SELECT id, tx_type, seq, details->>'rewardedTxId' AS rewarded FROM primary_network.transactions
       WHERE chain = 'P' AND block_height = $1 ORDER BY seq DESC LIMIT 1`,
      [height.toString()],
    );
    const row = rows[0];
    return (
      row && {
        id: new Uint8Array(row.id),
        type: row.tx_type,
        seq: BigInt(row.seq),
        rewardedTxId: row.rewarded === null ? undefined : new Uint8Array(Buffer.from(row.rewarded, 'hex')),
      }
    );
  }

  async staker(txId: Uint8Array) {
    const { rows } = await this.pool.query<{
      tx_id: Buffer;
      node_id: Buffer;
      is_delegator: boolean;
      first_reward_index: number;
    }>(
      `SELECT tx_id, node_id, is_delegator, first_reward_index FROM primary_network.stakers
       WHERE tx_id = $1`,
      [Buffer.from(txId)],
    );
    const row = rows[0];
    return (
      row && {
        txId: new Uint8Array(row.tx_id),
        nodeId: new Uint8Array(row.node_id),
        isDelegator: row.is_delegator,
        firstRewardIndex: row.first_reward_index,
      }
    );
  }

  /** The L1 validators registered among `validationIds`, keyed by hex validation id, with deposits and weight. */
  async knownL1Validators(validationIds: Uint8Array[]): Promise<Map<string, KnownL1Identity>> {
    const known = new Map<string, KnownL1Identity>();
    const { rows } = await this.pool.query<{
      validation_id: Buffer;
      subnet_id: Buffer;
      node_id: Buffer;
      bls_public_key: Buffer;
      proof_of_possession: Buffer;
      deposited: string;
      weight: string;
      remaining_balance_owner: OwnerFacts;
    }>(
      `SELECT v.validation_id, v.subnet_id, v.node_id, v.bls_public_key, v.proof_of_possession,
              v.remaining_balance_owner,
              v.deposited + coalesce((SELECT sum(d.amount) FROM primary_network.l1_validator_deposits d
                                      WHERE d.validation_id = v.validation_id), 0) AS deposited,
              (SELECT w.weight FROM primary_network.l1_validator_weights w WHERE w.validation_id = v.validation_id
               ORDER BY w.from_height DESC LIMIT 1) AS weight
       FROM primary_network.l1_validators v WHERE v.validation_id = ANY($1::bytea[])`,
      [validationIds.map((id) => Buffer.from(id))],
    );
    for (const r of rows) {
      known.set(r.validation_id.toString('hex'), {
        subnetId: new Uint8Array(r.subnet_id),
        nodeId: new Uint8Array(r.node_id),
        blsPublicKey: new Uint8Array(r.bls_public_key),
        proofOfPossession: new Uint8Array(r.proof_of_possession),
        deposited: BigInt(r.deposited),
        weight: BigInt(r.weight ?? '0'),
        remainingBalanceOwner: r.remaining_balance_owner,
      });
    }
    return known;
  }

  async ensureAsset(asset: AssetRow): Promise<void> {
    await this.insertAssets(this.pool, [asset]);
  }

  /** Writes a batch and moves its index's cursor, unless another writer already moved it (then writes nothing). */
  async write(batch: ProjectionBatch, expectedNext: bigint): Promise<boolean> {
    return inTransaction(this.pool, async (client) => {
      // A commit lost in a crash takes its cursor move with it, so the batch is replayed: durability can wait.
      await client.query(`SELECT set_config('synchronous_commit', 'off', true), ${LOOK_UP_BY_KEY}`);
      if (!(await this.claimCursor(client, batch.indexName, expectedNext))) return false;
      await this.insertBlocks(client, batch.blocks);
      await this.insertVertices(client, batch.vertices);
      await this.insertTransactions(client, batch);
      // Spends first: a UTXO the batch both creates and spends (change spent a few blocks later, say) is then written
      // spent, instead of being made unspent for its owners and taken back.
      await this.insertSpends(client, batch.txs);
      await this.insertCreations(client, [
        ...batch.txs.flatMap((t) => t.creations),
        ...batch.rewards.map((r) => r.creation),
      ]);
      await this.insertLinks(client, batch.txs);
      await this.insertStakers(client, batch);
      await this.insertRewards(client, batch.rewards);
      await this.insertL1(client, batch.txs);
      await this.insertL1FeeChanges(client, batch.l1FeeChanges);
      await this.insertAssets(
        client,
        batch.txs.flatMap((t) => (t.asset ? [t.asset] : [])),
      );
      await this.insertBlockchains(client, batch.txs);
      await this.moveCursor(client, batch.indexName, batch.nextIndex);
      return true;
    });
  }

  /**
   * Writes the genesis UTXOs, once: the `genesis` cursor moves from 0 to 1 with them. Spends projected before them
   * (a stack that ran without its genesis configuration) are matched as for any UTXO created after its spend.
   */
  async writeGenesis(creations: UtxoCreation[]): Promise<boolean> {
    return inTransaction(this.pool, async (client) => {
      if (!(await this.claimCursor(client, GENESIS_CURSOR, 0n))) return false;
      await client.query(`SELECT ${LOOK_UP_BY_KEY}`);
      await this.insertCreations(client, creations, { linkCreator: false });
      await this.moveCursor(client, GENESIS_CURSOR, 1n);
      return true;
    });
  }

  /** Locks a cursor (made at 0 if new) for this transaction; false when it is not at `expected`. */
  private async claimCursor(client: PoolClient, name: string, expected: bigint): Promise<boolean> {
    await client.query(
      'INSERT INTO primary_network.cursors (index_name, next_index) VALUES ($1, 0) ON CONFLICT DO NOTHING',
      [name],
    );
    const { rows } = await client.query<{ next_index: string }>(
      'SELECT next_index FROM primary_network.cursors WHERE index_name = $1 FOR UPDATE',
      [name],
    );
    return BigInt(rows[0]!.next_index) === expected;
  }

  private async moveCursor(client: PoolClient, name: string, next: bigint): Promise<void> {
    await client.query('UPDATE primary_network.cursors SET next_index = $2 WHERE index_name = $1', [
      name,
      next.toString(),
    ]);
  }

  /**
   * Blocks, vertices and transactions name the key a replay conflicts on: ON CONFLICT without one probes every
   * unique index of the table for every row before inserting it.
   */
  private async insertBlocks(client: PoolClient, blocks: BlockRow[]): Promise<void> {
    if (blocks.length === 0) return;
    await client.query(
      `INSERT INTO primary_network.blocks
         (chain, height, id, parent_id, block_timestamp, block_type, size_bytes, tx_ids, proposer_id,
          proposer_parent_id, proposer_node_id, proposer_p_chain_height, proposer_timestamp, l1_accrued_fees,
          l1_fee_excess, l1_active_validators)
       SELECT chain, height, ${idAt('$3')}, ${idAt('$4')}, ts, block_type, size_bytes, tx_ids::bytea[], proposer_id,
              proposer_parent_id, proposer_node_id, proposer_p_chain_height, proposer_timestamp, l1_accrued_fees,
              l1_fee_excess, l1_active_validators
       FROM unnest($1::text[], $2::bigint[], $5::bigint[], $6::text[], $7::int[], $8::text[], $9::bytea[],
                   $10::bytea[], $11::bytea[], $12::bigint[], $13::bigint[], $14::numeric[], $15::numeric[],
                   $16::int[])
         WITH ORDINALITY AS n(chain, height, ts, block_type, size_bytes, tx_ids, proposer_id, proposer_parent_id,
              proposer_node_id, proposer_p_chain_height, proposer_timestamp, l1_accrued_fees, l1_fee_excess,
              l1_active_validators, i)
       ON CONFLICT (chain, height) DO NOTHING`,
      [
        blocks.map((b) => b.chain),
        blocks.map((b) => b.height.toString()),
        packedIds(blocks.map((b) => b.id)),
        packedIds(blocks.map((b) => b.parentId)),
        blocks.map((b) => b.timestamp.toString()),
        blocks.map((b) => b.blockType),
        blocks.map((b) => b.sizeBytes),
        blocks.map((b) => byteaArrayLiteral(b.txIds)),
        blocks.map((b) => (b.proposer ? bytea(b.proposer.id) : null)),
        blocks.map((b) => (b.proposer ? bytea(b.proposer.parentId) : null)),
        blocks.map((b) => (b.proposer?.nodeId ? bytea(b.proposer.nodeId) : null)),
        blocks.map((b) => b.proposer?.pChainHeight.toString() ?? null),
        blocks.map((b) => b.proposer?.timestamp.toString() ?? null),
        blocks.map((b) => b.l1Fees?.accruedFees.toString() ?? null),
        blocks.map((b) => b.l1Fees?.excess.toString() ?? null),
        blocks.map((b) => b.l1Fees?.activeValidators ?? null),
      ],
    );
  }

  private async insertVertices(client: PoolClient, vertices: VertexRow[]): Promise<void> {
    if (vertices.length === 0) return;
    await client.query(
      `INSERT INTO primary_network.vertices (id, idx, height, parent_ids, vertex_timestamp, size_bytes, tx_ids)
       SELECT id, idx, height, parent_ids::bytea[], ts, size_bytes, tx_ids::bytea[]
       FROM unnest($1::bytea[], $2::bigint[], $3::bigint[], $4::text[], $5::bigint[], $6::int[], $7::text[])
         AS v(id, idx, height, parent_ids, ts, size_bytes, tx_ids)
       ON CONFLICT (id) DO NOTHING`,
      [
        vertices.map((v) => bytea(v.id)),
        vertices.map((v) => v.index.toString()),
        vertices.map((v) => v.height.toString()),
        vertices.map((v) => byteaArrayLiteral(v.parentIds)),
        vertices.map((v) => v.timestamp.toString()),
        vertices.map((v) => v.sizeBytes),
        vertices.map((v) => byteaArrayLiteral(v.txIds)),
      ],
    );
  }

  private async insertTransactions(client: PoolClient, batch: ProjectionBatch): Promise<void> {
    const txs = batch.txs.map((t) => t.tx);
    if (txs.length > 0) {
      await client.query(
        `INSERT INTO primary_network.transactions
           (chain, id, seq, tx_type, block_height, block_id, block_timestamp, chain_format, details)
         SELECT chain, ${idAt('$2')}, seq, tx_type, block_height, ${idAt('$6')}, ts, chain_format,
                $9::jsonb -> (n.i::int - 1)
         FROM unnest($1::text[], $3::bigint[], $4::text[], $5::bigint[], $7::bigint[], $8::text[])
           WITH ORDINALITY AS n(chain, seq, tx_type, block_height, ts, chain_format, i)
         ON CONFLICT (chain, id) DO NOTHING`,
        [
          txs.map((t) => t.chain),
          packedIds(txs.map((t) => t.id)),
          txs.map((t) => t.seq.toString()),
          txs.map((t) => t.txType),
          txs.map((t) => t.blockHeight.toString()),
          packedIds(txs.map((t) => t.blockId)),
          txs.map((t) => t.blockTimestamp.toString()),
          txs.map((t) => t.chainFormat ?? null),
          // One JSON array: as a jsonb[] every document's quotes were escaped again for the array's text.
          JSON.stringify(txs.map((t) => t.details)),
        ],
      );
    }
    const m = batch.vertexMemberships;
    if (m.length > 0) {
      await client.query(
        `INSERT INTO primary_network.transaction_vertices (tx_id, vertex_id, vertex_height, vertex_timestamp)
         SELECT * FROM unnest($1::bytea[], $2::bytea[], $3::bigint[], $4::bigint[]) ON CONFLICT DO NOTHING`,
        [
          m.map((x) => bytea(x.txId)),
          m.map((x) => bytea(x.vertexId)),
          m.map((x) => x.height.toString()),
          m.map((x) => x.timestamp.toString()),
        ],
      );
    }
  }

  /**
   * New UTXOs, their owners (every UTXO, and the unspent ones unless a spend projected earlier already consumed
   * them), and the links of the creating transaction (unless it is none: genesis) and of an earlier-projected
   * consuming one to the owners.
   */
  private async insertCreations(
    client: PoolClient,
    creations: UtxoCreation[],
    { linkCreator }: { linkCreator: boolean } = { linkCreator: true },
  ): Promise<void> {
    if (creations.length === 0) return;
    const c = creations;
    const utxoBytes = spans(c.map((x) => x.output.utxoBytes));
    await client.query(
      `WITH created AS (
         INSERT INTO primary_network.utxos
           (utxo_id, chain, created_chain, tx_id, output_index, emitted_by_tx, created_seq, block_height, block_id,
            block_timestamp, asset_id, amount, addresses, threshold, locktime, stakeable_locktime, output_type,
            group_id, payload, utxo_bytes, staked, stake_start, stake_end, reward_type)
         SELECT ${idAt('$1')}, chain, created_chain, ${idAt('$4')}, output_index, ${idAt('$6')}, created_seq,
                block_height, ${idAt('$9')}, block_timestamp, ${idAt('$11')}, amount, addresses::bytea[], threshold,
                locktime, stakeable_locktime, output_type, group_id, payload, ${spanAt('$20', 'utxo_bytes')}, staked,
                stake_start, stake_end, reward_type
         FROM unnest($2::text[], $3::text[], $5::int[], $7::bigint[], $8::bigint[], $10::bigint[], $12::numeric[],
                     $13::text[], $14::int[], $15::bigint[], $16::bigint[], $17::text[], $18::int[], $19::bytea[],
                     $26::int[], $27::int[], $21::boolean[], $22::bigint[], $23::bigint[], $24::text[])
           WITH ORDINALITY AS n(chain, created_chain, output_index, created_seq, block_height, block_timestamp,
                amount, addresses, threshold, locktime, stakeable_locktime, output_type, group_id, payload,
                utxo_bytes_start, utxo_bytes_length, staked, stake_start, stake_end, reward_type, i)
         ON CONFLICT DO NOTHING
         RETURNING utxo_id, chain, created_chain, created_seq, emitted_by_tx, block_timestamp, amount, asset_id,
                   addresses
       ),
       spent AS MATERIALIZED (
         SELECT created.*, s.consumed_chain, s.consumed_seq, s.consumed_by_tx
         FROM created LEFT JOIN primary_network.utxo_spends s ON s.utxo_id = created.utxo_id
       ),
       owned AS MATERIALIZED (
         SELECT spent.*, a AS address FROM spent CROSS JOIN LATERAL unnest(spent.addresses) a
       ),
       -- Owners are written with their UTXO, only when it is new: they cannot be there already.
       every_owner AS (
         INSERT INTO primary_network.address_utxos (chain, address, utxo_id, block_timestamp, amount, asset_id)
         SELECT chain, address, utxo_id, block_timestamp, amount, asset_id FROM owned
       ),
       unspent_owner AS (
         INSERT INTO primary_network.address_unspent (chain, address, utxo_id, block_timestamp, amount, asset_id)
         SELECT chain, address, utxo_id, block_timestamp, amount, asset_id FROM owned WHERE consumed_by_tx IS NULL
       ),
       asset_links AS (
         INSERT INTO primary_network.asset_transactions (chain, asset_id, seq, tx_id)
         SELECT created_chain, asset_id, created_seq, emitted_by_tx FROM spent WHERE $25::boolean
         UNION
         SELECT consumed_chain, asset_id, consumed_seq, consumed_by_tx FROM spent WHERE consumed_by_tx IS NOT NULL
         ON CONFLICT DO NOTHING
       )
       INSERT INTO primary_network.address_transactions (chain, kind, address, seq, tx_id)
       SELECT created_chain, 0, address, created_seq, emitted_by_tx FROM owned WHERE $25::boolean
       UNION
       SELECT consumed_chain, 0, address, consumed_seq, consumed_by_tx FROM owned WHERE consumed_by_tx IS NOT NULL
       ON CONFLICT DO NOTHING`,
      [
        packedIds(c.map((x) => x.utxoId)),
        c.map((x) => x.chain),
        c.map((x) => x.createdChain),
        packedIds(c.map((x) => x.txId)),
        c.map((x) => x.outputIndex),
        packedIds(c.map((x) => x.emittedByTx)),
        c.map((x) => x.createdSeq.toString()),
        c.map((x) => x.blockHeight.toString()),
        packedIds(c.map((x) => x.blockId)),
        c.map((x) => x.blockTimestamp.toString()),
        packedIds(c.map((x) => x.output.assetId)),
        c.map((x) => x.output.amount.toString()),
        c.map((x) => byteaArrayLiteral(x.output.addresses)),
        c.map((x) => x.output.threshold),
        c.map((x) => x.output.locktime.toString()),
        c.map((x) => integerOrNull(x.output.stakeableLocktime)),
        c.map((x) => x.output.outputType),
        c.map((x) => x.output.groupId ?? null),
        c.map((x) => (x.output.payload ? bytea(x.output.payload) : null)),
        utxoBytes.bytes,
        c.map((x) => x.staked),
        c.map((x) => integerOrNull(x.stakeStart)),
        c.map((x) => integerOrNull(x.stakeEnd)),
        c.map((x) => x.rewardType ?? null),
        linkCreator,
        utxoBytes.starts,
        utxoBytes.lengths,
      ],
    );
  }

  /**
   * Spends; for UTXOs created earlier (the usual case), their owners lose them from the unspent set and the
   * consuming transaction is linked to them. A UTXO created later gets both when it is.
   */
  private async insertSpends(client: PoolClient, txs: ProjectedTx[]): Promise<void> {
    const s = txs.flatMap((t) => t.spends);
    if (s.length === 0) return;
    await client.query(
      `WITH consumed AS (
         INSERT INTO primary_network.utxo_spends
           (utxo_id, consumed_chain, consumed_by_tx, consumed_seq, consumed_block_height, consumed_block_timestamp)
         SELECT ${idAt('$1')}, consumed_chain, ${idAt('$3')}, consumed_seq, height, ts
         FROM unnest($2::text[], $4::bigint[], $5::bigint[], $6::bigint[])
           WITH ORDINALITY AS n(consumed_chain, consumed_seq, height, ts, i)
         ON CONFLICT DO NOTHING
         RETURNING utxo_id, consumed_chain, consumed_seq, consumed_by_tx
       ),
       known AS MATERIALIZED (
         SELECT consumed.*, u.chain, u.asset_id, u.addresses, u.block_timestamp, u.amount
         FROM consumed JOIN primary_network.utxos u ON u.utxo_id = consumed.utxo_id
       ),
       owned AS MATERIALIZED (
         SELECT known.*, a AS address FROM known CROSS JOIN LATERAL unnest(known.addresses) a
       ),
       -- Every column of both indexes is given, so that either finds the row: with the address alone the planner
       -- may walk all of a busy address's UTXOs.
       gone AS (
         DELETE FROM primary_network.address_unspent au USING owned
         WHERE au.chain = owned.chain AND au.address = owned.address AND au.block_timestamp = owned.block_timestamp
           AND au.amount = owned.amount AND au.utxo_id = owned.utxo_id
       ),
       asset_links AS (
         INSERT INTO primary_network.asset_transactions (chain, asset_id, seq, tx_id)
         SELECT DISTINCT consumed_chain, asset_id, consumed_seq, consumed_by_tx FROM known
         ON CONFLICT DO NOTHING
       )
       INSERT INTO primary_network.address_transactions (chain, kind, address, seq, tx_id)
       SELECT DISTINCT consumed_chain, 0, address, consumed_seq, consumed_by_tx FROM owned
       ON CONFLICT DO NOTHING`,
      [
        packedIds(s.map((x) => x.utxoId)),
        s.map((x) => x.consumedChain),
        packedIds(s.map((x) => x.consumedByTx)),
        s.map((x) => x.consumedSeq.toString()),
        s.map((x) => x.blockHeight.toString()),
        s.map((x) => x.blockTimestamp.toString()),
      ],
    );
  }

  private async insertLinks(client: PoolClient, txs: ProjectedTx[]): Promise<void> {
    const links = txs.flatMap((t) => t.links);
    const l1 = txs.flatMap((t) => t.l1ValidationIds.map((id) => ({ id, seq: t.tx.seq, txId: t.tx.id })));
    if (links.length > 0) {
      await client.query(
        `INSERT INTO primary_network.address_transactions (chain, kind, address, seq, tx_id)
         SELECT * FROM unnest($1::text[], $2::smallint[], $3::bytea[], $4::bigint[], $5::bytea[])
         ON CONFLICT DO NOTHING`,
        [
          links.map((l) => l.chain),
          links.map((l) => l.kind),
          links.map((l) => bytea(l.address)),
          links.map((l) => l.seq.toString()),
          links.map((l) => bytea(l.txId)),
        ],
      );
    }
    if (l1.length > 0) {
      await client.query(
        `INSERT INTO primary_network.l1_validation_transactions (validation_id, seq, tx_id)
         SELECT * FROM unnest($1::bytea[], $2::bigint[], $3::bytea[]) ON CONFLICT DO NOTHING`,
        [l1.map((x) => bytea(x.id)), l1.map((x) => x.seq.toString()), l1.map((x) => bytea(x.txId))],
      );
    }
  }

  private async insertStakers(client: PoolClient, batch: ProjectionBatch): Promise<void> {
    const stakers = batch.txs.flatMap((t) => (t.staker ? [t.staker] : []));
    if (stakers.length > 0) {
      await client.query(
        `INSERT INTO primary_network.stakers
           (tx_id, tx_type, subnet_id, node_id, is_delegator, weight, start_time, end_time, bls_public_key,
            reward_addresses, added_seq, from_height, first_reward_index, potential_reward)
         SELECT tx_id, tx_type, subnet_id, node_id, is_delegator, weight, start_time, end_time, bls,
                reward_addresses::bytea[], added_seq, from_height, first_reward_index, potential_reward
         FROM unnest($1::bytea[], $2::text[], $3::bytea[], $4::bytea[], $5::boolean[], $6::numeric[], $7::bigint[],
                     $8::bigint[], $9::bytea[], $10::text[], $11::bigint[], $12::bigint[], $13::int[], $14::numeric[])
           AS s(tx_id, tx_type, subnet_id, node_id, is_delegator, weight, start_time, end_time, bls,
                reward_addresses, added_seq, from_height, first_reward_index, potential_reward)
         ON CONFLICT DO NOTHING`,
        [
          stakers.map((s) => bytea(s.txId)),
          stakers.map((s) => s.txType),
          stakers.map((s) => bytea(s.subnetId)),
          stakers.map((s) => bytea(s.nodeId)),
          stakers.map((s) => s.isDelegator),
          stakers.map((s) => s.weight.toString()),
          stakers.map((s) => s.startTime.toString()),
          stakers.map((s) => s.endTime.toString()),
          stakers.map((s) => (s.blsPublicKey ? bytea(s.blsPublicKey) : null)),
          stakers.map((s) => byteaArrayLiteral(s.rewardAddresses)),
          stakers.map((s) => s.addedSeq.toString()),
          stakers.map((s) => integerOrNull(s.fromHeight)),
          stakers.map((s) => s.firstRewardIndex),
          stakers.map((s) => integerOrNull(s.potentialReward)),
        ],
      );
      await client.query(
        `INSERT INTO primary_network.staker_addresses (address, added_seq, tx_id)
         SELECT a, s.added_seq, s.tx_id FROM unnest($1::bytea[], $2::bigint[], $3::text[]) AS s(tx_id, added_seq, addrs),
           unnest(s.addrs::bytea[]) a
         ON CONFLICT DO NOTHING`,
        [
          stakers.map((s) => bytea(s.txId)),
          stakers.map((s) => s.addedSeq.toString()),
          stakers.map((s) => byteaArrayLiteral(s.rewardAddresses)),
        ],
      );
    }
    if (batch.pChainTimes.length > 0) {
      // A staker counts from the first block (after the one adding it) whose time reaches its start.
      await client.query(
        `UPDATE primary_network.stakers s SET from_height = (
           SELECT min(b.height) FROM unnest($1::bigint[], $2::bigint[]) AS b(height, ts)
           WHERE b.ts >= s.start_time AND b.height >= (s.added_seq >> 16))
         WHERE s.from_height IS NULL AND s.start_time <= $3`,
        [
          batch.pChainTimes.map((b) => b.height.toString()),
          batch.pChainTimes.map((b) => b.timestamp.toString()),
          batch.pChainTimes.at(-1)!.timestamp.toString(),
        ],
      );
    }
    const r = batch.removals;
    if (r.length > 0) {
      await client.query(
        `UPDATE primary_network.stakers s SET to_height = r.to_height, reward_tx_id = r.reward_tx_id,
           rewarded = r.rewarded
         FROM unnest($1::bytea[], $2::bytea[], $3::bigint[], $4::boolean[]) AS r(tx_id, reward_tx_id, to_height, rewarded)
         WHERE s.tx_id = r.tx_id`,
        [
          r.map((x) => bytea(x.stakingTxId)),
          r.map((x) => bytea(x.rewardTxId)),
          r.map((x) => x.toHeight.toString()),
          r.map((x) => x.rewarded),
        ],
      );
      // The option block that takes a staker's RewardValidatorTx returns its stake: its stake UTXOs (emitted by the
      // staking transaction) are spendable from then on.
      await client.query(
        `UPDATE primary_network.utxos SET staked = false
         WHERE emitted_by_tx = ANY($1::bytea[]) AND staked`,
        [r.map((x) => bytea(x.stakingTxId))],
      );
    }
  }

  private async insertRewards(client: PoolClient, rewards: RewardRow[]): Promise<void> {
    if (rewards.length === 0) return;
    await client.query(
      `WITH r AS (
         INSERT INTO primary_network.rewards
           (utxo_id, staking_tx_id, reward_tx_id, reward_seq, node_id, reward_type, output_index, amount, addresses,
            reward_timestamp)
         SELECT utxo_id, staking_tx_id, reward_tx_id, reward_seq, node_id, reward_type, output_index, amount,
                addresses::bytea[], reward_timestamp
         FROM unnest($1::bytea[], $2::bytea[], $3::bytea[], $4::bigint[], $5::bytea[], $6::text[], $7::int[],
                     $8::numeric[], $9::text[], $10::bigint[])
           AS x(utxo_id, staking_tx_id, reward_tx_id, reward_seq, node_id, reward_type, output_index, amount,
                addresses, reward_timestamp)
         ON CONFLICT DO NOTHING
         RETURNING *
       )
       INSERT INTO primary_network.reward_addresses (address, reward_seq, utxo_id)
       SELECT a, r.reward_seq, r.utxo_id FROM r, unnest(r.addresses) a
       ON CONFLICT DO NOTHING`,
      [
        rewards.map((r) => bytea(r.creation.utxoId)),
        rewards.map((r) => bytea(r.stakingTxId)),
        rewards.map((r) => bytea(r.rewardTxId)),
        rewards.map((r) => r.rewardSeq.toString()),
        rewards.map((r) => bytea(r.nodeId)),
        rewards.map((r) => r.creation.rewardType!),
        rewards.map((r) => r.creation.outputIndex),
        rewards.map((r) => r.creation.output.amount.toString()),
        rewards.map((r) => byteaArrayLiteral(r.creation.output.addresses)),
        rewards.map((r) => r.creation.blockTimestamp.toString()),
      ],
    );
  }

  private async insertL1(client: PoolClient, txs: ProjectedTx[]): Promise<void> {
    const validators = txs.flatMap((t) => t.l1Validators);
    const weights = txs.flatMap((t) => t.l1Weights);
    const deposits = txs.flatMap((t) => t.l1Deposits);
    const disables = txs.flatMap((t) => t.l1Disables);
    if (validators.length > 0) {
      await client.query(
        `INSERT INTO primary_network.l1_validators
           (validation_id, subnet_id, node_id, bls_public_key, proof_of_possession, registered_height, deposited,
            remaining_balance_owner, deactivation_owner)
         SELECT * FROM unnest($1::bytea[], $2::bytea[], $3::bytea[], $4::bytea[], $5::bytea[], $6::bigint[],
                              $7::numeric[], $8::jsonb[], $9::jsonb[])
         ON CONFLICT DO NOTHING`,
        [
          validators.map((v) => bytea(v.validationId)),
          validators.map((v) => bytea(v.subnetId)),
          validators.map((v) => bytea(v.nodeId)),
          validators.map((v) => bytea(v.blsPublicKey)),
          validators.map((v) => bytea(v.proofOfPossession)),
          validators.map((v) => v.registeredHeight.toString()),
          validators.map((v) => v.deposit.toString()),
          validators.map((v) => JSON.stringify(v.remainingBalanceOwner)),
          validators.map((v) => JSON.stringify(v.deactivationOwner)),
        ],
      );
    }
    if (weights.length > 0) {
      await client.query(
        `INSERT INTO primary_network.l1_validator_weights (validation_id, from_height, subnet_id, weight)
         SELECT * FROM unnest($1::bytea[], $2::bigint[], $3::bytea[], $4::numeric[]) ON CONFLICT DO NOTHING`,
        [
          weights.map((w) => bytea(w.validationId)),
          weights.map((w) => w.fromHeight.toString()),
          weights.map((w) => bytea(w.subnetId)),
          weights.map((w) => w.weight.toString()),
        ],
      );
    }
    if (disables.length > 0) {
      await client.query(
        `UPDATE primary_network.l1_validators v SET disabled_height = d.height
         FROM unnest($1::bytea[], $2::bigint[]) AS d(validation_id, height) WHERE v.validation_id = d.validation_id`,
        [disables.map((d) => bytea(d.validationId)), disables.map((d) => d.height.toString())],
      );
    }
    if (deposits.length > 0) {
      await client.query(
        `INSERT INTO primary_network.l1_validator_deposits (validation_id, tx_id, amount)
         SELECT * FROM unnest($1::bytea[], $2::bytea[], $3::numeric[]) ON CONFLICT DO NOTHING`,
        [
          deposits.map((d) => bytea(d.validationId)),
          deposits.map((d) => bytea(d.txId)),
          deposits.map((d) => d.amount.toString()),
        ],
      );
    }
  }

  /** The fee changes, and each validator's endAccumulatedFee as the batch's last change left it. */
  private async insertL1FeeChanges(client: PoolClient, changes: L1FeeChangeRow[]): Promise<void> {
    if (changes.length === 0) return;
    await client.query(
      `INSERT INTO primary_network.l1_validator_fee_changes
         (height, validation_id, end_accumulated_fee, deposited, refunded)
       SELECT * FROM unnest($1::bigint[], $2::bytea[], $3::numeric[], $4::numeric[], $5::numeric[])
       ON CONFLICT DO NOTHING`,
      [
        changes.map((c) => c.height.toString()),
        changes.map((c) => bytea(c.validationId)),
        changes.map((c) => c.endAccumulatedFee.toString()),
        changes.map((c) => c.deposited.toString()),
        changes.map((c) => c.refunded.toString()),
      ],
    );
    const last = new Map(changes.map((c) => [Buffer.from(c.validationId).toString('hex'), c]));
    await client.query(
      `UPDATE primary_network.l1_validators v SET end_accumulated_fee = c.fee
       FROM unnest($1::bytea[], $2::numeric[]) AS c(validation_id, fee) WHERE v.validation_id = c.validation_id`,
      [
        [...last.values()].map((c) => bytea(c.validationId)),
        [...last.values()].map((c) => c.endAccumulatedFee.toString()),
      ],
    );
  }

  /**
   * The fee ledger as the P-Chain block before `height` left it: AccruedFees, excess and time of that block (none
   * before the first block, zeros before Etna), and every active L1 validator's endAccumulatedFee.
   */
  async l1FeeLedgerBefore(height: bigint): Promise<L1FeeLedgerState> {
    const [parent, active] = await Promise.all([
      this.pool.query<{
        block_timestamp: string;
        l1_accrued_fees: string | null;
        l1_fee_excess: string | null;
      }>(
        `SELECT block_timestamp, l1_accrued_fees, l1_fee_excess FROM primary_network.blocks
         WHERE chain = 'P' AND height = $1::bigint`,
        [(height - 1n).toString()],
      ),
      this.pool.query<{ validation_id: Buffer; end_accumulated_fee: string }>(
        `SELECT validation_id, end_accumulated_fee FROM primary_network.l1_validators WHERE end_accumulated_fee > 0`,
      ),
    ]);
    const row = parent.rows[0];
    return {
      accruedFees: BigInt(row?.l1_accrued_fees ?? 0),
      excess: BigInt(row?.l1_fee_excess ?? 0),
      lastTime: row ? BigInt(row.block_timestamp) : undefined,
      active: new Map(
        active.rows.map((r) => [r.validation_id.toString('hex'), BigInt(r.end_accumulated_fee)]),
      ),
    };
  }

  private async insertAssets(client: Pool | PoolClient, assets: AssetRow[]): Promise<void> {
    if (assets.length === 0) return;
    await client.query(
      `INSERT INTO primary_network.assets (id, name, symbol, denomination, asset_type, cap, created_timestamp)
       SELECT * FROM unnest($1::bytea[], $2::text[], $3::text[], $4::int[], $5::text[], $6::text[], $7::bigint[])
       ON CONFLICT DO NOTHING`,
      [
        assets.map((a) => bytea(a.id)),
        assets.map((a) => a.name),
        assets.map((a) => a.symbol),
        assets.map((a) => a.denomination),
        assets.map((a) => a.assetType),
        assets.map((a) => a.cap),
        assets.map((a) => a.createdTimestamp.toString()),
      ],
    );
  }

  private async insertBlockchains(client: PoolClient, txs: ProjectedTx[]): Promise<void> {
    const chains = txs.flatMap((t) => (t.blockchain ? [t.blockchain] : []));
    if (chains.length === 0) return;
    await client.query(
      `INSERT INTO primary_network.blockchains
         (id, subnet_id, name, vm_id, genesis, created_height, created_timestamp)
       SELECT * FROM unnest($1::bytea[], $2::bytea[], $3::text[], $4::bytea[], $5::bytea[], $6::bigint[], $7::bigint[])
       ON CONFLICT DO NOTHING`,
      [
        chains.map((c) => bytea(c.id)),
        chains.map((c) => bytea(c.subnetId)),
        chains.map((c) => c.name),
        chains.map((c) => bytea(c.vmId)),
        chains.map((c) => bytea(c.genesis)),
        chains.map((c) => c.createdHeight.toString()),
        chains.map((c) => c.createdTimestamp.toString()),
      ],
    );
  }
}
