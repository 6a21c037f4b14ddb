/**
 * ACP-77's continuous fee for L1 validators. Since Etna the P-Chain charges every active L1 validator this price each
 * second out of its balance, and no RPC reports how much a validator has paid so far: an indexer has to replay the
 * fee state block by block, so the arithmetic must match avalanchego's (vms/platformvm/validators/fee/fee.go and
 * vms/components/gas/gas.go) to the last nAVAX, including where it saturates at 2^64 - 1.
 *
 * Every value is a uint64 on chain; callers pass bigints in [0, 2^64 - 1].
 */
import type { NetworkIdentity } from './networks.ts';

const MAX_UINT64 = (1n << 64n) - 1n;

export interface ValidatorFeeConfig {
  /** The most L1 validators that may be active at once; the fee arithmetic never reads it. */
  capacity: bigint;
  /** Active L1 validators above which excess grows each second and below which it decays. */
  target: bigint;
  /** nAVAX per second when excess is 0. */
  minPrice: bigint;
  /** Excess at which the price is e times minPrice. */
  excessConversionConstant: bigint;
}

export interface ValidatorFeeState {
  /** The number of active L1 validators (one gas each). */
  current: bigint;
  excess: bigint;
}

/** avalanchego's genesis parameters; every network other than mainnet and fuji uses the local ones. */
export const VALIDATOR_FEE_CONFIGS: Record<NetworkIdentity['name'] | 'local', ValidatorFeeConfig> = {
  // Double every day.
  mainnet: { capacity: 20_000n, target: 10_000n, minPrice: 512n, excessConversionConstant: 1_246_488_515n },
  // Double every hour.
  fuji: { capacity: 20_000n, target: 10_000n, minPrice: 512n, excessConversionConstant: 51_937_021n },
  // Double every minute.
  local: { capacity: 20_000n, target: 10_000n, minPrice: 1n, excessConversionConstant: 865_617n },
};

/**
 * minPrice · e^(excess / excessConversionConstant) by EIP-4844's integer Taylor series, so it rounds exactly as the
 * chain does; anything at or beyond 2^64 - 1 is 2^64 - 1, which also bounds the series.
 */
export function validatorFeePrice(
  config: Pick<ValidatorFeeConfig, 'minPrice' | 'excessConversionConstant'>,
  excess: bigint,
): bigint {
  const k = config.excessConversionConstant;
  // With k = 0 the series is empty and uint256 division by zero yields 0.
  if (k === 0n) return 0n;
  const limit = k * MAX_UINT64;
  let term = config.minPrice * k;
  let sum = 0n;
  for (let i = 1n; term > 0n; i++) {
    sum += term;
    if (sum >= limit) return MAX_UINT64;
    term = (term * excess) / k / i;
  }
  return sum / k;
}

/** Excess moves by (current − target) per second, clamped to [0, 2^64 − 1]; current stays as it is. */
export function advanceValidatorFeeState(
  state: ValidatorFeeState,
  target: bigint,
  seconds: bigint,
): ValidatorFeeState {
  let excess = state.excess;
  if (state.current < target) {
    const drop = (target - state.current) * seconds;
    excess = drop >= excess ? 0n : excess - drop;
  } else if (state.current > target) {
    const sum = excess + (state.current - target) * seconds;
    excess = sum > MAX_UINT64 ? MAX_UINT64 : sum;
  }
  return { current: state.current, excess };
}

/** The fee for the next `seconds`, each second priced at the excess reached by its end; 2^64 − 1 if it overflows. */
export function validatorFeeCost(
  state: ValidatorFeeState,
  config: ValidatorFeeConfig,
  seconds: bigint,
): bigint {
  if (state.current === config.target) return saturate(seconds * validatorFeePrice(config, state.excess));
  let cost = 0n;
  let s = state;
  for (let i = 0n; i < seconds; i++) {
    s = advanceValidatorFeeState(s, config.target, 1n);
    // Excess moves monotonically, so once it reaches 0 it stays there and the rest is priced at minPrice.
    if (s.excess === 0n) return saturate(cost + config.minPrice * (seconds - i));
    cost += validatorFeePrice(config, s.excess);
    // Stop at the first overflow: `seconds` may be as large as 2^64 − 1.
    if (cost > MAX_UINT64) return MAX_UINT64;
  }
  return cost;
}

/** How many whole seconds `funds` pays for from this state on, capped at maxSeconds. */
export function validatorFeeSecondsRemaining(
  state: ValidatorFeeState,
  config: ValidatorFeeConfig,
  maxSeconds: bigint,
  funds: bigint,
): bigint {
  // The shortcuts below divide by minPrice (or a price derived from it).
  if (config.minPrice === 0n) return maxSeconds;
  if (state.current === config.target)
    return min(funds / validatorFeePrice(config, state.excess), maxSeconds);
  let remaining = funds;
  let s = state;
  for (let seconds = 0n; seconds < maxSeconds; seconds++) {
    s = advanceValidatorFeeState(s, config.target, 1n);
    if (s.excess === 0n) return min(seconds + remaining / config.minPrice, maxSeconds);
    const price = validatorFeePrice(config, s.excess);
    if (price > remaining) return seconds;
    remaining -= price;
  }
  return maxSeconds;
}

function saturate(value: bigint): bigint {
  return value > MAX_UINT64 ? MAX_UINT64 : value;
}

function min(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}
