/**
 * Avalanche Warp messages (avalanchego vms/platformvm/warp) as bytes: the unsigned message validators sign, its
 * AddressedCall payload, the signers bitset, the signed message, the canonical validator set a signature is checked
 * against and the quorum rule. Shared by the devnet (which emits, signs and verifies messages) and the signature
 * aggregator (which collects signatures for them), so both agree with avalanchego byte for byte.
 *
 * Layouts (linear codec, big-endian, one u16 codec version in front):
 *   unsigned = u16 0 | u32 networkID | [32] sourceChainID | u32 len | payload                     (42 + len bytes)
 *   signed   = unsigned | u32 0 (BitSetSignature) | u32 len | signers | [96] aggregate signature   (+104 + len)
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { BLS_SIGNATURE_LENGTH, uncompressedPublicKey } from './bls.ts';
import { CODEC_VERSION, concat, u16, u32 } from './linear-codec.ts';

const ID_LENGTH = 32;
/** u16 version, u32 network id, 32-byte source chain id, u32 payload length. */
export const UNSIGNED_HEADER_LENGTH = 2 + 4 + ID_LENGTH + 4;
/** The only Warp signature type (codec type id 0): a bitset of canonical validators and their aggregate signature. */
export const BIT_SET_SIGNATURE = 0;
/** warp/payload's codec refuses anything longer (payload/codec.go MaxMessageSize). */
export const MAX_PAYLOAD_CODEC_SIZE = 24 * 1024;
const HASH_PAYLOAD = 0;
const ADDRESSED_CALL = 1;
const MAX_UINT32 = 0xffff_ffff;
const MAX_UINT64 = (1n << 64n) - 1n;

/** Warp's default quorum and its denominator (subnet-evm's warp precompile config). */
export const WARP_QUORUM_NUMERATOR = 67n;
export const WARP_QUORUM_DENOMINATOR = 100n;
/** The share of weight the aggregators ask for unless told otherwise (ICM services, the Data API): Warp's default. */
export const DEFAULT_QUORUM_PERCENTAGE = Number(WARP_QUORUM_NUMERATOR);

/** Bytes that are not what avalanchego's codec would accept; the message says where. */
export class WarpFormatError extends Error {
  override name = 'WarpFormatError';
}

export interface UnsignedWarpMessage {
  networkId: number;
  sourceChainId: Uint8Array;
  payload: Uint8Array;
  /** The whole unsigned message: what validators sign and what the message id hashes. */
  unsigned: Uint8Array;
}

export interface SignedWarpMessage extends UnsignedWarpMessage {
  /** Minimal big-endian bitset of canonical validator indices (not checked for minimality here: verify does). */
  signers: Uint8Array;
  /** The 96-byte compressed aggregate signature. */
  signature: Uint8Array;
}

/** A byte view that reads the codec's fields and names the field it ran out on. */
function reader(bytes: Uint8Array, what: string) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 0;
  const need = (n: number, field: string) => {
    if (bytes.length - offset < n) {
      throw new WarpFormatError(
        `${what}: ${field} needs ${n} bytes at offset ${offset}, ${bytes.length - offset} left`,
      );
    }
  };
  const u32 = (field: string) => {
    need(4, field);
    const n = view.getUint32(offset);
    offset += 4;
    return n;
  };
  const fixed = (n: number, field: string) => {
    need(n, field);
    offset += n;
    return bytes.subarray(offset - n, offset);
  };
  return {
    offset: () => offset,
    version() {
      need(2, 'codec version');
      const version = view.getUint16(offset);
      if (version !== CODEC_VERSION) throw new WarpFormatError(`${what}: unknown codec version ${version}`);
      offset += 2;
    },
    u32,
    fixed,
    bytesField: (field: string) => fixed(u32(`${field} length`), field),
    end() {
      if (offset !== bytes.length) {
        throw new WarpFormatError(`${what}: ${bytes.length - offset} trailing bytes after offset ${offset}`);
      }
    },
  };
}

/** UnsignedMessage: codec version, network id, source chain id, payload (length-prefixed). */
export function unsignedWarpMessage(
  networkId: number,
  sourceChainId: Uint8Array,
  payload: Uint8Array,
): Uint8Array {
  if (!Number.isInteger(networkId) || networkId < 0 || networkId > MAX_UINT32) {
    throw new WarpFormatError(`network id ${networkId} is not a uint32`);
  }
  if (sourceChainId.length !== ID_LENGTH) {
    throw new WarpFormatError(`source chain id has ${sourceChainId.length} bytes, not ${ID_LENGTH}`);
  }
  return concat(u16(CODEC_VERSION), u32(networkId), sourceChainId, u32(payload.length), payload);
}

