import type { StakingActivityBlock__Output as StakingActivityMessage } from '../../generated/proto/chaindata/primarynetwork/v1/StakingActivityBlock.ts';
import type { L1FeeChange } from './l1-fee-rollup.ts';

/**
 * The staking metrics' rollup (getStakingMetrics), pure: what a run of P-Chain blocks does to each subnet's daily
 * validator and delegator counts and stake. A staker counts on a day when its staking period covers the day's last
 * second: from the day its start falls in up to (not including) the day its end falls in. An L1 validator counts
 * from the day of the block that set its weight, with that weight, until a block sets another (0: removed).
 *
 * Every fact a block carries takes effect at the block's time or later (a staker starts no earlier than the block
 * that adds it, an early removal or a weight change at the block's time), so no day before the block's day ever
 * changes: days up to the last block's day (the frontier) hold their level; what starts or ends after it waits as
 * a change on the day it takes effect, added in when the frontier reaches that day. A staker with a known end
 * therefore touches at most two rows, whatever its period.
 */

export const DAY = 86_400;

export const dayOf = (seconds: bigint | number): number => Number(BigInt(seconds) / BigInt(DAY)) * DAY;

export interface Level {
  validatorCount: bigint;
  validatorWeight: bigint;
  delegatorCount: bigint;
  delegatorWeight: bigint;
}

export const ZERO_LEVEL: Level = {
  validatorCount: 0n,
  validatorWeight: 0n,
  delegatorCount: 0n,
  delegatorWeight: 0n,
};

export interface Staker {
  subnetId: Buffer;
  isDelegator: boolean;
  weight: bigint;
  startTime: bigint;
  endTime: bigint;
}

export interface L1Weight {
  validationId: Buffer;
  subnetId: Buffer;
  weight: bigint;
}

export interface StakingBlock {
  network: string;
  height: bigint;
  id: Buffer;
  parentId: Buffer;
  timestamp: bigint;
  added: Staker[];
  /** Subnet validators removed before their end, from this block's time on. */
  removed: Staker[];
  l1Weights: L1Weight[];
  /** The L1 validator fee ledger (see l1-fee-rollup.ts); accruedFees absent before Etna. */
  accruedFees: bigint | undefined;
  feeChanges: L1FeeChange[];
}

const stakerOf = (s: StakingActivityMessage['stakers_added'][number]): Staker => ({
  subnetId: s.subnet_id,
  isDelegator: s.is_delegator,
  weight: BigInt(s.weight),
  startTime: BigInt(s.start_time),
  endTime: BigInt(s.end_time),
});

export function stakingBlockOf(m: StakingActivityMessage): StakingBlock {
  return {
    network: m.network,
    height: BigInt(m.height),
    id: m.block_id,
    parentId: m.parent_id,
    timestamp: BigInt(m.block_timestamp),
    added: m.stakers_added.map(stakerOf),
    removed: m.stakers_removed.map(stakerOf),
    l1Weights: m.l1_weights.map((w) => ({
      validationId: w.validation_id,
      subnetId: w.subnet_id,
      weight: BigInt(w.weight),
    })),
    accruedFees: m.l1_accrued_fees == null ? undefined : BigInt(m.l1_accrued_fees),
    feeChanges: m.l1_fee_changes.map((c) => ({
      validationId: c.validation_id,
      subnetId: c.subnet_id,
      nodeId: c.node_id,
      endAccumulatedFee: BigInt(c.end_accumulated_fee),
      deposited: BigInt(c.deposited),
      refunded: BigInt(c.refunded),
    })),
  };
}

/**
 * The rollup's state around a batch: what the store holds, loaded for the batch, and moved by it. Subnets and
 * validation ids are keyed by their hex.
 */
export interface StakingState {
  /** The day of the last block rolled up (day rows exist through it); undefined before the first block. */
  frontier: number | undefined;
  /** Each subnet's level on the frontier day. */
  levels: Map<string, Level>;
  /** Changes on days after the frontier, by subnet and day (the store's, up to the batch's last day, and the batch's). */
  changes: Map<string, Map<number, Level>>;
  /** The current weight of every L1 validator the batch names (absent: none yet). */
  l1Weights: Map<string, bigint>;
}

export interface DayRow {
  subnetId: string;
  day: number;
  level: Level;
}

