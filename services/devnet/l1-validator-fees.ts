/**
 * ACP-77's continuous L1 validator fee as the devnet's P-Chain charges it, in avalanchego's bookkeeping: one global
 * AccruedFees (what one validator would have paid since Etna) and, per validator, the AccruedFees at which its
 * balance runs out. Charging every active validator is then one addition per block, and a balance is a subtraction.
 * Indexers replay this from the blocks, so the devnet follows avalanchego's order of operations exactly
 * (advanceValidatorFeeState in vms/platformvm/txs/executor/state_changes.go, deactivateLowBalanceL1Validators in
 * its block verifier).
 */
import {
  advanceValidatorFeeState,
  validatorFeeCost,
  type ValidatorFeeConfig,
  type ValidatorFeeState,
} from '../runtime/avalanche/validator-fees.ts';

/** What the fee needs to know of an L1 validator. */
export interface FeePayingValidator {
  weight: bigint;
  /** The AccruedFees at which its balance is used up; 0 while it is inactive. */
  endAccumulatedFee: bigint;
}

/** Active as avalanchego counts it: only active validators pay, and only they count towards the fee's excess. */
export function isL1ValidatorActive(v: FeePayingValidator): boolean {
  return v.weight !== 0n && v.endAccumulatedFee !== 0n;
}

/** An L1 validator's balance in nAVAX once the chain has accrued `accruedFees` (0 when inactive). */
export function l1ValidatorBalance(v: FeePayingValidator, accruedFees: bigint): bigint {
  return isL1ValidatorActive(v) ? v.endAccumulatedFee - accruedFees : 0n;
}

/**
 * The P-Chain's fee state. Its owner calls `startBlock` and `endBlock` around the transactions of every block that
 * is not an option: commit and abort blocks share their proposal's time and state, so they neither charge nor check.
 */
export class L1ValidatorFees {
  readonly config: ValidatorFeeConfig;
  private accrued = 0n;
  private currentExcess = 0n;
  private parentSeconds: bigint;

  /** `genesisTimeSeconds`: the time of the genesis block, the first block's parent. */
  constructor(config: ValidatorFeeConfig, genesisTimeSeconds: bigint) {
    this.config = config;
    this.parentSeconds = genesisTimeSeconds;
  }

  /** What one active validator has paid since the chain started charging, at the last block. */
  get accruedFees(): bigint {
    return this.accrued;
  }

  /** The excess the next block's fee starts from. */
  get excess(): bigint {
    return this.currentExcess;
  }

  /** The time of the last block charged for. */
  get timeSeconds(): bigint {
    return this.parentSeconds;
  }

  /**
   * Charges the time since the parent block at the price its active validators set, before the block's
   * transactions; returns the validators whose balance that used up, now inactive.
   */
  startBlock<T extends FeePayingValidator>(timeSeconds: bigint, validators: readonly T[]): T[] {
    if (timeSeconds < this.parentSeconds) {
      throw new Error(`a P-Chain block at ${timeSeconds} cannot follow one at ${this.parentSeconds}`);
    }
    const seconds = timeSeconds - this.parentSeconds;
    this.parentSeconds = timeSeconds;
    const active = validators.filter(isL1ValidatorActive);
    const state: ValidatorFeeState = { current: BigInt(active.length), excess: this.currentExcess };
    this.accrued += validatorFeeCost(state, this.config, seconds);
    // Deactivated before the excess moves on: the excess of this period was set by those who were active in it.
    const ranOut = active.filter((v) => v.endAccumulatedFee <= this.accrued);
    for (const v of ranOut) v.endAccumulatedFee = 0n;
    this.currentExcess = advanceValidatorFeeState(state, this.config.target, seconds).excess;
    return ranOut;
  }

  /**
   * After the block's transactions: a validator that cannot pay for one more second is deactivated now, so that
   * no later block has to charge it a balance it does not have; what it had left is forfeited.
   */
  endBlock<T extends FeePayingValidator>(validators: readonly T[]): T[] {
    const active = validators.filter(isL1ValidatorActive);
    const state: ValidatorFeeState = { current: BigInt(active.length), excess: this.currentExcess };
    const nextSecond = this.accrued + validatorFeeCost(state, this.config, 1n);
    const ranOut = active.filter((v) => v.endAccumulatedFee < nextSecond);
    for (const v of ranOut) v.endAccumulatedFee = 0n;
    return ranOut;
  }

  /**
   * A balance given to a validator (ConvertSubnetToL1Tx, RegisterL1ValidatorTx, IncreaseL1ValidatorBalanceTx): an
   * inactive validator starts paying from this block's AccruedFees. None (a 0 balance) leaves it inactive.
   */
  deposit(v: FeePayingValidator, amount: bigint): void {
    if (amount === 0n) return;
    if (v.endAccumulatedFee === 0n) v.endAccumulatedFee = this.accrued;
    v.endAccumulatedFee += amount;
  }

  /** DisableL1ValidatorTx: deactivates the validator; returns the balance it had left, to be refunded. */
  withdraw(v: FeePayingValidator): bigint {
    const remaining = l1ValidatorBalance(v, this.accrued);
    v.endAccumulatedFee = 0n;
    return remaining;
  }
}
