import { expect } from 'chai';
import { potentialReward, splitReward } from '../../services/devnet/staking-rewards.ts';

const AVAX = 1_000_000_000n;
const DAY_NS = 24n * 3600n * 1_000_000_000n;

describe('staking rewards', function () {
  // avalanchego's reward/calculator_test.go TestRewards vectors.
  it('reproduces avalanchego reward calculator vectors', function () {
    expect(potentialReward(365n * DAY_NS, 1_000_000n * AVAX, 360_000_000n * AVAX)).to.equal(120_000n * AVAX);
    expect(potentialReward(365n * DAY_NS, 1_000_000n * AVAX, 400_000_000n * AVAX)).to.equal(96_000n * AVAX);
    expect(potentialReward(DAY_NS, 1_000_000n * AVAX, 360_000_000n * AVAX)).to.equal(274_122_724_713n);
    expect(potentialReward(DAY_NS, 5_000_000n, 360_000_000n * AVAX)).to.equal(1370n);
  });

  it('splits a delegation reward with the fee rounded in the validator’s favour', function () {
    expect(splitReward(1_000_000n, 20_000)).to.deep.equal({ delegatee: 20_000n, delegator: 980_000n });
    expect(splitReward(101n, 20_000)).to.deep.equal({ delegatee: 3n, delegator: 98n });
    expect(splitReward(0n, 20_000)).to.deep.equal({ delegatee: 0n, delegator: 0n });
  });
});
