/**
 * The vectors are avalanchego's own: vms/platformvm/validators/fee/fee_test.go (the shared `tests` table run through
 * TestStateAdvanceTime, TestStateCostOf and TestStateSecondsRemaining, plus TestStateCostOfOverflow and
 * TestStateSecondsRemainingLimit) and vms/components/gas/gas_test.go (Test_CalculatePrice, and Test_Gas_AddOverTime /
 * Test_Gas_SubOverTime expressed as a state advance).
 */
import { expect } from 'chai';
import {
  VALIDATOR_FEE_CONFIGS,
  advanceValidatorFeeState,
  validatorFeeCost,
  validatorFeePrice,
  validatorFeeSecondsRemaining,
  type ValidatorFeeConfig,
  type ValidatorFeeState,
} from '../../services/runtime/avalanche/validator-fees.ts';

const MAX_UINT64 = (1n << 64n) - 1n;
const MAX_UINT32 = (1n << 32n) - 1n;

const MINUTE = 60n;
const HOUR = 60n * MINUTE;
const DAY = 24n * HOUR;
const WEEK = 7n * DAY;

// fee_test.go's constants: K = (capacity − target) · day / ln 2, truncated.
const MIN_PRICE = 2_048n;
const EXCESS_INCREASE_PER_DOUBLING = (20_000n - 10_000n) * DAY;
const K = 1_246_488_515n;

const config = (target: bigint, minPrice = MIN_PRICE): ValidatorFeeConfig => ({
  capacity: 0n,
  target,
  minPrice,
  excessConversionConstant: K,
});

interface FeeCase {
  name: string;
  state: ValidatorFeeState;
  target: bigint;
  seconds: bigint;
  cost: bigint;
  excess: bigint;
}

// fee_test.go `tests`: `seconds` and `cost` are inputs to some checks and expectations of others.
const FEE_CASES: FeeCase[] = [
  {
    name: 'excess=0, current<target, minute',
    state: { current: 10n, excess: 0n },
    target: 10_000n,
    seconds: MINUTE,
    cost: 122_880n,
    excess: 0n,
  },
  {
    name: 'excess=0, current=target, minute',
    state: { current: 10_000n, excess: 0n },
    target: 10_000n,
    seconds: MINUTE,
    cost: 122_880n,
    excess: 0n,
  },
  {
    name: 'excess=excessIncreasePerDoubling, current=target, minute',
    state: { current: 10_000n, excess: EXCESS_INCREASE_PER_DOUBLING },
    target: 10_000n,
    seconds: MINUTE,
    cost: 245_760n,
    excess: EXCESS_INCREASE_PER_DOUBLING,
  },
  {
    name: 'excess=K, current=target, minute',
    state: { current: 10_000n, excess: K },
    target: 10_000n,
    seconds: MINUTE,
    cost: 334_020n,
    excess: K,
  },
  {
    name: 'excess=0, current>target, minute',
    state: { current: 15_000n, excess: 0n },
    target: 10_000n,
    seconds: MINUTE,
    cost: 122_880n,
    excess: 5_000n * MINUTE,
  },
  {
    name: 'excess hits 0 during, current<target, day',
    state: { current: 9_000n, excess: 6n * HOUR * 1_000n },
    target: 10_000n,
    seconds: DAY,
    cost: 177_321_939n,
    excess: 0n,
  },
  {
    name: 'excess=K, current=target, day',
    state: { current: 10_000n, excess: K },
    target: 10_000n,
    seconds: DAY,
    cost: 480_988_800n,
    excess: K,
  },
  {
    name: 'excess=0, current>target, day',
    state: { current: 15_000n, excess: 0n },
    target: 10_000n,
    seconds: DAY,
    cost: 211_438_809n,
    excess: 5_000n * DAY,
  },
  {
    name: 'excess=0, current=target, week',
    state: { current: 10_000n, excess: 0n },
    target: 10_000n,
    seconds: WEEK,
    cost: 1_238_630_400n,
    excess: 0n,
  },
  {
    name: 'excess=0, current>target, week',
    state: { current: 15_000n, excess: 0n },
    target: 10_000n,
    seconds: WEEK,
    cost: 5_265_492_669n,
    excess: 5_000n * WEEK,
  },
  {
    name: 'excess=1, current>>target, second',
    state: { current: MAX_UINT64, excess: 1n },
    target: 0n,
    seconds: 1n,
    cost: MAX_UINT64,
    excess: MAX_UINT64,
  },
  {
    name: 'excess=0, current>>target, 10 seconds',
    state: { current: MAX_UINT32, excess: 0n },
    target: 0n,
    seconds: 10n,
    cost: 1_948_429_840_780_833_612n,
    excess: MAX_UINT32 * 10n,
  },
];

// TestStateCostOfOverflow: every case costs 2^64 − 1 at target 10_000.
const COST_OVERFLOW_CASES: { name: string; state: ValidatorFeeState; seconds: bigint }[] = [
  { name: 'current > target', state: { current: MAX_UINT32, excess: 0n }, seconds: MAX_UINT64 },
  { name: 'current == target', state: { current: 10_000n, excess: 0n }, seconds: MAX_UINT64 },
  { name: 'current < target', state: { current: 0n, excess: 0n }, seconds: MAX_UINT64 },
  {
    name: 'current < target and reasonable excess',
    state: { current: 0n, excess: 10_001n },
    seconds: MAX_UINT64 / MIN_PRICE + 1n,
  },
];

