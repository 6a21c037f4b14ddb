import { expect } from 'chai';
import fc from 'fast-check';
import { ratioText } from '../../services/primary-network/api/staking.ts';
import { delegatorShare } from '../../services/primary-network/store/staking.ts';
import { splitReward } from '../../services/devnet/staking-rewards.ts';

describe('primary-network staking figures', function () {
  it('splits a delegation reward as the devnet’s avalanchego reward.Split does, past uint64 products too', function () {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (reward, shares) => {
          expect(delegatorShare(reward, BigInt(shares))).to.equal(splitReward(reward, shares).delegator);
        },
      ),
      { seed: 20261127 },
    );
    expect(delegatorShare(101n, 20_000n)).to.equal(98n);
    // Shares above 100% leave the delegator nothing.
    expect(delegatorShare(1_000n, 2_000_000n)).to.equal(0n);
  });

  it('writes a ratio with a fixed number of fraction digits, rounded down, and 0 over nothing', function () {
    expect(ratioText(1n, 3n, 6)).to.equal('0.333333');
    expect(ratioText(2n, 3n, 6)).to.equal('0.666666');
    expect(ratioText(7n, 2n, 2)).to.equal('3.50');
    expect(ratioText(5n, 0n, 6)).to.equal('0');
  });
});
