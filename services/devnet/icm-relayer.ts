/**
 * Warp between the devnet's EVM chains: which validators sign for a message, how a receiving chain verifies one,
 * and the relayer that carries ICM messages across. The relayer collects signatures from the signing subnet's
 * validators (in process, with the keys their peers sign ACP-118 requests with: peers.ts), aggregates them into a
 * signed Warp message and has the destination chain deliver it a couple of steps after it was sent; a tenth of the
 * messages it leaves undelivered, as relayers that give up or are not paid do.
 */
import { blsAggregateSignatures, blsVerifyAggregate } from '../runtime/avalanche/bls.ts';
import {
  canonicalWarpSet,
  encodeSignedWarpMessage,
  parseAddressedCall,
  parseSignedWarpMessage,
  signersBitset,
  verifyWarpSignature,
  warpMessageId,
} from '../runtime/avalanche/warp.ts';
import { blsSignMessage } from './bls.ts';
import type { VerifiedWarpMessage } from './evm/warp-precompile.ts';
import type { StakingPlan } from './p-chain-staking.ts';
import { PRIMARY_NETWORK_ID, validatorSet } from './validator-sets.ts';

export interface WarpNetwork {
  networkId: number;
  staking: StakingPlan;
  /** The P-Chain's tip: where the relayer takes the signing set and new EVM blocks their P-Chain height. */
  pChainHeight: () => bigint;
  /** The subnet each chain belongs to, by blockchain id (hex). */
  subnetOf: (blockchainIdHex: string) => string | undefined;
}

/** Messages from the primary network are checked against the receiving chain's subnet, others against their own. */
function signingSubnet(network: WarpNetwork, sourceChainId: Uint8Array, receivingChainId: Uint8Array) {
  const source = network.subnetOf(hex(sourceChainId));
  return source === PRIMARY_NETWORK_ID ? network.subnetOf(hex(receivingChainId)) : source;
}

/**
 * The check a receiving chain applies to a signed message in a transaction's predicate, against the validator set at
 * the P-Chain height of the block that carries it (not the tip's: the set changes, and with it the signers' bits).
 */
export function warpVerifier(network: WarpNetwork, receivingChainId: Uint8Array) {
  return (signed: Uint8Array, pChainHeight: bigint): VerifiedWarpMessage | undefined => {
    const message = parseSignedWarpMessage(signed);
    if (!message || message.networkId !== network.networkId) return undefined;
    const subnet = signingSubnet(network, message.sourceChainId, receivingChainId);
    const call = parseAddressedCall(message.payload);
    if (!subnet || !call || call.sourceAddress.length !== 20) return undefined;
    const set = canonicalWarpSet(validatorSet(network.staking, subnet, pChainHeight));
    if (!verifyWarpSignature(message, set, blsVerifyAggregate)) return undefined;
    return {
      sourceChainId: message.sourceChainId,
      originSenderAddress: call.sourceAddress,
      payload: call.payload,
      signerCount: set.validators.length,
    };
  };
}

interface PendingMessage {
  unsigned: Uint8Array;
  sourceChainId: Uint8Array;
  destinationChainId: Uint8Array;
  sentAtStep: number;
}

/** Steps between a message's block and its delivery. */
const DELIVERY_DELAY_STEPS = 2;
const MAX_DELIVERIES_PER_BLOCK = 3;

export class IcmRelayer {
  private readonly network: WarpNetwork;
  private readonly pending: PendingMessage[] = [];

  constructor(network: WarpNetwork) {
    this.network = network;
  }

  /** A message a chain emitted for `destinationChainId`; one in ten is never delivered. */
  observe(message: Omit<PendingMessage, 'sentAtStep'>, step: number): void {
    if (warpMessageId(message.unsigned)[0]! % 10 === 0) return;
    this.pending.push({ ...message, sentAtStep: step });
  }

  /** Signed messages ready for delivery to `destinationChainId` at `step`, oldest first. */
  deliverable(destinationChainId: Uint8Array, step: number): Uint8Array[] {
    const due = this.pending
      .filter(
        (m) =>
          hex(m.destinationChainId) === hex(destinationChainId) &&
          m.sentAtStep + DELIVERY_DELAY_STEPS <= step,
      )
      .slice(0, MAX_DELIVERIES_PER_BLOCK);
    const signed: Uint8Array[] = [];
    for (const message of due) {
      this.pending.splice(this.pending.indexOf(message), 1);
      const aggregated = this.aggregate(message);
      if (aggregated) signed.push(aggregated);
    }
    return signed;
  }

  /**
   * Every validator of the signing subnet signs; their signatures are aggregated under the signers' bitset. Also
   * what the operator uses for the L1's messages to the P-Chain.
   */
  aggregate(message: Omit<PendingMessage, 'sentAtStep'>): Uint8Array | undefined {
    const subnet = signingSubnet(this.network, message.sourceChainId, message.destinationChainId);
    if (!subnet) return undefined;
    const height = this.network.pChainHeight();
    const set = canonicalWarpSet(validatorSet(this.network.staking, subnet, height));
    const keys = new Map(this.signers(subnet).map((v) => [hex(v.bls.publicKey), v.bls.secretKey] as const));
    const indices: number[] = [];
    const signatures: Uint8Array[] = [];
    set.validators.forEach((v, i) => {
      const secretKey = keys.get(hex(v.publicKey));
      if (!secretKey) return;
      indices.push(i);
      signatures.push(blsSignMessage(message.unsigned, secretKey));
    });
    if (signatures.length === 0) return undefined;
    return encodeSignedWarpMessage(
      message.unsigned,
      signersBitset(indices),
      blsAggregateSignatures(signatures),
    );
  }

  private signers(subnet: string) {
    const { staking } = this.network;
    if (subnet === staking.subnetId) return staking.l1Validators;
    return staking.everyStaker
      .filter((s) => s.kind === 'validator' && s.removedAtHeight === undefined && s.bls)
      .map((s) => ({ nodeId: s.nodeId, bls: s.bls! }));
  }
}

function hex(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('hex');
}