const add = (a: Level, b: Level, sign: 1n | -1n = 1n): Level => ({
  validatorCount: a.validatorCount + sign * b.validatorCount,
  validatorWeight: a.validatorWeight + sign * b.validatorWeight,
  delegatorCount: a.delegatorCount + sign * b.delegatorCount,
  delegatorWeight: a.delegatorWeight + sign * b.delegatorWeight,
});

const deltaOf = (isDelegator: boolean, count: bigint, weight: bigint): Level =>
  isDelegator
    ? { ...ZERO_LEVEL, delegatorCount: count, delegatorWeight: weight }
    : { ...ZERO_LEVEL, validatorCount: count, validatorWeight: weight };

/**
 * Rolls `blocks` (consecutive, in order) into `state` and returns the day rows to store: every subnet's level on
 * every day from the state's frontier (its row is rewritten) up to the last block's day. On return, `state.changes`
 * holds only changes after the new frontier.
 */
export function rollStaking(state: StakingState, blocks: readonly StakingBlock[]): DayRow[] {
  const rows = new Map<string, DayRow>();
  const record = (subnetId: string, day: number, level: Level) =>
    rows.set(`${subnetId}:${day}`, { subnetId, day, level });

  const change = (subnetId: string, day: number, delta: Level) => {
    let days = state.changes.get(subnetId);
    if (!days) state.changes.set(subnetId, (days = new Map<number, Level>()));
    days.set(day, add(days.get(day) ?? ZERO_LEVEL, delta));
  };

  /**
   * Adds `delta` to every day in [from, to) (to undefined: every day on). Days before the frontier are final: a fact
   * dated before it (a staker whose start precedes the time its block was recorded at, as pre-Banff blocks may have
   * it) counts from the frontier.
   */
  const over = (subnetId: string, start: number, to: number | undefined, delta: Level) => {
    const frontier = state.frontier!;
    const from = Math.max(start, frontier);
    if (to !== undefined && to <= from) return;
    if (from === frontier) state.levels.set(subnetId, add(state.levels.get(subnetId) ?? ZERO_LEVEL, delta));
    else change(subnetId, from, delta);
    if (to !== undefined) change(subnetId, to, add(ZERO_LEVEL, delta, -1n));
  };

  /** Moves the frontier to `day`, each day's level the day before's plus that day's changes. */
  const advance = (day: number) => {
    if (state.frontier === undefined) {
      state.frontier = day;
      return;
    }
    if (day <= state.frontier) return;
    // The frontier day is final once a later block comes: its row as the batch left it.
    for (const [subnetId, level] of state.levels) record(subnetId, state.frontier, level);
    for (let d = state.frontier + DAY; d <= day; d += DAY) {
      for (const [subnetId, days] of state.changes) {
        const delta = days.get(d);
        if (!delta) continue;
        state.levels.set(subnetId, add(state.levels.get(subnetId) ?? ZERO_LEVEL, delta));
        days.delete(d);
        if (days.size === 0) state.changes.delete(subnetId);
      }
      for (const [subnetId, level] of state.levels) record(subnetId, d, level);
    }
    state.frontier = day;
  };

  for (const block of blocks) {
    advance(dayOf(block.timestamp));
    const today = state.frontier!;
    for (const s of block.added)
      over(
        s.subnetId.toString('hex'),
        dayOf(s.startTime),
        dayOf(s.endTime),
        deltaOf(s.isDelegator, 1n, s.weight),
      );
    for (const s of block.removed) {
      const from = Math.max(dayOf(s.startTime), today);
      over(s.subnetId.toString('hex'), from, dayOf(s.endTime), deltaOf(s.isDelegator, -1n, -s.weight));
    }
    for (const w of block.l1Weights) {
      const key = w.validationId.toString('hex');
      const before = state.l1Weights.get(key) ?? 0n;
      const count = (w.weight > 0n ? 1n : 0n) - (before > 0n ? 1n : 0n);
      over(w.subnetId.toString('hex'), today, undefined, deltaOf(false, count, w.weight - before));
      state.l1Weights.set(key, w.weight);
    }
  }
  if (state.frontier !== undefined)
    for (const [subnetId, level] of state.levels) record(subnetId, state.frontier, level);
  return [...rows.values()];
}
