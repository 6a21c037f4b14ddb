/**
 * Warp messages (avalanchego vms/platformvm/warp) as the devnet's chains emit them, and the record of what each
 * chain really emitted: a validator signs a message only if its source chain put it in this record.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { CODEC_VERSION, concat, u16, u32, u64 } from '../runtime/avalanche/linear-codec.ts';

const ADDRESSED_CALL = 1;
const SUBNET_TO_L1_CONVERSION = 0;
const REGISTER_L1_VALIDATOR = 1;
const L1_VALIDATOR_WEIGHT = 3;

/** UnsignedMessage: codec version, network id, source chain id, payload (length-prefixed). */
export function unsignedWarpMessage(
  networkId: number,
  sourceChainId: Uint8Array,
  payload: Uint8Array,
): Uint8Array {
  return concat(u16(CODEC_VERSION), u32(networkId), sourceChainId, u32(payload.length), payload);
}

/** The payload codec's AddressedCall: who on the source chain sent it (empty for the P-Chain), and what. */
export function addressedCall(sourceAddress: Uint8Array, payload: Uint8Array): Uint8Array {
  return concat(
    u16(CODEC_VERSION),
    u32(ADDRESSED_CALL),
    u32(sourceAddress.length),
    sourceAddress,
    u32(payload.length),
    payload,
  );
}

/** The P-Chain's message that a subnet became an L1: the conversion id, in the message codec. */
export function subnetToL1ConversionPayload(conversionId: Uint8Array): Uint8Array {
  return concat(u16(CODEC_VERSION), u32(SUBNET_TO_L1_CONVERSION), conversionId);
}

/**
 * An L1's request to the P-Chain to add a validator (message codec type 1): its subnet, node, BLS key, an expiry,
 * the owners of its remaining balance and of its deactivation, and its weight. The new validation id is the sha256
 * of these bytes.
 */
export function registerL1ValidatorPayload(v: {
  subnetId: Uint8Array;
  nodeId: Uint8Array;
  blsPublicKey: Uint8Array;
  expirySeconds: bigint;
  owner: Uint8Array;
  weight: bigint;
}): Uint8Array {
  const pChainOwner = concat(u32(1), u32(1), v.owner);
  return concat(
    u16(CODEC_VERSION),
    u32(REGISTER_L1_VALIDATOR),
    v.subnetId,
    u32(v.nodeId.length),
    v.nodeId,
    v.blsPublicKey,
    u64(v.expirySeconds),
    pChainOwner,
    pChainOwner,
    u64(v.weight),
  );
}

/** An L1's request to change a validator's weight (message codec type 3): validation id, nonce, new weight. */
export function l1ValidatorWeightPayload(
  validationId: Uint8Array,
  nonce: bigint,
  weight: bigint,
): Uint8Array {
  return concat(u16(CODEC_VERSION), u32(L1_VALIDATOR_WEIGHT), validationId, u64(nonce), u64(weight));
}

export function warpMessageId(unsigned: Uint8Array): Uint8Array {
  return sha256(unsigned);
}

/** Messages each source chain emitted, by message id (hex). */
export class WarpMessages {
  private readonly bySource = new Map<string, Map<string, Uint8Array>>();

  record(sourceChainId: Uint8Array, unsigned: Uint8Array): Uint8Array {
    const id = warpMessageId(unsigned);
    const source = Buffer.from(sourceChainId).toString('hex');
    let messages = this.bySource.get(source);
    if (!messages) this.bySource.set(source, (messages = new Map<string, Uint8Array>()));
    messages.set(Buffer.from(id).toString('hex'), unsigned);
    return id;
  }

  /** Whether `unsigned` (a whole unsigned message) was emitted by the chain it names as its source. */
  emitted(unsigned: Uint8Array): boolean {
    if (unsigned.length < 38) return false;
    const source = Buffer.from(unsigned.subarray(6, 38)).toString('hex');
    const known = this.bySource.get(source)?.get(Buffer.from(warpMessageId(unsigned)).toString('hex'));
    return known !== undefined && Buffer.compare(Buffer.from(known), Buffer.from(unsigned)) === 0;
  }

  count(): number {
    let n = 0;
    for (const messages of this.bySource.values()) n += messages.size;
    return n;
  }
}

/** The only Warp signature type: a bitset of canonical validators and their aggregate BLS signature. */
const BIT_SET_SIGNATURE = 0;
const SIGNATURE_LENGTH = 96;
/** Warp's default quorum: 67% of the signing subnet's weight. */
export const QUORUM_NUMERATOR = 67n;
const QUORUM_DENOMINATOR = 100n;

export interface SignedWarpMessage {
  unsigned: Uint8Array;
  networkId: number;
  sourceChainId: Uint8Array;
  payload: Uint8Array;
  signers: Uint8Array;
  signature: Uint8Array;
}