// TestStateSecondsRemainingLimit: every case is capped at a week, target 10_000.
const SECONDS_LIMIT_CASES: { name: string; state: ValidatorFeeState; minPrice: bigint; funds: bigint }[] = [
  { name: 'zero price', state: { current: MAX_UINT32, excess: 0n }, minPrice: 0n, funds: 0n },
  {
    name: 'current > target',
    state: { current: 10_001n, excess: 0n },
    minPrice: MIN_PRICE,
    funds: MAX_UINT64,
  },
  {
    name: 'current == target',
    state: { current: 10_000n, excess: 0n },
    minPrice: MIN_PRICE,
    funds: MIN_PRICE * (WEEK + 1n),
  },
  {
    name: 'current < target',
    state: { current: 0n, excess: 0n },
    minPrice: MIN_PRICE,
    funds: MIN_PRICE * (WEEK + 1n),
  },
];

// gas_test.go calculatePriceTests: [minPrice, excess, excessConversionConstant, price].
const PRICE_CASES: [bigint, bigint, bigint, bigint][] = [
  [1n, 0n, 1n, 1n],
  [1n, 1n, 1n, 2n],
  [1n, 2n, 1n, 6n],
  [1n, 10_000n, 10_000n, 2n],
  [1n, 1_000_000n, 10_000n, MAX_UINT64],
  [10n, 10_000_000n, 1_000_000n, 220_264n],
  [MAX_UINT64, MAX_UINT64, 1n, MAX_UINT64],
  [MAX_UINT32, 1n, 1n, 11_674_931_546n],
  [6_786_177_901_268_885_274n, 1n, 1n, MAX_UINT64 - 11n],
  [6_786_177_901_268_885_274n, MAX_UINT64, MAX_UINT64, MAX_UINT64 - 1n],
];

// gas_test.go Test_Gas_AddOverTime / Test_Gas_SubOverTime: [initial, gasPerSecond, seconds, expected].
const ADD_OVER_TIME_CASES: [bigint, bigint, bigint, bigint][] = [
  [5n, 1n, 2n, 7n],
  [5n, MAX_UINT64, 2n, MAX_UINT64],
  [MAX_UINT64, 1n, 2n, MAX_UINT64],
  [MAX_UINT64, MAX_UINT64, MAX_UINT64, MAX_UINT64],
];
const SUB_OVER_TIME_CASES: [bigint, bigint, bigint, bigint][] = [
  [5n, 1n, 2n, 3n],
  [5n, MAX_UINT64, 2n, 0n],
  [1n, 1n, 2n, 0n],
  [MAX_UINT64, MAX_UINT64, MAX_UINT64, 0n],
];

describe('validator fees (ACP-77)', function () {
  it('uses the genesis fee parameters', function () {
    expect(VALIDATOR_FEE_CONFIGS.mainnet.excessConversionConstant).to.equal(K);
    expect(VALIDATOR_FEE_CONFIGS.mainnet.minPrice).to.equal(512n);
    expect(VALIDATOR_FEE_CONFIGS.fuji.excessConversionConstant).to.equal(51_937_021n);
    expect(VALIDATOR_FEE_CONFIGS.local.minPrice).to.equal(1n);
  });

  describe('price', function () {
    for (const [minPrice, excess, excessConversionConstant, price] of PRICE_CASES) {
      it(`${minPrice}·e^(${excess}/${excessConversionConstant}) = ${price}`, function () {
        expect(validatorFeePrice({ minPrice, excessConversionConstant }, excess)).to.equal(price);
      });
    }
  });

  describe('advance', function () {
    for (const c of FEE_CASES) {
      it(c.name, function () {
        expect(advanceValidatorFeeState(c.state, c.target, c.seconds)).to.deep.equal({
          current: c.state.current,
          excess: c.excess,
        });
      });
    }
    for (const [initial, rate, seconds, expected] of ADD_OVER_TIME_CASES) {
      it(`${initial} + ${rate}·${seconds} = ${expected}`, function () {
        expect(advanceValidatorFeeState({ current: rate, excess: initial }, 0n, seconds).excess).to.equal(
          expected,
        );
      });
    }
    for (const [initial, rate, seconds, expected] of SUB_OVER_TIME_CASES) {
      it(`${initial} − ${rate}·${seconds} = ${expected}`, function () {
        expect(advanceValidatorFeeState({ current: 0n, excess: initial }, rate, seconds).excess).to.equal(
          expected,
        );
      });
    }
  });

  describe('cost', function () {
    for (const c of FEE_CASES) {
      it(c.name, function () {
        expect(validatorFeeCost(c.state, config(c.target), c.seconds)).to.equal(c.cost);
      });
    }
    for (const c of COST_OVERFLOW_CASES) {
      it(`saturates: ${c.name}`, function () {
        expect(validatorFeeCost(c.state, config(10_000n), c.seconds)).to.equal(MAX_UINT64);
      });
    }
  });

  describe('seconds remaining', function () {
    for (const c of FEE_CASES) {
      it(c.name, function () {
        expect(validatorFeeSecondsRemaining(c.state, config(c.target), WEEK, c.cost)).to.equal(c.seconds);
      });
    }
    for (const c of SECONDS_LIMIT_CASES) {
      it(`caps at maxSeconds: ${c.name}`, function () {
        expect(validatorFeeSecondsRemaining(c.state, config(10_000n, c.minPrice), WEEK, c.funds)).to.equal(
          WEEK,
        );
      });
    }
  });
});