/** warp.ParseUnsignedMessage: every field present, codec version 0, no trailing bytes. */
export function decodeUnsignedWarpMessage(bytes: Uint8Array): UnsignedWarpMessage {
  const r = reader(bytes, 'unsigned warp message');
  r.version();
  const networkId = r.u32('network id');
  const sourceChainId = r.fixed(ID_LENGTH, 'source chain id');
  const payload = r.bytesField('payload');
  r.end();
  return { networkId, sourceChainId, payload, unsigned: bytes };
}

/** The message id: sha256 of the whole unsigned message. */
export function warpMessageId(unsigned: Uint8Array): Uint8Array {
  return sha256(unsigned);
}

/** A signed Warp message: the unsigned message, then the signature (type 0, signers bitset, 96 bytes). */
export function encodeSignedWarpMessage(
  unsigned: Uint8Array,
  signers: Uint8Array,
  signature: Uint8Array,
): Uint8Array {
  if (signature.length !== BLS_SIGNATURE_LENGTH) {
    throw new WarpFormatError(`signature has ${signature.length} bytes, not ${BLS_SIGNATURE_LENGTH}`);
  }
  return concat(unsigned, u32(BIT_SET_SIGNATURE), u32(signers.length), signers, signature);
}

/** warp.ParseMessage: the unsigned message's fields, signature type 0, its two fields, no trailing bytes. */
export function decodeSignedWarpMessage(bytes: Uint8Array): SignedWarpMessage {
  const r = reader(bytes, 'signed warp message');
  r.version();
  const networkId = r.u32('network id');
  const sourceChainId = r.fixed(ID_LENGTH, 'source chain id');
  const payload = r.bytesField('payload');
  const unsigned = bytes.subarray(0, r.offset());
  const type = r.u32('signature type');
  if (type !== BIT_SET_SIGNATURE)
    throw new WarpFormatError(`signed warp message: unknown signature type ${type}`);
  const signers = r.bytesField('signers');
  const signature = r.fixed(BLS_SIGNATURE_LENGTH, 'signature');
  r.end();
  return { networkId, sourceChainId, payload, unsigned, signers, signature };
}