/** A signed Warp message: the unsigned message, then the signature (type 0, signers bitset, 96 bytes). */
export function encodeSignedWarpMessage(
  unsigned: Uint8Array,
  signers: Uint8Array,
  signature: Uint8Array,
): Uint8Array {
  return concat(unsigned, u32(BIT_SET_SIGNATURE), u32(signers.length), signers, signature);
}

export function parseSignedWarpMessage(bytes: Uint8Array): SignedWarpMessage | undefined {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  if (view.length < 42 || view.readUInt16BE(0) !== CODEC_VERSION) return undefined;
  const payloadLength = view.readUInt32BE(38);
  const unsignedEnd = 42 + payloadLength;
  if (view.length < unsignedEnd + 8) return undefined;
  if (view.readUInt32BE(unsignedEnd) !== BIT_SET_SIGNATURE) return undefined;
  const signersLength = view.readUInt32BE(unsignedEnd + 4);
  const signersEnd = unsignedEnd + 8 + signersLength;
  if (view.length !== signersEnd + SIGNATURE_LENGTH) return undefined;
  return {
    unsigned: bytes.subarray(0, unsignedEnd),
    networkId: view.readUInt32BE(2),
    sourceChainId: bytes.subarray(6, 38),
    payload: bytes.subarray(42, unsignedEnd),
    signers: bytes.subarray(unsignedEnd + 8, signersEnd),
    signature: bytes.subarray(signersEnd),
  };
}

export function parseAddressedCall(
  payload: Uint8Array,
): { sourceAddress: Uint8Array; payload: Uint8Array } | undefined {
  const view = Buffer.from(payload.buffer, payload.byteOffset, payload.length);
  if (view.length < 14 || view.readUInt16BE(0) !== CODEC_VERSION || view.readUInt32BE(2) !== ADDRESSED_CALL) {
    return undefined;
  }
  const addressLength = view.readUInt32BE(6);
  if (view.length < 14 + addressLength) return undefined;
  const innerLength = view.readUInt32BE(10 + addressLength);
  if (view.length !== 14 + addressLength + innerLength) return undefined;
  return {
    sourceAddress: payload.subarray(10, 10 + addressLength),
    payload: payload.subarray(14 + addressLength),
  };
}

/** The signers bitset: bit i for canonical validator i, as minimal big-endian bytes. */
export function signersBitset(indices: number[]): Uint8Array {
  let bits = 0n;
  for (const i of indices) bits |= 1n << BigInt(i);
  if (bits === 0n) return new Uint8Array(0);
  const hex = bits.toString(16);
  return Buffer.from(hex.length % 2 === 0 ? hex : `0${hex}`, 'hex');
}

export function bitsetIndices(bitset: Uint8Array): number[] | undefined {
  if (bitset.length > 0 && bitset[0] === 0) return undefined; // not minimal
  const bits = bitset.length === 0 ? 0n : BigInt(`0x${Buffer.from(bitset).toString('hex')}`);
  const indices: number[] = [];
  for (let i = 0; bits >> BigInt(i) > 0n; i++) if ((bits >> BigInt(i)) & 1n) indices.push(i);
  return indices;
}

/**
 * Warp's signature check: the signers exist in the canonical set, their aggregate key verifies the signature over
 * the unsigned bytes, and their weight reaches the quorum (numerator × total ≤ denominator × signed).
 */
export function verifyWarpSignature(
  message: SignedWarpMessage,
  set: { validators: { publicKey: Uint8Array; weight: bigint }[]; totalWeight: bigint },
  verify: (message: Uint8Array, publicKeys: Uint8Array[], signature: Uint8Array) => boolean,
): boolean {
  const indices = bitsetIndices(message.signers);
  if (!indices || indices.length === 0 || indices.some((i) => i >= set.validators.length)) return false;
  const signers = indices.map((i) => set.validators[i]!);
  const weight = signers.reduce((sum, v) => sum + v.weight, 0n);
  if (QUORUM_NUMERATOR * set.totalWeight > QUORUM_DENOMINATOR * weight) return false;
  return verify(
    message.unsigned,
    signers.map((v) => v.publicKey),
    message.signature,
  );
}

/** subnet-evm's predicate packing: the bytes, a 0xff delimiter, zero padding to 32-byte storage keys. */
export function packPredicate(bytes: Uint8Array): Uint8Array[] {
  const padded = new Uint8Array(Math.ceil((bytes.length + 1) / 32) * 32);
  padded.set(bytes);
  padded[bytes.length] = 0xff;
  return Array.from({ length: padded.length / 32 }, (_, i) => padded.subarray(i * 32, (i + 1) * 32));
}

export function unpackPredicate(keys: Uint8Array[]): Uint8Array | undefined {
  const bytes = concat(...keys);
  let end = bytes.length;
  while (end > 0 && bytes[end - 1] === 0) end--;
  if (end === 0 || bytes[end - 1] !== 0xff) return undefined;
  return bytes.subarray(0, end - 1);
}
