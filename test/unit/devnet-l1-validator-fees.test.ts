/**
 * The devnet's P-Chain bookkeeping of ACP-77's continuous fee, against avalanchego's rules: AccruedFees grows by the
 * cost of the time between blocks, a validator's balance is what it has left over AccruedFees, and validators that
 * cannot pay are deactivated at the start of a block (used up) and at its end (not enough for one more second).
 */
import { expect } from 'chai';
import {
  isL1ValidatorActive,
  l1ValidatorBalance,
  L1ValidatorFees,
  type FeePayingValidator,
} from '../../services/devnet/l1-validator-fees.ts';
import type { ValidatorFeeConfig } from '../../services/runtime/avalanche/validator-fees.ts';

// Small numbers to follow by hand: 10 nAVAX a second, excess moving by one per validator above or below 2.
const CONFIG: ValidatorFeeConfig = {
  capacity: 4n,
  target: 2n,
  minPrice: 10n,
  excessConversionConstant: 1_000n,
};
const GENESIS = 1_000n;

const validator = (weight = 1n): FeePayingValidator => ({ weight, endAccumulatedFee: 0n });

describe('devnet L1 validator fees', function () {
  it('charges one validator’s price per second since the parent block, whether or not any validator is active', function () {
    const fees = new L1ValidatorFees(CONFIG, GENESIS);
    expect(fees.startBlock(GENESIS + 30n, [])).to.deep.equal([]);
    expect([fees.accruedFees, fees.excess, fees.timeSeconds]).to.deep.equal([300n, 0n, GENESIS + 30n]);
    // The next block at the same time (as a commit's successor may be) costs nothing.
    fees.startBlock(GENESIS + 30n, []);
    expect(fees.accruedFees).to.equal(300n);
    expect(() => fees.startBlock(GENESIS, [])).to.throw(/cannot follow/);
  });

  it('gives a deposit from the AccruedFees of its block, and refunds what is left', function () {
    const fees = new L1ValidatorFees(CONFIG, GENESIS);
    fees.startBlock(GENESIS + 10n, []);
    const v = validator();
    fees.deposit(v, 0n);
    expect(isL1ValidatorActive(v), 'a 0 balance leaves it inactive').to.equal(false);
    fees.deposit(v, 1_000n);
    expect(v.endAccumulatedFee).to.equal(1_100n);
    expect(l1ValidatorBalance(v, fees.accruedFees)).to.equal(1_000n);
    fees.startBlock(GENESIS + 30n, [v]);
    expect(l1ValidatorBalance(v, fees.accruedFees)).to.equal(800n);
    // A top-up of an active validator adds to what it has.
    fees.deposit(v, 50n);
    expect(l1ValidatorBalance(v, fees.accruedFees)).to.equal(850n);
    expect(fees.withdraw(v)).to.equal(850n);
    expect([isL1ValidatorActive(v), l1ValidatorBalance(v, fees.accruedFees)]).to.deep.equal([false, 0n]);
    expect(fees.withdraw(v), 'an inactive validator has nothing to refund').to.equal(0n);
    // Weight 0 is never active, whatever its end.
    expect(l1ValidatorBalance({ weight: 0n, endAccumulatedFee: 5_000n }, 0n)).to.equal(0n);
  });

  it('deactivates at a block’s start whoever the time since its parent used up, before the excess moves', function () {
    const fees = new L1ValidatorFees(CONFIG, GENESIS);
    const [a, b, c] = [validator(), validator(), validator()];
    fees.deposit(a, 100n);
    fees.deposit(b, 101n);
    fees.deposit(c, 1_000n);
    // Three active, one above the target: the excess grows by one a second, the price stays at 10 until excess
    // reaches ln 2 · 1000.
    const ranOut = fees.startBlock(GENESIS + 10n, [a, b, c]);
    expect(ranOut).to.deep.equal([a]);
    expect(fees.accruedFees).to.equal(100n);
    expect(fees.excess, 'three validators were active for the 10 s').to.equal(10n);
    expect([a, b, c].map(isL1ValidatorActive)).to.deep.equal([false, true, true]);
    // Two left, at the target: the excess holds.
    fees.startBlock(GENESIS + 20n, [a, b, c]);
    expect(fees.excess).to.equal(10n);
  });

  it('deactivates at a block’s end whoever cannot pay for one more second, forfeiting the rest', function () {
    const fees = new L1ValidatorFees(CONFIG, GENESIS);
    fees.startBlock(GENESIS + 1n, []);
    const [poor, enough] = [validator(), validator()];
    fees.deposit(poor, 9n);
    fees.deposit(enough, 10n);
    expect(fees.endBlock([poor, enough])).to.deep.equal([poor]);
    expect(l1ValidatorBalance(poor, fees.accruedFees)).to.equal(0n);
    expect(l1ValidatorBalance(enough, fees.accruedFees)).to.equal(10n);
    // Re-funded, an inactive validator starts again from the AccruedFees of its block.
    fees.startBlock(GENESIS + 2n, [poor, enough]);
    expect(isL1ValidatorActive(enough), 'its 10 nAVAX paid for exactly the second').to.equal(false);
    fees.deposit(poor, 25n);
    expect(l1ValidatorBalance(poor, fees.accruedFees)).to.equal(25n);
  });
});
