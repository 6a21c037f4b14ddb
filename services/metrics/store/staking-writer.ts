import { bytea, inTransaction, type Pool, type PoolClient } from '../../runtime/database/pool.ts';
import { CursorMovedError, UpstreamDivergedError } from '../../runtime/follow/follow-loop.ts';
import { rollStaking, type Level, type StakingBlock, type StakingState } from '../ingest/staking-rollup.ts';
import {
  feeKeysOf,
  feeRowKey,
  rollL1Fees,
  type L1FeeDay,
  type L1FeeScope,
  type L1FeeState,
} from '../ingest/l1-fee-rollup.ts';

/** Where the staking rollup stands on the P-Chain: the next height and the id of the block before it. */
export interface StakingCursor {
  nextHeight: bigint | undefined;
  lastBlockId: Buffer | undefined;
}

interface LevelRecord {
  validator_count: string;
  validator_weight: string;
  delegator_count: string;
  delegator_weight: string;
}

const levelOf = (r: LevelRecord): Level => ({
  validatorCount: BigInt(r.validator_count),
  validatorWeight: BigInt(r.validator_weight),
  delegatorCount: BigInt(r.delegator_count),
  delegatorWeight: BigInt(r.delegator_weight),
});

const columns = (levels: Level[]) => [
  levels.map((l) => l.validatorCount.toString()),
  levels.map((l) => l.validatorWeight.toString()),
  levels.map((l) => l.delegatorCount.toString()),
  levels.map((l) => l.delegatorWeight.toString()),
];

const isEmpty = (l: Level) => l.validatorCount === 0n && l.delegatorCount === 0n;

const hexBytes = (hex: string[]) => hex.map((h) => Buffer.from(h, 'hex'));

/**
 * Stores the staking rollup: each batch of P-Chain blocks, its day rows, its changes and the cursor move in one
 * transaction, so a restart resumes where the last commit left off and a replay from zero writes the same rows.
 */
export class StakingWriter {
  private readonly pool: Pool;

  constructor(pool: Pool) {
    this.pool = pool;
  }

  async cursor(): Promise<StakingCursor> {
    const { rows } = await this.pool.query<{ next_height: string; last_block_id: Buffer }>(
      'SELECT next_height, last_block_id FROM metrics.staking_cursor',
    );
    const row = rows[0];
    return row
      ? { nextHeight: BigInt(row.next_height), lastBlockId: row.last_block_id }
      : { nextHeight: undefined, lastBlockId: undefined };
  }

  /**
   * Rolls up consecutive blocks from `from` (where the cursor must be, else another writer moved it and nothing is
   * written). The first block must continue the stored last one and every block be of the stored network: otherwise
   * primary-network's P-Chain is not the one rolled up, and the follower stops.
   */
  async write(from: StakingCursor, blocks: readonly StakingBlock[]): Promise<void> {
    const first = blocks[0];
    const last = blocks.at(-1);
    if (!first || !last) return;
    await inTransaction(this.pool, async (client) => {
      const { rows } = await client.query<{
        network: string;
        next_height: string;
        last_block_id: Buffer;
        frontier_day: string;
        l1_accrued_fees: string;
      }>(
        `SELECT network, next_height, last_block_id, frontier_day, l1_accrued_fees
         FROM metrics.staking_cursor FOR UPDATE`,
      );
      const row = rows[0];
      const stored = row ? BigInt(row.next_height) : undefined;
      if (stored !== from.nextHeight)
        throw new CursorMovedError(
          `the staking rollup is at P-Chain height ${stored ?? 'none'}, not ${from.nextHeight}`,
        );
      if (row && !row.last_block_id.equals(first.parentId))
        throw new UpstreamDivergedError(
          `P-Chain block ${first.height}: its parent ${first.parentId.toString('hex')} is not the block rolled up at height ${first.height - 1n}, ${row.last_block_id.toString('hex')}`,
        );
      const network = row?.network ?? first.network;
      const other = blocks.find((b) => b.network !== network);
      if (other)
        throw new UpstreamDivergedError(
          `primary-network now streams ${other.network}'s P-Chain; the staking rollup holds ${network}'s`,
        );
      const state = await this.load(client, row ? Number(row.frontier_day) : undefined, blocks);
      const days = rollStaking(state, blocks);
      await this.store(client, state, days);
      const fees = await this.loadFees(client, BigInt(row?.l1_accrued_fees ?? 0), blocks);
      await this.storeFees(client, fees, rollL1Fees(fees, blocks), blocks);
      await client.query(
        `INSERT INTO metrics.staking_cursor (network, next_height, last_block_id, frontier_day, l1_accrued_fees)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (singleton) DO UPDATE
           SET next_height = excluded.next_height, last_block_id = excluded.last_block_id,
               frontier_day = excluded.frontier_day, l1_accrued_fees = excluded.l1_accrued_fees`,
        [
          network,
          (last.height + 1n).toString(),
          bytea(last.id),
          state.frontier!,
          fees.accruedFees.toString(),
        ],
      );
    });
  }