/** decodeSignedWarpMessage, with undefined for bytes it refuses. */
export function parseSignedWarpMessage(bytes: Uint8Array): SignedWarpMessage | undefined {
  try {
    return decodeSignedWarpMessage(bytes);
  } catch (error) {
    if (error instanceof WarpFormatError) return undefined;
    throw error;
  }
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

export type WarpPayload =
  | { type: 'hash'; hash: Uint8Array }
  | { type: 'addressedCall'; sourceAddress: Uint8Array; payload: Uint8Array };

/** payload.Parse: at most 24 KiB, codec version 0, a Hash (type 0) or an AddressedCall (type 1), nothing after it. */
export function decodeWarpPayload(bytes: Uint8Array): WarpPayload {
  if (bytes.length > MAX_PAYLOAD_CODEC_SIZE) {
    throw new WarpFormatError(`warp payload: ${bytes.length} bytes > ${MAX_PAYLOAD_CODEC_SIZE}`);
  }
  const r = reader(bytes, 'warp payload');
  r.version();
  const type = r.u32('payload type');
  let decoded: WarpPayload;
  if (type === HASH_PAYLOAD) decoded = { type: 'hash', hash: r.fixed(ID_LENGTH, 'hash') };
  else if (type === ADDRESSED_CALL) {
    decoded = {
      type: 'addressedCall',
      sourceAddress: r.bytesField('source address'),
      payload: r.bytesField('payload'),
    };
  } else throw new WarpFormatError(`warp payload: unknown payload type ${type}`);
  r.end();
  return decoded;
}

/** The AddressedCall in a Warp payload, or undefined when the payload is anything else. */
export function parseAddressedCall(
  payload: Uint8Array,
): { sourceAddress: Uint8Array; payload: Uint8Array } | undefined {
  try {
    const decoded = decodeWarpPayload(payload);
    return decoded.type === 'addressedCall' ? decoded : undefined;
  } catch (error) {
    if (error instanceof WarpFormatError) return undefined;
    throw error;
  }
}

/** The signers bitset (utils/set Bits.Bytes): bit i for canonical validator i, as minimal big-endian bytes. */
export function signersBitset(indices: Iterable<number>): Uint8Array {
  let highest = -1;
  const list = [...indices];
  for (const i of list) {
    if (!Number.isInteger(i) || i < 0)
      throw new RangeError(`signer index ${i} is not a non-negative integer`);
    if (i > highest) highest = i;
  }
  // big.Int.Bytes(): as many bytes as the highest bit needs, none for the empty set.
  const bytes = new Uint8Array(highest < 0 ? 0 : (highest >> 3) + 1);
  for (const i of list) {
    const at = bytes.length - 1 - (i >> 3);
    bytes[at] = bytes[at]! | (1 << (i & 7));
  }
  return bytes;
}

/**
 * The indices a signers bitset holds, ascending; undefined when the encoding is not minimal (a leading zero byte),
 * which BitSetSignature.Verify refuses (ErrInvalidBitSet) so that one set of signers has one encoding.
 */
export function bitsetIndices(bitset: Uint8Array): number[] | undefined {
  if (bitset.length > 0 && bitset[0] === 0) return undefined;
  const indices: number[] = [];
  for (let byte = bitset.length - 1; byte >= 0; byte--) {
    const value = bitset[byte]!;
    const base = (bitset.length - 1 - byte) * 8;
    for (let bit = 0; bit < 8; bit++) if (value & (1 << bit)) indices.push(base + bit);
  }
  return indices;
}

/** One validator of the canonical set: a BLS key, the weight of every node holding it, those nodes. */
export interface WarpValidator {
  /** Compressed, 48 bytes. */
  publicKey: Uint8Array;
  weight: bigint;
  nodeIds: string[];
}

export interface WarpSet {
  /** Merged per key, sorted by the uncompressed key: a signer's bit is its position here. */
  validators: WarpValidator[];
  /** Every validator's weight, with or without a key. */
  totalWeight: bigint;
}

export interface WarpSetMember {
  /** Compressed; undefined for a validator without a BLS key (it still counts in the total weight). */
  publicKey: Uint8Array | undefined;
  weight: bigint;
}

/**
 * Warp's canonical form of a validator set (snow/validators FlattenValidatorSet): the total of every weight, the
 * keyed validators merged by key (weights added, node ids appended in input order) and sorted by the 96-byte
 * uncompressed key, not the compressed one. Entries are (node id, member), so a Map from node id works as it is.
 */
export function canonicalWarpSet(
  members: Iterable<readonly [nodeId: string, member: WarpSetMember]>,
): WarpSet {
  let totalWeight = 0n;
  const byKey = new Map<string, WarpValidator & { uncompressed: Uint8Array }>();
  for (const [nodeId, v] of members) {
    if (v.weight < 0n) throw new RangeError(`validator ${nodeId} has a negative weight`);
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
  // avalanchego adds the weights in uint64 and refuses a set whose total overflows it.
  if (totalWeight > MAX_UINT64) throw new RangeError(`total weight ${totalWeight} overflows uint64`);
  const validators = [...byKey.values()]
    .sort((a, b) => Buffer.compare(a.uncompressed, b.uncompressed))
    .map(({ publicKey, weight, nodeIds }) => ({ publicKey, weight, nodeIds }));
  return { validators, totalWeight };
}

/** warp.VerifyWeight: `numerator × total ≤ denominator × signed`, exact in bigint (the Go code uses big.Int). */
export function hasQuorum(
  signedWeight: bigint,
  totalWeight: bigint,
  numerator: bigint = WARP_QUORUM_NUMERATOR,
  denominator: bigint = WARP_QUORUM_DENOMINATOR,
): boolean {
  return numerator * totalWeight <= denominator * signedWeight;
}

/** The least signed weight that passes hasQuorum: ⌈numerator × total / denominator⌉. */
export function quorumWeight(
  totalWeight: bigint,
  numerator: bigint = WARP_QUORUM_NUMERATOR,
  denominator: bigint = WARP_QUORUM_DENOMINATOR,
): bigint {
  return (numerator * totalWeight + denominator - 1n) / denominator;
}

/**
 * BitSetSignature.Verify without the network id (the caller's): the bitset is minimal and names only validators of
 * the set, their weight reaches the quorum, and their aggregate key verifies the signature over the unsigned bytes.
 * `verify` is the aggregate check (blsVerifyAggregate, or another implementation in tests).
 */
export function verifyWarpSignature(
  message: Pick<SignedWarpMessage, 'unsigned' | 'signers' | 'signature'>,
  set: { validators: { publicKey: Uint8Array; weight: bigint }[]; totalWeight: bigint },
  verify: (message: Uint8Array, publicKeys: Uint8Array[], signature: Uint8Array) => boolean,
  quorum: { numerator: bigint; denominator: bigint } = {
    numerator: WARP_QUORUM_NUMERATOR,
    denominator: WARP_QUORUM_DENOMINATOR,
  },
): boolean {
  const indices = bitsetIndices(message.signers);
  if (!indices || indices.length === 0 || indices.some((i) => i >= set.validators.length)) return false;
  const signers = indices.map((i) => set.validators[i]!);
  const weight = signers.reduce((sum, v) => sum + v.weight, 0n);
  if (!hasQuorum(weight, set.totalWeight, quorum.numerator, quorum.denominator)) return false;
  return verify(
    message.unsigned,
    signers.map((v) => v.publicKey),
    message.signature,
  );
}
