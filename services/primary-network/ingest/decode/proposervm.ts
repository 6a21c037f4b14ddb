/**
 * proposervm's wrappers around a chain's own blocks (avalanchego vms/proposervm/block: block.go, option.go,
 * codec.go), and the model block assembled from a wrapper and the inner block it carries.
 */
import { ripemd160 } from '@noble/hashes/legacy.js';
import { sha256 } from './hashes.ts';
import { Reader } from '../../../runtime/avalanche/byte-reader.ts';
import { unknownType } from './container.ts';
import type { DecodedBlock, DecodedTx, ProposerDetails } from './model.ts';

const STATELESS_BLOCK = 0;
const OPTION = 1;
const STATELESS_GRANITE_BLOCK = 2;

export interface ProposerEpoch {
  pChainHeight: bigint;
  number: bigint;
  startTime: bigint;
}

/** A proposervm block: a signed (or unsigned) stateless block, or an option (no time, height or signer). */
export type ProposerBlock =
  | {
      kind: 'block';
      parentId: Uint8Array;
      /** Unix seconds (Go's int64). */
      timestamp: bigint;
      pChainHeight: bigint;
      /** The proposer's X.509 staking certificate (DER); empty when the block is unsigned. */
      certificate: Uint8Array;
      inner: Uint8Array;
      /** statelessGraniteBlock only. */
      epoch?: ProposerEpoch;
      signature: Uint8Array;
    }
  | { kind: 'option'; parentId: Uint8Array; inner: Uint8Array };

/**
 * statelessBlock (type 0): ParentID, Timestamp int64, PChainHeight u64, Certificate []byte, Block []byte, then
 * Signature []byte; statelessGraniteBlock (type 2) has the Epoch (PChainHeight, Number, StartTime) between Block
 * and Signature; option (type 1): ParentID, InnerBytes []byte. Every byte must be used, as avalanchego's codec
 * requires.
 */
export function readProposerBlock(bytes: Uint8Array): ProposerBlock {
  const r = new Reader(bytes);
  r.codecVersion('proposervm block');
  const typeId = r.u32();
  if (typeId === OPTION) {
    const option = { kind: 'option' as const, parentId: r.id(), inner: r.bytesField() };
    r.end('proposervm option');
    return option;
  }
  if (typeId !== STATELESS_BLOCK && typeId !== STATELESS_GRANITE_BLOCK)
    throw unknownType('proposervm block', typeId);
  const parentId = r.id();
  const timestamp = r.i64();
  const pChainHeight = r.u64();
  const certificate = r.bytesField();
  const inner = r.bytesField();
  const epoch =
    typeId === STATELESS_GRANITE_BLOCK
      ? { pChainHeight: r.u64(), number: r.u64(), startTime: r.i64() }
      : undefined;
  const signature = r.bytesField();
  r.end('proposervm block');
  const block = { kind: 'block' as const, parentId, timestamp, pChainHeight, certificate, inner, signature };
  return epoch ? { ...block, epoch } : block;
}

/**
 * Whether `bytes` are a proposervm block, the way proposervm itself decides (vm.go parsePostForkBlock, falling back
 * to the inner VM's parser): they parse as one, using every byte.
 */
export function tryProposerBlock(bytes: Uint8Array): ProposerBlock | undefined {
  try {
    return readProposerBlock(bytes);
  } catch {
    return undefined;
  }
}

/** ids.NodeIDFromCert: ripemd160(sha256(the certificate's DER bytes)). */
export function nodeIdFromCertificate(certificate: Uint8Array): Uint8Array {
  return ripemd160(sha256(certificate));
}

/** What a chain's own block says about itself, before its wrapper is known. */
export interface InnerBlock {
  blockType: string;
  parentId: Uint8Array;
  height: bigint;
  /** Unix seconds, for blocks that carry their time (Banff platformvm blocks, avm blocks). */
  timestamp?: bigint;
  option?: 'commit' | 'abort';
  txs: DecodedTx[];
}

/** The model block: the container's identity and wrapper, the inner block's contents. */
export function assembleBlock(
  chain: 'P' | 'X',
  container: { bytes: Uint8Array; containerId: Uint8Array; acceptedAt: bigint },
  wrapper: ProposerBlock | undefined,
  innerBytes: Uint8Array,
  inner: InnerBlock,
): DecodedBlock {
  const block: DecodedBlock = {
    chain,
    id: container.containerId,
    innerId: sha256(innerBytes),
    parentId: wrapper ? wrapper.parentId : inner.parentId,
    height: inner.height,
    timestamp:
      inner.timestamp ?? (wrapper?.kind === 'block' ? wrapper.timestamp : undefined) ?? container.acceptedAt,
    blockType: inner.blockType,
    sizeBytes: container.bytes.length,
    txs: inner.txs,
  };
  if (inner.option) block.option = inner.option;
  if (wrapper?.kind === 'block') block.proposer = proposerDetails(container.containerId, wrapper);
  return block;
}

function proposerDetails(
  containerId: Uint8Array,
  wrapper: Extract<ProposerBlock, { kind: 'block' }>,
): ProposerDetails {
  const details: ProposerDetails = {
    proposerId: containerId,
    proposerParentId: wrapper.parentId,
    proposerPChainHeight: wrapper.pChainHeight,
    proposerTimestamp: wrapper.timestamp,
  };
  if (wrapper.certificate.length > 0) details.proposerNodeId = nodeIdFromCertificate(wrapper.certificate);
  return details;
}