  /** The state the batch moves: the frontier's levels, the changes up to its last day, its L1 validators' weights. */
  private async load(
    client: PoolClient,
    frontier: number | undefined,
    blocks: readonly StakingBlock[],
  ): Promise<StakingState> {
    const state: StakingState = { frontier, levels: new Map(), changes: new Map(), l1Weights: new Map() };
    const lastDay = Number(blocks.at(-1)!.timestamp / 86_400n) * 86_400;
    if (frontier !== undefined) {
      const levels = await client.query<LevelRecord & { subnet_id: Buffer }>(
        'SELECT subnet_id, validator_count, validator_weight, delegator_count, delegator_weight FROM metrics.staking_days WHERE day = $1',
        [frontier],
      );
      for (const r of levels.rows) state.levels.set(r.subnet_id.toString('hex'), levelOf(r));
      const changes = await client.query<LevelRecord & { subnet_id: Buffer; day: string }>(
        `SELECT day, subnet_id, validator_count, validator_weight, delegator_count, delegator_weight
         FROM metrics.staking_changes WHERE day > $1 AND day <= $2`,
        [frontier, lastDay],
      );
      for (const r of changes.rows) {
        const subnet = r.subnet_id.toString('hex');
        if (!state.changes.has(subnet)) state.changes.set(subnet, new Map());
        state.changes.get(subnet)!.set(Number(r.day), levelOf(r));
      }
    }
    const ids = blocks.flatMap((b) => b.l1Weights.map((w) => bytea(w.validationId)));
    if (ids.length > 0) {
      const weights = await client.query<{ validation_id: Buffer; weight: string }>(
        'SELECT validation_id, weight FROM metrics.staking_l1_validators WHERE validation_id = ANY($1::bytea[])',
        [ids],
      );
      for (const r of weights.rows) state.l1Weights.set(r.validation_id.toString('hex'), BigInt(r.weight));
    }
    return state;
  }

  /** The fee rollup's state: the active L1 validators and the latest row of every key the batch may charge. */
  private async loadFees(
    client: PoolClient,
    accruedFees: bigint,
    blocks: readonly StakingBlock[],
  ): Promise<L1FeeState> {
    const state: L1FeeState = { accruedFees, active: new Map(), latest: new Map() };
    const changed = blocks.flatMap((b) => b.feeChanges);
    const active = await client.query<{
      validation_id: Buffer;
      subnet_id: Buffer;
      node_id: Buffer;
      end_accumulated_fee: string;
    }>('SELECT validation_id, subnet_id, node_id, end_accumulated_fee FROM metrics.l1_fee_validators');
    for (const r of active.rows)
      state.active.set(r.validation_id.toString('hex'), {
        subnetId: r.subnet_id.toString('hex'),
        nodeId: r.node_id.toString('hex'),
        endAccumulatedFee: BigInt(r.end_accumulated_fee),
      });
    const keys = new Map<string, { scope: L1FeeScope; key: string }>();
    const add = (id: string, v: { subnetId: string; nodeId: string }) => {
      for (const k of feeKeysOf(id, v)) keys.set(feeRowKey(k.scope, k.key), k);
    };
    for (const [id, v] of state.active) add(id, v);
    for (const c of changed)
      add(c.validationId.toString('hex'), {
        subnetId: c.subnetId.toString('hex'),
        nodeId: c.nodeId.toString('hex'),
      });
    if (keys.size === 0) return state;
    const latest = await client.query<{
      scope: L1FeeScope;
      key: Buffer;
      day: string;
      fees: string;
      cumulative: string;
      paying: string;
    }>(
      `SELECT l.* FROM unnest($1::text[], $2::bytea[]) AS k(scope, key)
       CROSS JOIN LATERAL (
         SELECT d.scope, d.key, d.day, d.fees::text, d.cumulative::text, d.paying::text FROM metrics.l1_fee_days d
         WHERE d.scope = k.scope AND d.key = k.key ORDER BY d.day DESC LIMIT 1) l`,
      [[...keys.values()].map((k) => k.scope), hexBytes([...keys.values()].map((k) => k.key))],
    );
    for (const r of latest.rows) {
      const key = r.key.toString('hex');
      state.latest.set(feeRowKey(r.scope, key), {
        scope: r.scope,
        key,
        day: Number(r.day),
        fees: BigInt(r.fees),
        cumulative: BigInt(r.cumulative),
        paying: BigInt(r.paying),
      });
    }
    return state;
  }

