import { dayOf } from './staking-rollup.ts';

/**
 * The L1 validator fee metrics' rollup, pure: what the P-Chain's continuous fee (ACP-77) took from each L1 validator
 * in a run of blocks, summed per UTC day for the validation, its node, its subnet and the network. primary-network
 * replays the fee ledger and streams, per block, the P-Chain's AccruedFees and every validator whose fee account
 * the block changed; the rollup keeps the active validators and charges them from block to block:
 *
 * - a validator active before a block pays min(its endAccumulatedFee, the block's AccruedFees) less the previous
 *   block's AccruedFees: the fee of the seconds since, or all it had left if that ran it out;
 * - what it had after that, plus what the block deposited, less what the block refunded and what it has after the
 *   block, was forfeited (too little for the next second) and counts as paid too.
 *
 * So a validation's cumulative fees are always its deposits less its refunds and its balance. Fees count on the day
 * of the block that charges them (the P-Chain charges time when a block advances it). A key has a row for each day
 * it paid something; its cumulative value carries over days without one.
 */

export type L1FeeScope = 'validation' | 'node' | 'subnet' | 'total';

export interface L1FeeChange {
  validationId: Buffer;
  subnetId: Buffer;
  nodeId: Buffer;
  endAccumulatedFee: bigint;
  deposited: bigint;
  refunded: bigint;
}

export interface L1FeeBlock {
  timestamp: bigint;
  /** Absent before Etna. */
  accruedFees: bigint | undefined;
  feeChanges: L1FeeChange[];
}

export interface ActiveL1Validator {
  endAccumulatedFee: bigint;
  subnetId: string;
  nodeId: string;
}

export interface L1FeeDay {
  scope: L1FeeScope;
  /** Hex: the validation id, node id or subnet id; '' for the total. */
  key: string;
  day: number;
  fees: bigint;
  cumulative: bigint;
  /** Validations that paid something on the day (for a validation's own row, 1). */
  paying: bigint;
}

export interface L1FeeState {
  /** AccruedFees after the last block rolled up. */
  accruedFees: bigint;
  /** Active validators by hex validation id. */
  active: Map<string, ActiveL1Validator>;
  /** The latest row of each scope and key the batch touches (`scope:key`), as stored, then as the batch left it. */
  latest: Map<string, L1FeeDay>;
}

export const feeRowKey = (scope: L1FeeScope, key: string) => `${scope}:${key}`;

/** The scopes and keys a validator's fees count under. */
export function feeKeysOf(validationId: string, v: { subnetId: string; nodeId: string }) {
  return [
    { scope: 'validation' as const, key: validationId },
    { scope: 'node' as const, key: v.nodeId },
    { scope: 'subnet' as const, key: v.subnetId },
    { scope: 'total' as const, key: '' },
  ];
}

/** Rolls `blocks` (consecutive, in order) into `state`; returns every row the batch changed or made. */
export function rollL1Fees(state: L1FeeState, blocks: readonly L1FeeBlock[]): L1FeeDay[] {
  const touched = new Map<string, L1FeeDay>();

  const row = (scope: L1FeeScope, key: string, day: number): L1FeeDay => {
    const id = feeRowKey(scope, key);
    const latest = state.latest.get(id);
    if (latest?.day === day) return latest;
    const fresh = { scope, key, day, fees: 0n, cumulative: latest?.cumulative ?? 0n, paying: 0n };
    state.latest.set(id, fresh);
    return fresh;
  };

  const pay = (
    validationId: string,
    v: { subnetId: string; nodeId: string },
    day: number,
    amount: bigint,
  ) => {
    if (amount <= 0n) return;
    const own = row('validation', validationId, day);
    const firstToday = own.fees === 0n;
    for (const { scope, key } of feeKeysOf(validationId, v)) {
      const r = row(scope, key, day);
      r.fees += amount;
      r.cumulative += amount;
      if (firstToday) r.paying += 1n;
      touched.set(`${feeRowKey(scope, key)}:${day}`, r);
    }
  };

  for (const block of blocks) {
    if (block.accruedFees === undefined) continue;
    const day = dayOf(block.timestamp);
    const before = state.accruedFees;
    const after = block.accruedFees;
    for (const [id, v] of state.active)
      pay(id, v, day, (v.endAccumulatedFee < after ? v.endAccumulatedFee : after) - before);
    for (const c of block.feeChanges) {
      const id = c.validationId.toString('hex');
      const previous = state.active.get(id);
      const afterAdvance =
        previous && previous.endAccumulatedFee > after ? previous.endAccumulatedFee - after : 0n;
      const balance = c.endAccumulatedFee > 0n ? c.endAccumulatedFee - after : 0n;
      const v = { subnetId: c.subnetId.toString('hex'), nodeId: c.nodeId.toString('hex') };
      pay(id, v, day, afterAdvance + c.deposited - balance - c.refunded);
      if (c.endAccumulatedFee > 0n) state.active.set(id, { ...v, endAccumulatedFee: c.endAccumulatedFee });
      else state.active.delete(id);
    }
    state.accruedFees = after;
  }
  return [...touched.values()];
}
