/**
 * platformvm's staking reward arithmetic (vms/platformvm/reward/calculator.go), with the Fuji and Mainnet
 * configuration (both the same): big-integer steps with truncating division, durations in nanoseconds.
 */

const PERCENT_DENOMINATOR = 1_000_000n;
const MAX_CONSUMPTION_RATE = 120_000n;
const MIN_CONSUMPTION_RATE = 100_000n;
const MINTING_PERIOD_NS = 365n * 24n * 3600n * 1_000_000_000n;
export const SUPPLY_CAP = 720_000_000n * 1_000_000_000n;
const MAX_U64 = 2n ** 64n - 1n;

/** The reward a staker earns for `durationNs` with `stake` staked while the supply is `supply` (all nAVAX). */
export function potentialReward(durationNs: bigint, stake: bigint, supply: bigint): bigint {
  const remaining = SUPPLY_CAP - supply;
  const consumption =
    (MAX_CONSUMPTION_RATE - MIN_CONSUMPTION_RATE) * durationNs + MIN_CONSUMPTION_RATE * MINTING_PERIOD_NS;
  let reward = remaining * consumption * stake * durationNs;
  reward /= MINTING_PERIOD_NS * PERCENT_DENOMINATOR;
  reward /= supply;
  reward /= MINTING_PERIOD_NS;
  if (reward > MAX_U64) return remaining;
  return reward < remaining ? reward : remaining;
}

/** A delegation's reward split between the validator (its fee, `shares` in millionths) and the delegator. */
export function splitReward(total: bigint, shares: number): { delegatee: bigint; delegator: bigint } {
  const keep = PERCENT_DENOMINATOR - BigInt(shares);
  const product = keep * total;
  const delegator = product <= MAX_U64 ? product / PERCENT_DENOMINATOR : keep * (total / PERCENT_DENOMINATOR);
  return { delegatee: total - delegator, delegator };
}
