/**
 * Validator sets of the devnet's subnets at a P-Chain height, as avalanchego's validator manager derives them from
 * the P-Chain's state: what the platform API reports and what Warp signatures are checked against.
 */
import type { WarpSetMember } from '../runtime/avalanche/warp.ts';
import { encodeCb58 } from '../runtime/formatting/cb58.ts';
import { l1WeightAt, type L1ValidatorState, type Staker, type StakingPlan } from './p-chain-staking.ts';

/** The primary network's subnet id (ids.Empty). */
export const PRIMARY_NETWORK_ID = encodeCb58(new Uint8Array(32));
/** ids.EmptyNodeID: where the summed weight of inactive L1 validators is reported. */
export const EMPTY_NODE_ID = `NodeID-${encodeCb58(new Uint8Array(20))}`;

/** Primary-network stakers counting at `height`. */
export function stakersAt(staking: StakingPlan, height: bigint): Staker[] {
  return staking.everyStaker.filter(
    (s) => s.addedAtHeight <= height && (s.removedAtHeight === undefined || s.removedAtHeight > height),
  );
}

/** The L1's validators once its conversion is accepted. */
export function l1ValidatorsAt(staking: StakingPlan, height: bigint): L1ValidatorState[] {
  return staking.l1Validators.filter((v) => v.convertedAtHeight <= height);
}

export function isActiveAt(v: L1ValidatorState, height: bigint): boolean {
  return v.disabledAtHeight === undefined || v.disabledAtHeight > height;
}

/**
 * nodeID -> key and weight: for the primary network, validators with their delegations; for the L1, its active
 * validators, and the weight of inactive ones under the empty node id (without a key).
 */
export function validatorSet(
  staking: StakingPlan,
  subnetId: string,
  height: bigint,
): Map<string, WarpSetMember> {
  const set = new Map<string, WarpSetMember>();
  if (subnetId === PRIMARY_NETWORK_ID) {
    const current = stakersAt(staking, height);
    for (const v of current.filter((s) => s.kind === 'validator')) {
      set.set(v.nodeId, { publicKey: v.bls?.publicKey, weight: v.weight });
    }
    for (const d of current.filter((s) => s.kind === 'delegator')) set.get(d.nodeId)!.weight += d.weight;
  } else if (subnetId === staking.subnetId) {
    let inactive = 0n;
    for (const v of l1ValidatorsAt(staking, height)) {
      const weight = l1WeightAt(v, height);
      if (isActiveAt(v, height)) set.set(v.nodeId, { publicKey: v.bls.publicKey, weight });
      else inactive += weight;
    }
    if (inactive > 0n) set.set(EMPTY_NODE_ID, { publicKey: undefined, weight: inactive });
  }
  return set;
}
