import {
  advanceValidatorFeeState,
  validatorFeeCost,
  type ValidatorFeeConfig,
} from '../../runtime/avalanche/validator-fees.ts';

/**
 * The P-Chain's L1 validator fee ledger (ACP-77), replayed block by block as avalanchego keeps it, because no RPC
 * says what a validator has paid: one global AccruedFees (what a validator active since the first Etna block would
 * have paid) and, per active validator, the AccruedFees at which its balance runs out (endAccumulatedFee, 0 when
 * inactive). A balance is endAccumulatedFee − AccruedFees.
 *
 * Per non-option block from Etna on: AccruedFees grows by the fee of the seconds since the parent (priced at the
 * excess the active count drives), validators it reaches are deactivated, then the block's transactions run, then
 * every validator that could not pay for one more second is deactivated (what it had left is forfeited). Option
 * blocks keep their proposal's time and state.
 */

export interface L1FeeLedgerState {
  accruedFees: bigint;
  excess: bigint;
  /** The last block's time (unix seconds); undefined before the first block. */
  lastTime: bigint | undefined;
  /** Active validators' endAccumulatedFee, by hex validation id. */
  active: Map<string, bigint>;
}

/** What a block did to one validator: its endAccumulatedFee after the block and the nAVAX that came and went. */
export interface L1FeeChange {
  validationId: string;
  endAccumulatedFee: bigint;
  /** Deposited by the block's transactions (registration, conversion, top-ups). */
  deposited: bigint;
  /** Returned to its remaining-balance owner (disabled, or removed by weight 0, while active). */
  refunded: bigint;
}

export interface L1FeeBlock {
  accruedFees: bigint;
  excess: bigint;
  activeValidators: number;
  changes: L1FeeChange[];
}

export const emptyL1FeeLedger = (): L1FeeLedgerState => ({
  accruedFees: 0n,
  excess: 0n,
  lastTime: undefined,
  active: new Map(),
});

export class L1FeeLedger {
  readonly state: L1FeeLedgerState;
  private readonly config: ValidatorFeeConfig;
  private readonly etnaSeconds: bigint;
  private changes = new Map<string, L1FeeChange>();
  private charging = false;

  constructor(config: ValidatorFeeConfig, etnaSeconds: bigint, state: L1FeeLedgerState) {
    this.config = config;
    this.etnaSeconds = etnaSeconds;
    this.state = state;
  }

  /** The balance a validator has now (0 when inactive). */
  balanceOf(validationId: string): bigint {
    const end = this.state.active.get(validationId);
    return end === undefined ? 0n : end - this.state.accruedFees;
  }

  /** Starts a block: advances the fee to its time unless it is an option block or comes before Etna. */
  beginBlock(timestamp: bigint, isOption: boolean): void {
    this.changes = new Map();
    this.charging = !isOption && timestamp >= this.etnaSeconds;
    const { state } = this;
    const parentTime = state.lastTime;
    state.lastTime = timestamp;
    if (!this.charging || parentTime === undefined || timestamp <= parentTime) return;
    const seconds = timestamp - parentTime;
    const feeState = { current: BigInt(state.active.size), excess: state.excess };
    state.accruedFees = saturatingAdd(state.accruedFees, validatorFeeCost(feeState, this.config, seconds));
    for (const [id, end] of state.active) if (end <= state.accruedFees) this.deactivate(id);
    state.excess = advanceValidatorFeeState(feeState, this.config.target, seconds).excess;
  }

  /** A validator registered (conversion or RegisterL1ValidatorTx) with `balance`; none leaves it inactive. */
  register(validationId: string, balance: bigint): void {
    const change = this.change(validationId);
    change.deposited += balance;
    if (balance > 0n) this.setEnd(validationId, this.state.accruedFees + balance);
  }

  /** IncreaseL1ValidatorBalanceTx: an inactive validator becomes active again. */
  deposit(validationId: string, amount: bigint): void {
    const change = this.change(validationId);
    change.deposited += amount;
    const end = this.state.active.get(validationId) ?? this.state.accruedFees;
    this.setEnd(validationId, end + amount);
  }

  /** DisableL1ValidatorTx, or a weight of 0: the balance left is refunded. Returns the refund. */
  release(validationId: string): bigint {
    const refund = this.balanceOf(validationId);
    this.change(validationId).refunded += refund;
    if (this.state.active.has(validationId)) this.deactivate(validationId);
    return refund;
  }

  /** Ends the block: deactivates who cannot pay the next second; returns what the block left. */
  endBlock(): L1FeeBlock {
    const { state } = this;
    if (this.charging && state.active.size > 0) {
      const nextSecond = validatorFeeCost(
        { current: BigInt(state.active.size), excess: state.excess },
        this.config,
        1n,
      );
      const threshold = saturatingAdd(state.accruedFees, nextSecond);
      for (const [id, end] of state.active) if (end < threshold) this.deactivate(id);
    }
    return {
      accruedFees: state.accruedFees,
      excess: state.excess,
      activeValidators: state.active.size,
      changes: [...this.changes.values()],
    };
  }

  private deactivate(validationId: string): void {
    this.state.active.delete(validationId);
    this.change(validationId).endAccumulatedFee = 0n;
  }

  private setEnd(validationId: string, end: bigint): void {
    this.state.active.set(validationId, end);
    this.change(validationId).endAccumulatedFee = end;
  }

  private change(validationId: string): L1FeeChange {
    let change = this.changes.get(validationId);
    if (!change) {
      change = {
        validationId,
        endAccumulatedFee: this.state.active.get(validationId) ?? 0n,
        deposited: 0n,
        refunded: 0n,
      };
      this.changes.set(validationId, change);
    }
    return change;
  }
}

const MAX_UINT64 = (1n << 64n) - 1n;

/** The chain's uint64 sums saturate (math.Add errors in avalanchego, which a valid chain never reaches). */
function saturatingAdd(a: bigint, b: bigint): bigint {
  const sum = a + b;
  return sum > MAX_UINT64 ? MAX_UINT64 : sum;
}
