import { callBoundPool, type Queryable } from '../../runtime/grpc/call-scope.ts';

/**
 * What StreamStakingActivity reads (for the metrics service): a run of accepted P-Chain blocks in height order, with
 * the stakers their transactions added, the subnet validators they removed early, the L1 validator weights they
 * set and what they did to L1 validators' fee accounts. Every query reads a range of heights (or of transaction positions, height << 16 | index) through an index.
 */

export interface StakingBlockRecord {
  height: string;
  id: Buffer;
  parent_id: Buffer;
  block_timestamp: string;
  l1_accrued_fees: string | null;
}

export interface StakerRecord {
  /** The height of the block that added (or removed) the staker. */
  height: string;
  tx_id: Buffer;
  subnet_id: Buffer;
  node_id: Buffer;
  is_delegator: boolean;
  weight: string;
  start_time: string;
  end_time: string;
}

export interface L1WeightRecord {
  height: string;
  validation_id: Buffer;
  subnet_id: Buffer;
  node_id: Buffer;
  weight: string;
}

export interface L1FeeChangeRecord {
  height: string;
  validation_id: Buffer;
  subnet_id: Buffer;
  node_id: Buffer;
  end_accumulated_fee: string;
  deposited: string;
  refunded: string;
}

export interface StakingBlock {
  block: StakingBlockRecord;
  added: StakerRecord[];
  removed: StakerRecord[];
  l1Weights: L1WeightRecord[];
  l1FeeChanges: L1FeeChangeRecord[];
}

/** Blocks a batch: enough to amortise the queries, few enough to bound its memory. */
export const STAKING_BATCH_BLOCKS = 512;

const STAKER_COLUMNS = `s.tx_id, s.subnet_id, s.node_id, s.is_delegator, s.weight::text, s.start_time, s.end_time`;

export class StakingActivityReader {
  private readonly pool: Queryable;

  constructor(pool: Queryable) {
    this.pool = callBoundPool(pool);
  }

  /** The height after the last projected P-Chain block (0 when none is). */
  async nextHeight(): Promise<bigint> {
    const { rows } = await this.pool.query<{ height: string }>(
      `SELECT height FROM primary_network.blocks WHERE chain = 'P' ORDER BY height DESC LIMIT 1`,
    );
    return rows[0] ? BigInt(rows[0].height) + 1n : 0n;
  }

  /** The P-Chain blocks from `from` up to (not including) `end`, at most `limit` of them, with their facts. */
  async batch(from: bigint, end: bigint, limit = STAKING_BATCH_BLOCKS): Promise<StakingBlock[]> {
    if (from >= end) return [];
    const { rows: blocks } = await this.pool.query<StakingBlockRecord>(
      `SELECT height, id, parent_id, block_timestamp, l1_accrued_fees::text FROM primary_network.blocks
       WHERE chain = 'P' AND height >= $1::bigint AND height < $2::bigint ORDER BY height LIMIT $3`,
      [from.toString(), end.toString(), limit],
    );
    const last = blocks.at(-1);
    if (!last) return [];
    const first = BigInt(blocks[0]!.height);
    // A transaction's position is (height << 16) | its index in the block.
    const seqRange = [(first << 16n).toString(), ((BigInt(last.height) + 1n) << 16n).toString()];
    const [added, removed, weights, feeChanges] = await Promise.all([
      // Validators and delegators apart: each through its own partial index on added_seq.
      this.pool.query<StakerRecord>(
        `SELECT (s.added_seq >> 16)::text AS height, ${STAKER_COLUMNS} FROM primary_network.stakers s
         WHERE NOT s.is_delegator AND s.added_seq >= $1::bigint AND s.added_seq < $2::bigint
         UNION ALL
         SELECT (s.added_seq >> 16)::text AS height, ${STAKER_COLUMNS} FROM primary_network.stakers s
         WHERE s.is_delegator AND s.added_seq >= $1::bigint AND s.added_seq < $2::bigint
         ORDER BY height, tx_id`,
        seqRange,
      ),
      // A RemoveSubnetValidatorTx removes the node's latest subnet validator of the subnet that has not ended.
      this.pool.query<StakerRecord>(
        `SELECT t.block_height::text AS height, ${STAKER_COLUMNS}
         FROM primary_network.transactions t
         CROSS JOIN LATERAL (
           SELECT * FROM primary_network.stakers s
           WHERE s.node_id = decode(t.details ->> 'nodeId', 'hex') AND s.added_seq < t.seq
             AND s.subnet_id = decode(t.details ->> 'subnetId', 'hex') AND NOT s.is_delegator
             AND s.end_time > t.block_timestamp
           ORDER BY s.added_seq DESC LIMIT 1) s
         WHERE t.chain = 'P' AND t.seq >= $1::bigint AND t.seq < $2::bigint
           AND t.tx_type = 'RemoveSubnetValidatorTx'
         ORDER BY t.seq`,
        seqRange,
      ),
      this.pool.query<L1WeightRecord>(
        `SELECT w.from_height::text AS height, w.validation_id, w.subnet_id, v.node_id, w.weight::text
         FROM primary_network.l1_validator_weights w
         JOIN primary_network.l1_validators v ON v.validation_id = w.validation_id
         WHERE w.from_height >= $1::bigint AND w.from_height <= $2::bigint
         ORDER BY w.from_height, w.validation_id`,
        [first.toString(), last.height],
      ),
      this.pool.query<L1FeeChangeRecord>(
        `SELECT c.height::text, c.validation_id, v.subnet_id, v.node_id, c.end_accumulated_fee::text,
                c.deposited::text, c.refunded::text
         FROM primary_network.l1_validator_fee_changes c
         JOIN primary_network.l1_validators v ON v.validation_id = c.validation_id
         WHERE c.height >= $1::bigint AND c.height <= $2::bigint
         ORDER BY c.height, c.validation_id`,
        [first.toString(), last.height],
      ),
    ]);
    const byHeight = new Map<string, StakingBlock>(
      blocks.map((block) => [
        block.height,
        { block, added: [], removed: [], l1Weights: [], l1FeeChanges: [] },
      ]),
    );
    const of = (height: string) => {
      const found = byHeight.get(height);
      if (!found)
        throw new Error(`primary_network has staking facts at P-Chain height ${height} but no block`);
      return found;
    };
    for (const s of added.rows) of(s.height).added.push(s);
    for (const s of removed.rows) of(s.height).removed.push(s);
    for (const w of weights.rows) of(w.height).l1Weights.push(w);
    for (const c of feeChanges.rows) of(c.height).l1FeeChanges.push(c);
    return [...byHeight.values()];
  }
}
