/**
 * Byte layouts shared by the devnet's chains: proposervm wraps every post-fork block of the P- and X-Chain.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { CODEC_VERSION, concat, u16, u32, u64 } from '../runtime/avalanche/linear-codec.ts';

export interface Epoch {
  pChainHeight: bigint;
  number: bigint;
  startTimeSeconds: bigint;
}

/** Granite's epoch length on Fuji and Mainnet (upgrade.Config GraniteEpochDuration). */
const GRANITE_EPOCH_SECONDS = 300n;

/**
 * ACP-181's epoch of a child block from its parent: none before Granite; the first epoch after a parent without
 * one; the parent's while the parent was built before its epoch's end; else the next, starting at the parent's time
 * with the parent's P-Chain height.
 */
export function childEpoch(
  parent: { pChainHeight: bigint; epoch: Epoch | undefined; timeSeconds: bigint },
  childTimeSeconds: bigint,
  graniteSeconds: bigint,
): Epoch | undefined {
  if (childTimeSeconds < graniteSeconds) return undefined;
  if (!parent.epoch)
    return { pChainHeight: parent.pChainHeight, number: 1n, startTimeSeconds: parent.timeSeconds };
  if (parent.timeSeconds < parent.epoch.startTimeSeconds + GRANITE_EPOCH_SECONDS) return parent.epoch;
  return {
    pChainHeight: parent.pChainHeight,
    number: parent.epoch.number + 1n,
    startTimeSeconds: parent.timeSeconds,
  };
}

/**
 * A chain's proposervm: wraps each inner block in a `statelessBlock` (codec 0, type 0: ParentID, Timestamp,
 * PChainHeight, Certificate, the inner block, Signature) or, from Granite on, a `statelessGraniteBlock` (type 2: the
 * same with the epoch after the inner block), and a commit or abort in an `option` (type 1: parent, inner block; it
 * inherits its parent's time, height and epoch). The devnet's blocks are unsigned (empty certificate and signature),
 * as a block built outside a proposer's window may be; a stateless block's id is the sha256 of the bytes before the
 * signature's length, an option's the sha256 of all of it.
 */
export class ProposerChain {
  private parent: { id: Uint8Array; pChainHeight: bigint; epoch: Epoch | undefined; timeSeconds: bigint };
  private readonly graniteSeconds: bigint;

  /** `genesis`: the inner genesis block the first proposervm block builds on (no epoch). */
  constructor(genesis: { id: Uint8Array; timeSeconds: bigint }, graniteSeconds: bigint) {
    this.parent = { id: genesis.id, pChainHeight: 0n, epoch: undefined, timeSeconds: genesis.timeSeconds };
    this.graniteSeconds = graniteSeconds;
  }

  /** Re-roots the chain (the X-Chain's first block builds on its last vertex). */
  reparent(id: Uint8Array, timeSeconds: bigint): void {
    this.parent = { ...this.parent, id, timeSeconds };
  }

  wrap(timeSeconds: bigint, pChainHeight: bigint, inner: Uint8Array): { id: Uint8Array; bytes: Uint8Array } {
    const epoch = childEpoch(this.parent, timeSeconds, this.graniteSeconds);
    const unsigned = concat(
      u16(CODEC_VERSION),
      u32(epoch ? 2 : 0),
      this.parent.id,
      u64(timeSeconds),
      u64(pChainHeight),
      u32(0),
      u32(inner.length),
      inner,
      ...(epoch ? [u64(epoch.pChainHeight), u64(epoch.number), u64(epoch.startTimeSeconds)] : []),
    );
    const id = sha256(unsigned);
    this.parent = { id, pChainHeight, epoch, timeSeconds };
    return { id, bytes: concat(unsigned, u32(0)) };
  }

  option(inner: Uint8Array): { id: Uint8Array; bytes: Uint8Array } {
    const bytes = concat(u16(CODEC_VERSION), u32(1), this.parent.id, u32(inner.length), inner);
    const id = sha256(bytes);
    this.parent = { ...this.parent, id };
    return { id, bytes };
  }
}
