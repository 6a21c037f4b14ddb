/**
 * Validator sets of the devnet's subnets at a P-Chain height, as avalanchego's validator manager derives them from
 * the P-Chain's state: what the platform API reports and what Warp signatures are checked against.
 */
import { uncompressedPublicKey } from './bls.ts';
import { encodeCb58 } from '../runtime/formatting/cb58.ts';
import { l1WeightAt, type L1ValidatorState, type Staker, type StakingPlan } from './p-chain-staking.ts';

/** The primary network's subnet id (ids.Empty). */
export const PRIMARY_NETWORK_ID = encodeCb58(new Uint8Array(32));
/** ids.EmptyNodeID: where the summed weight of inactive L1 validators is reported. */
export const EMPTY_NODE_ID = `NodeID-${encodeCb58(new Uint8Array(20))}`;

export interface SetMember {
  publicKey: Uint8Array | undefined;
  weight: bigint;
}

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
export function validatorSet(staking: StakingPlan, subnetId: string, height: bigint): Map<string, SetMember> {
  const set = new Map<string, SetMember>();
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

export interface WarpSet {
  /** Merged per key, sorted by the uncompressed key: a signer's bit is its position here. */
  validators: { publicKey: Uint8Array; weight: bigint; nodeIds: string[] }[];
  /** Every validator's weight, with or without a key. */
  totalWeight: bigint;
}

/** Warp's canonical form of a set (snow/validators FlattenValidatorSet). */
export function canonicalWarpSet(set: Map<string, SetMember>): WarpSet {
  let totalWeight = 0n;
  const byKey = new Map<
    string,
    { publicKey: Uint8Array; uncompressed: Uint8Array; weight: bigint; nodeIds: string[] }
  >();
  for (const [nodeId, v] of set) {
    totalWeight += v.weight;
    if (!v.publicKey) continue;
    const key = Buffer.from(v.publicKey).toString('hex');
    const entry = byKey.get(key);
    if (entry) {
      entry.weight += v.weight;
      entry.nodeIds.push(nodeId);
    } else {
      const uncompressed = uncompressedPublicKey(v.publicKey);
      byKey.set(key, { publicKey: v.publicKey, uncompressed, weight: v.weight, nodeIds: [nodeId] });
    }
  }
  const validators = [...byKey.values()]
    .sort((a, b) => Buffer.compare(a.uncompressed, b.uncompressed))
    .map(({ publicKey, weight, nodeIds }) => ({ publicKey, weight, nodeIds }));
  return { validators, totalWeight };
}