  private async storeFees(
    client: PoolClient,
    state: L1FeeState,
    days: L1FeeDay[],
    blocks: readonly StakingBlock[],
  ): Promise<void> {
    if (days.length > 0)
      await client.query(
        `INSERT INTO metrics.l1_fee_days (scope, key, day, fees, cumulative, paying)
         SELECT * FROM unnest($1::text[], $2::bytea[], $3::bigint[], $4::numeric[], $5::numeric[], $6::bigint[])
         ON CONFLICT (scope, key, day) DO UPDATE
           SET fees = excluded.fees, cumulative = excluded.cumulative, paying = excluded.paying`,
        [
          days.map((d) => d.scope),
          hexBytes(days.map((d) => d.key)),
          days.map((d) => d.day),
          days.map((d) => d.fees.toString()),
          days.map((d) => d.cumulative.toString()),
          days.map((d) => d.paying.toString()),
        ],
      );
    const changed = [
      ...new Set(blocks.flatMap((b) => b.feeChanges.map((c) => c.validationId.toString('hex')))),
    ];
    if (changed.length === 0) return;
    await client.query('DELETE FROM metrics.l1_fee_validators WHERE validation_id = ANY($1::bytea[])', [
      hexBytes(changed),
    ]);
    const active = changed.flatMap((id) => {
      const v = state.active.get(id);
      return v ? [{ id, ...v }] : [];
    });
    if (active.length > 0)
      await client.query(
        `INSERT INTO metrics.l1_fee_validators (validation_id, subnet_id, node_id, end_accumulated_fee)
         SELECT * FROM unnest($1::bytea[], $2::bytea[], $3::bytea[], $4::numeric[])`,
        [
          hexBytes(active.map((v) => v.id)),
          hexBytes(active.map((v) => v.subnetId)),
          hexBytes(active.map((v) => v.nodeId)),
          active.map((v) => v.endAccumulatedFee.toString()),
        ],
      );
  }

  private async store(client: PoolClient, state: StakingState, rolled: ReturnType<typeof rollStaking>) {
    // A day with neither validators nor delegators has no row (and no point); a frontier day may lose its row.
    const empty = rolled.filter((d) => isEmpty(d.level));
    const days = rolled.filter((d) => !isEmpty(d.level));
    if (empty.length > 0)
      await client.query(
        `DELETE FROM metrics.staking_days d USING unnest($1::bytea[], $2::bigint[]) AS e(subnet_id, day)
          WHERE d.subnet_id = e.subnet_id AND d.day = e.day`,
        [hexBytes(empty.map((d) => d.subnetId)), empty.map((d) => d.day)],
      );
    if (days.length > 0)
      await client.query(
        `INSERT INTO metrics.staking_days
           (subnet_id, day, validator_count, validator_weight, delegator_count, delegator_weight)
         SELECT * FROM unnest($1::bytea[], $2::bigint[], $3::bigint[], $4::numeric[], $5::bigint[], $6::numeric[])
         ON CONFLICT (subnet_id, day) DO UPDATE
           SET validator_count = excluded.validator_count, validator_weight = excluded.validator_weight,
               delegator_count = excluded.delegator_count, delegator_weight = excluded.delegator_weight`,
        [hexBytes(days.map((d) => d.subnetId)), days.map((d) => d.day), ...columns(days.map((d) => d.level))],
      );
    // Changes up to the frontier are in its rows now; the ones left are the batch's, after it.
    await client.query('DELETE FROM metrics.staking_changes WHERE day <= $1', [state.frontier]);
    const changes = [...state.changes].flatMap(([subnetId, byDay]) =>
      [...byDay].map(([day, level]) => ({ subnetId, day, level })),
    );
    if (changes.length > 0)
      await client.query(
        `INSERT INTO metrics.staking_changes
           (subnet_id, day, validator_count, validator_weight, delegator_count, delegator_weight)
         SELECT * FROM unnest($1::bytea[], $2::bigint[], $3::bigint[], $4::numeric[], $5::bigint[], $6::numeric[])
         ON CONFLICT (day, subnet_id) DO UPDATE
           SET validator_count = staking_changes.validator_count + excluded.validator_count,
               validator_weight = staking_changes.validator_weight + excluded.validator_weight,
               delegator_count = staking_changes.delegator_count + excluded.delegator_count,
               delegator_weight = staking_changes.delegator_weight + excluded.delegator_weight`,
        [
          hexBytes(changes.map((c) => c.subnetId)),
          changes.map((c) => c.day),
          ...columns(changes.map((c) => c.level)),
        ],
      );
    if (state.l1Weights.size > 0)
      await client.query(
        `INSERT INTO metrics.staking_l1_validators (validation_id, weight)
         SELECT * FROM unnest($1::bytea[], $2::numeric[])
         ON CONFLICT (validation_id) DO UPDATE SET weight = excluded.weight`,
        [hexBytes([...state.l1Weights.keys()]), [...state.l1Weights.values()].map(String)],
      );
  }
}
